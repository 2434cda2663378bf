/**
 * Reading a site, its current plan and its devices (migration 0155, ADR 042): the one query each
 * that the back-office, the visit, the customer's space and the inspector's folder use.
 */
import type { DeviceKind } from '../../domain/interventions/visit-events.js';
import { deviceLabel, type SiteDevice } from '../../domain/sites/site.js';
import type { Tx } from '../db/client.js';

export interface SiteRow {
  id: string;
  customerId: string | null;
  name: string;
  street: string;
  zipCode: string;
  city: string;
  siteType: string;
  createdAt: Date;
  archivedAt: Date | null;
}

export interface SitePlan {
  version: number;
  imageId: string;
  imageUrl: string;
  width: number;
  height: number;
  uploadedAt: Date;
}

export async function readSite(sql: Tx, siteId: string): Promise<SiteRow | null> {
  const [row] = await sql<SiteRow[]>`
    select id, customer_id, name, street, zip_code, city, site_type, created_at, archived_at
      from sites where id = ${siteId}`;
  return row ?? null;
}

/** The current plan (the latest version), or null before the first upload. */
export async function currentPlan(sql: Tx, siteId: string): Promise<SitePlan | null> {
  const [row] = await sql<SitePlan[]>`
    select version, image_id, image_url, width, height, uploaded_at
      from site_plans where site_id = ${siteId} order by version desc limit 1`;
  return row ?? null;
}

/**
 * The site's devices in place (not removed), by number; with `placedBy`, only those placed by then
 * (the seal rule: the devices in place when the visit began, ADR 043).
 */
export async function siteDevices(
  sql: Tx,
  siteId: string,
  options: { placedBy?: string } = {},
): Promise<SiteDevice[]> {
  const placedBy = options.placedBy ?? null;
  const rows = await sql<(Omit<SiteDevice, 'label'> & { kind: DeviceKind })[]>`
    select d.id, d.site_id, d.number, d.code, d.kind, d.zone_id, z.name as zone_name, d.x, d.y
      from site_devices d left join site_zones z on z.id = d.zone_id
     where d.site_id = ${siteId} and d.removed_at is null
       and (${placedBy}::timestamptz is null or d.placed_at <= ${placedBy}::timestamptz)
     order by d.number`;
  return rows.map((r) => ({ ...r, label: deviceLabel(r.kind, r.number) }));
}
