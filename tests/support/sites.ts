/**
 * A site written with SQL as the back-office's site screens (ADR 042) leave it, for the visit's
 * device checks (ADR 043), the trends, the customer's space and the inspector's folder (ADR 045).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { deviceCode, deviceLabel } from '../../src/domain/sites/site.js';
import type { Sql } from '../../src/server/db/client.js';

export interface TestSite {
  id: string;
  zones: { id: string; name: string }[];
  devices: { id: string; code: string; label: string; number: number }[];
}

export interface SiteOptions {
  /** Bait stations PA-01, PA-02…, laid over the plan (floorPlanPng) in rows of ten. */
  devices: number;
  name?: string;
  customerId?: string | null;
  /** Default « Cuisine »; with several, each device is in the zone of its column on the plan. */
  zones?: string[];
  /** When the devices were placed (default 5 January 2026: before any visit of a test). */
  placedAt?: string;
  /** An image of `images` as the site's plan, version 1. */
  planImageId?: string;
}

export async function insertSite(sql: Sql, options: SiteOptions): Promise<TestSite> {
  const id = randomUUID();
  await sql`
    insert into sites (id, customer_id, name, street, zip_code, city, site_type)
    values (${id}, ${options.customerId ?? null}, ${options.name ?? 'Restaurant Le Cygne'}, '4 rue du Port',
            '27500', 'Pont-Audemer', 'restauration')`;
  const zones = (options.zones ?? ['Cuisine']).map((name, position) => ({
    id: randomUUID(),
    site_id: id,
    name,
    position,
  }));
  await sql`insert into site_zones ${sql(zones)}`;
  if (options.planImageId) {
    const [image] = await sql<{ width: number; height: number }[]>`
      select width, height from images where id = ${options.planImageId}`;
    await sql`
      insert into site_plans (site_id, version, image_id, image_url, width, height, uploaded_by_email)
      values (${id}, 1, ${options.planImageId}, ${`/images/${options.planImageId}/1280.webp`},
              ${image!.width}, ${image!.height}, 'gerant@example.fr')`;
  }
  const columns = Math.min(options.devices, 10);
  const rows = Math.min(Math.ceil(options.devices / 10), 10);
  const devices = Array.from({ length: options.devices }, (_, i) => {
    // Spread over the plan inside its walls; a single row alternates between two heights.
    const x = 0.1 + (0.8 * ((i % 10) + 0.5)) / columns;
    const y = rows === 1 ? (i % 2 ? 0.6 : 0.3) : 0.1 + (0.8 * ((Math.floor(i / 10) % 10) + 0.5)) / rows;
    return {
      id: randomUUID(),
      site_id: id,
      number: i + 1,
      code: deviceCode(randomBytes(8)),
      kind: 'poste_appatage',
      zone_id: zones[Math.min(zones.length - 1, Math.floor(x * zones.length))]!.id,
      x,
      y,
      placed_at: options.placedAt ?? '2026-01-05T08:00:00.000Z',
    };
  });
  for (let i = 0; i < devices.length; i += 500)
    await sql`insert into site_devices ${sql(devices.slice(i, i + 500))}`;
  return {
    id,
    zones: zones.map((z) => ({ id: z.id, name: z.name })),
    devices: devices.map((d) => ({
      id: d.id,
      code: d.code,
      number: d.number,
      label: deviceLabel('poste_appatage', d.number),
    })),
  };
}

/** A real floor plan image (PNG): walls, rooms and their names, as a scanned plan would show. */
export async function floorPlanPng(width = 1600, height = 1000): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 1000">
    <rect width="1600" height="1000" fill="#fbfaf7"/>
    <g fill="none" stroke="#2b2b2b" stroke-width="12">
      <rect x="40" y="40" width="1520" height="920"/>
      <line x1="900" y1="40" x2="900" y2="620"/><line x1="40" y1="620" x2="1560" y2="620"/>
      <line x1="1250" y1="620" x2="1250" y2="960"/>
    </g>
    <g fill="#e9e4d8" stroke="#8a8170" stroke-width="3">
      <rect x="90" y="90" width="500" height="70"/><rect x="90" y="200" width="70" height="360"/>
      <rect x="960" y="90" width="540" height="60"/><rect x="300" y="680" width="700" height="60"/>
    </g>
    <g font-family="sans-serif" font-size="48" fill="#5b5446">
      <text x="420" y="380">Cuisine</text><text x="1050" y="380">Réserve sèche</text>
      <text x="560" y="860">Salle</text><text x="1300" y="820">Plonge</text>
    </g>
  </svg>`;
  return await sharp(Buffer.from(svg)).png().toBuffer();
}
