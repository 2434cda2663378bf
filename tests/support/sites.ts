/**
 * A site with devices for the tests of the visit's device checks (ADR 043). The back-office's
 * site screens (ADR 042) write these tables; here the rows are inserted as those screens leave
 * them: a kitchen zone and `devices` bait stations numbered 1, 2, 3... with their label codes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { deviceCode, deviceLabel } from '../../src/domain/sites/site.js';
import type { Sql } from '../../src/server/db/client.js';

export interface TestSite {
  id: string;
  devices: { id: string; code: string; label: string; number: number }[];
}

export async function createSite(
  sql: Sql,
  options: { devices: number; name?: string; placedAt?: string; zones?: string[] },
): Promise<TestSite> {
  const id = randomUUID();
  await sql`
    insert into sites (id, name, street, zip_code, city, site_type)
    values (${id}, ${options.name ?? 'Restaurant Le Cygne'}, '4 rue du Port', '27500', 'Pont-Audemer', 'restauration')`;
  const zoneNames = options.zones ?? ['Cuisine'];
  const zones = zoneNames.map((name, position) => ({ id: randomUUID(), site_id: id, name, position }));
  await sql`insert into site_zones ${sql(zones)}`;
  const devices = Array.from({ length: options.devices }, (_, i) => ({
    id: randomUUID(),
    site_id: id,
    number: i + 1,
    code: deviceCode(randomBytes(8)),
    kind: 'poste_appatage',
    zone_id: zones[i % zones.length]!.id,
    x: ((i % 10) + 0.5) / 10,
    y: ((Math.floor(i / 10) % 10) + 0.5) / 10,
    placed_at: options.placedAt ?? '2026-01-05T08:00:00.000Z',
  }));
  for (let i = 0; i < devices.length; i += 500)
    await sql`insert into site_devices ${sql(devices.slice(i, i + 500))}`;
  return {
    id,
    devices: devices.map((d) => ({
      id: d.id,
      code: d.code,
      number: d.number,
      label: deviceLabel('poste_appatage', d.number),
    })),
  };
}
