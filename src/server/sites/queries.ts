/**
 * Reading a site, its current plan and its devices (migration 0155, ADR 042): the one query each
 * that the back-office, the visit, the customer's space and the inspector's folder use.
 */

import { foldSearch } from '../../domain/account/customers.js';
import type { DeviceKind } from '../../domain/interventions/visit-events.js';
import { deviceLabel, type SiteDevice } from '../../domain/sites/site.js';
import type { Tx } from '../db/client.js';
import { likePattern } from '../db/like.js';

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
 * The site's devices in place (not removed), by number, with the day each was placed; with
 * `placedBy`, only those placed by then (the seal rule: the devices in place when the visit began,
 * ADR 043).
 */
export async function siteDevices(
  sql: Tx,
  siteId: string,
  options: { placedBy?: string } = {},
): Promise<(SiteDevice & { placedAt: Date })[]> {
  const placedBy = options.placedBy ?? null;
  const rows = await sql<(Omit<SiteDevice, 'label'> & { kind: DeviceKind; placedAt: Date })[]>`
    select d.id, d.site_id, d.number, d.code, d.kind, d.zone_id, z.name as zone_name, d.x, d.y, d.placed_at
      from site_devices d left join site_zones z on z.id = d.zone_id
     where d.site_id = ${siteId} and d.removed_at is null
       and (${placedBy}::timestamptz is null or d.placed_at <= ${placedBy}::timestamptz)
     order by d.number`;
  return rows.map((r) => ({ ...r, label: deviceLabel(r.kind, r.number) }));
}

/** A site as the back-office's list shows it: its customer's name and its devices in place. */
export interface SiteListRow extends SiteRow {
  customerName: string | null;
  customerEmail: string | null;
  deviceCount: number;
  planVersion: number | null;
}

/**
 * The back-office's sites list: searched by the site's name, city or zip code and its customer's
 * name or email (every word must match, accents and case ignored), archived ones apart.
 */
export async function listSites(
  sql: Tx,
  query: { search: string; archived: boolean; limit?: number },
): Promise<SiteListRow[]> {
  // The customers list's folding (migration 0010's customer_search_text) on the site's own words.
  const terms = foldSearch(query.search).split(/\s+/).filter(Boolean).slice(0, 8);
  const matches = terms.map(
    (term) => sql`and (customer_search_text(s.name, s.zip_code, s.city, null, null) || ' ' ||
                       coalesce(p.search_text, '')) like ${likePattern(term)}`,
  );
  return await sql<SiteListRow[]>`
    select s.id, s.customer_id, s.name, s.street, s.zip_code, s.city, s.site_type, s.created_at, s.archived_at,
           nullif(trim(p.first_name || ' ' || p.last_name), '') as customer_name, u.email as customer_email,
           (select count(*)::int from site_devices d where d.site_id = s.id and d.removed_at is null) as device_count,
           (select max(version) from site_plans sp where sp.site_id = s.id) as plan_version
      from sites s
      left join profiles p on p.id = s.customer_id
      left join users u on u.id = s.customer_id
     where (s.archived_at is not null) = ${query.archived}
       ${matches.reduce((all, m) => sql`${all} ${m}`, sql``)}
     order by lower(s.name), s.id
     limit ${query.limit ?? 200}`;
}

export interface SiteZone {
  id: string;
  name: string;
  position: number;
  /** Devices in place in the zone. */
  deviceCount: number;
}

/** The site's zones in the owner's order. */
export async function siteZones(sql: Tx, siteId: string): Promise<SiteZone[]> {
  return await sql<SiteZone[]>`
    select z.id, z.name, z.position,
           (select count(*)::int from site_devices d where d.zone_id = z.id and d.removed_at is null) as device_count
      from site_zones z where z.site_id = ${siteId}
     order by z.position, z.name`;
}

/** Every version of the site's plan, newest first (the current one first). */
export async function planVersions(
  sql: Tx,
  siteId: string,
): Promise<(SitePlan & { uploadedByEmail: string })[]> {
  return await sql<(SitePlan & { uploadedByEmail: string })[]>`
    select version, image_id, image_url, width, height, uploaded_at, uploaded_by_email
      from site_plans where site_id = ${siteId} order by version desc`;
}

/** One site as the back-office's site page shows it: details, customer, zones, plan and its versions, devices. */
export async function siteDetail(sql: Tx, siteId: string) {
  const site = await readSite(sql, siteId);
  if (!site) return null;
  const [customer] = site.customerId
    ? await sql<{ name: string | null; email: string }[]>`
        select nullif(trim(p.first_name || ' ' || p.last_name), '') as name, u.email
          from users u left join profiles p on p.id = u.id where u.id = ${site.customerId}`
    : [];
  const [zones, plans, devices] = await Promise.all([
    siteZones(sql, siteId),
    planVersions(sql, siteId),
    siteDevices(sql, siteId),
  ]);
  return {
    site,
    customer: customer ?? null,
    zones,
    plan: plans[0] ?? null,
    planVersions: plans,
    devices,
  };
}
