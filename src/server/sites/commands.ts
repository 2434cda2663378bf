/**
 * The back-office's changes to the sites (issue 38, docs/decisions/042-sites-and-devices.md): a
 * site, its zones, its plan's versions and its devices. Sites are master data in plain tables
 * (migration 0155); each change locks its site's row, checks the rules, writes, and appends what
 * it did to the site's audit trail (site_changes, migration 0156) in the same transaction, so a
 * refused change writes nothing at all. Inputs arrive parsed by the domain's schemas (site.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/errors.js';
import type { DeviceKind } from '../../domain/interventions/visit-events.js';
import {
  deviceCode,
  deviceLabel,
  type PlanPoint,
  SITE_DEVICES_MAX,
  SITE_MESSAGES,
  type SiteInput,
} from '../../domain/sites/site.js';
import { findCustomer } from '../customers/customers.js';
import type { Sql, Tx } from '../db/client.js';
import { nextInSeries } from '../db/number-counters.js';
import { currentPlan, readSite, type SitePlan, type SiteRow } from './queries.js';

/** Who makes the change (the signed-in admin), as the audit trail keeps it. */
export interface SiteActor {
  id: string;
  email: string;
}

const invalid = (code: string, message: string, field?: string) =>
  new DomainError('invalid', code, message, field ? { field } : undefined);
export const siteNotFound = () => new DomainError('not_found', 'SITE_NOT_FOUND', SITE_MESSAGES.siteNotFound);
const zoneNotFound = () => new DomainError('not_found', 'ZONE_NOT_FOUND', SITE_MESSAGES.zoneNotFound);
const deviceNotFound = () => new DomainError('not_found', 'DEVICE_NOT_FOUND', SITE_MESSAGES.deviceNotFound);

type SiteAction =
  | 'site_created'
  | 'site_updated'
  | 'site_archived'
  | 'zone_added'
  | 'zone_renamed'
  | 'zones_reordered'
  | 'zone_removed'
  | 'plan_uploaded'
  | 'device_added'
  | 'device_moved'
  | 'device_zone_changed'
  | 'device_removed';

/** Appends one change to the site's audit trail, in the change's transaction. */
async function recordChange(
  tx: Tx,
  siteId: string,
  actor: SiteActor,
  action: SiteAction,
  detail: Record<string, unknown>,
) {
  await tx`
    insert into site_changes (site_id, changed_by, changed_by_email, action, detail)
    values (${siteId}, ${actor.id}, ${actor.email}, ${action}, ${tx.json(detail as never)})`;
}

/** Locks the site's row (its changes run one at a time) and refuses an archived site. */
async function lockOpenSite(tx: Tx, siteId: string): Promise<SiteRow> {
  const [row] = await tx<{ id: string }[]>`select id from sites where id = ${siteId} for update`;
  if (!row) throw siteNotFound();
  const site = (await readSite(tx, siteId))!;
  if (site.archivedAt) throw new DomainError('conflict', 'SITE_ARCHIVED', SITE_MESSAGES.siteArchived);
  return site;
}

/** A site's customer must be a customer account (the dialog offers only those). */
async function assertCustomer(tx: Tx, customerId: string | null) {
  if (customerId === null) return;
  const customer = await findCustomer(tx, customerId);
  if (customer?.role !== 'user')
    throw invalid('CUSTOMER_UNKNOWN', SITE_MESSAGES.customerUnknown, 'customerId');
}

const siteColumns = (input: SiteInput) => ({
  customerId: input.customerId,
  name: input.name,
  street: input.street,
  zipCode: input.zipCode,
  city: input.city,
  siteType: input.siteType,
});

/* ---- Sites ---- */

export async function createSite(sql: Sql, input: SiteInput, actor: SiteActor): Promise<SiteRow> {
  return await sql.begin(async (tx) => {
    await assertCustomer(tx, input.customerId);
    const id = randomUUID();
    await tx`insert into sites ${tx({ id, ...siteColumns(input) })}`;
    await recordChange(tx, id, actor, 'site_created', siteColumns(input));
    return (await readSite(tx, id))!;
  });
}

export async function updateSite(
  sql: Sql,
  siteId: string,
  input: SiteInput,
  actor: SiteActor,
): Promise<SiteRow> {
  return await sql.begin(async (tx) => {
    const before = await lockOpenSite(tx, siteId);
    await assertCustomer(tx, input.customerId);
    await tx`update sites set ${tx(siteColumns(input))} where id = ${siteId}`;
    const { id: _, createdAt: __, archivedAt: ___, ...was } = before;
    await recordChange(tx, siteId, actor, 'site_updated', { before: was, after: siteColumns(input) });
    return (await readSite(tx, siteId))!;
  });
}

/** An archived site leaves the list and takes no change; its devices and history stay. */
export async function archiveSite(sql: Sql, siteId: string, actor: SiteActor): Promise<SiteRow> {
  return await sql.begin(async (tx) => {
    await lockOpenSite(tx, siteId);
    await tx`update sites set archived_at = now() where id = ${siteId}`;
    await recordChange(tx, siteId, actor, 'site_archived', {});
    return (await readSite(tx, siteId))!;
  });
}

/* ---- Zones ---- */

async function assertZoneNameFree(tx: Tx, siteId: string, name: string, except: string | null = null) {
  const [taken] = await tx`
    select 1 from site_zones where site_id = ${siteId} and lower(name) = lower(${name})
       and (${except}::uuid is null or id <> ${except}::uuid)`;
  if (taken) throw new DomainError('conflict', 'ZONE_TAKEN', SITE_MESSAGES.zoneTaken, { field: 'name' });
}

/** The zone and its site (locked, open). */
async function lockZone(tx: Tx, zoneId: string) {
  const [zone] = await tx<
    { siteId: string; name: string }[]
  >`select site_id, name from site_zones where id = ${zoneId}`;
  if (!zone) throw zoneNotFound();
  await lockOpenSite(tx, zone.siteId);
  return zone;
}

export async function addZone(
  sql: Sql,
  siteId: string,
  name: string,
  actor: SiteActor,
): Promise<{ id: string }> {
  return await sql.begin(async (tx) => {
    await lockOpenSite(tx, siteId);
    await assertZoneNameFree(tx, siteId, name);
    const id = randomUUID();
    await tx`
      insert into site_zones (id, site_id, name, position)
      values (${id}, ${siteId}, ${name},
              (select coalesce(max(position), 0) + 1 from site_zones where site_id = ${siteId}))`;
    await recordChange(tx, siteId, actor, 'zone_added', { zoneId: id, name });
    return { id };
  });
}

export async function renameZone(
  sql: Sql,
  zoneId: string,
  name: string,
  actor: SiteActor,
): Promise<{ id: string }> {
  return await sql.begin(async (tx) => {
    const zone = await lockZone(tx, zoneId);
    await assertZoneNameFree(tx, zone.siteId, name, zoneId);
    await tx`update site_zones set name = ${name} where id = ${zoneId}`;
    await recordChange(tx, zone.siteId, actor, 'zone_renamed', { zoneId, before: zone.name, after: name });
    return { id: zoneId };
  });
}

/** The zones in the order given; every id must be one of the site's zones. */
export async function reorderZones(
  sql: Sql,
  siteId: string,
  zoneIds: string[],
  actor: SiteActor,
): Promise<{ ok: true }> {
  return await sql.begin(async (tx) => {
    await lockOpenSite(tx, siteId);
    const own = new Set(
      (await tx<{ id: string }[]>`select id from site_zones where site_id = ${siteId}`).map((z) => z.id),
    );
    if (zoneIds.some((id) => !own.has(id)))
      throw invalid('ZONE_OF_ANOTHER_SITE', SITE_MESSAGES.zoneOfAnotherSite);
    await tx`
      update site_zones z set position = o.position
        from (select id, row_number() over (order by coalesce(array_position(${zoneIds}::uuid[], id), 1000000 + position), name)::int as position
                from site_zones where site_id = ${siteId}) o
       where z.id = o.id`;
    await recordChange(tx, siteId, actor, 'zones_reordered', { zoneIds });
    return { ok: true as const };
  });
}

/**
 * Removes a zone no device in place uses. Removed devices that were in it keep their history in
 * the audit trail (their device_removed line names the zone); their row loses the zone's link.
 */
export async function removeZone(sql: Sql, zoneId: string, actor: SiteActor): Promise<{ id: string }> {
  return await sql.begin(async (tx) => {
    const zone = await lockZone(tx, zoneId);
    const [used] = await tx<{ n: number }[]>`
      select count(*)::int as n from site_devices where zone_id = ${zoneId} and removed_at is null`;
    if (used!.n > 0)
      throw new DomainError('conflict', 'ZONE_IN_USE', SITE_MESSAGES.zoneInUse(zone.name, used!.n));
    await tx`update site_devices set zone_id = null where zone_id = ${zoneId}`;
    await tx`delete from site_zones where id = ${zoneId}`;
    await recordChange(tx, zone.siteId, actor, 'zone_removed', { zoneId, name: zone.name });
    return { id: zoneId };
  });
}

/* ---- The plan ---- */

/** The served URL of a stored image's largest variant (images.ts stores 320, 640 and 1280). */
const planImageUrl = (imageId: string) => `/images/${imageId}/1280.webp`;

/**
 * Records an image the upload route stored (POST /api/admin/images) as the site's next plan
 * version; its size is the stored image's, never the client's word.
 */
export async function recordPlan(
  sql: Sql,
  siteId: string,
  imageId: string,
  actor: SiteActor,
): Promise<SitePlan> {
  return await sql.begin(async (tx) => {
    await lockOpenSite(tx, siteId);
    const [image] = await tx<{ width: number; height: number }[]>`
      select width, height from images where id = ${imageId}`;
    if (!image) throw invalid('PLAN_IMAGE_UNKNOWN', SITE_MESSAGES.planImageUnknown);
    const [row] = await tx<{ version: number }[]>`
      insert into site_plans (site_id, version, image_id, image_url, width, height, uploaded_by_email)
      values (${siteId}, (select coalesce(max(version), 0) + 1 from site_plans where site_id = ${siteId}),
              ${imageId}, ${planImageUrl(imageId)}, ${image.width}, ${image.height}, ${actor.email})
      returning version`;
    await recordChange(tx, siteId, actor, 'plan_uploaded', { version: row!.version, imageId });
    return (await currentPlan(tx, siteId))!;
  });
}

/* ---- Devices ---- */

/** A zone given for a device must be one of the device's site. */
async function assertZoneOfSite(tx: Tx, siteId: string, zoneId: string | null) {
  if (zoneId === null) return null;
  const [zone] = await tx<
    { siteId: string; name: string }[]
  >`select site_id, name from site_zones where id = ${zoneId}`;
  if (!zone) throw invalid('ZONE_NOT_FOUND', SITE_MESSAGES.zoneNotFound, 'zoneId');
  if (zone.siteId !== siteId)
    throw invalid('ZONE_OF_ANOTHER_SITE', SITE_MESSAGES.zoneOfAnotherSite, 'zoneId');
  return zone.name;
}

/** A point is placed on the current plan: none before the first upload. */
async function assertPlan(tx: Tx, siteId: string) {
  if (!(await currentPlan(tx, siteId))) throw invalid('PLAN_MISSING', SITE_MESSAGES.planMissing);
}

interface DeviceRow {
  id: string;
  siteId: string;
  number: number;
  kind: DeviceKind;
  zoneId: string | null;
  x: number | null;
  y: number | null;
  removedAt: Date | null;
}

/** The device in place and its site (locked, open). */
async function lockDevice(tx: Tx, deviceId: string): Promise<DeviceRow & { label: string }> {
  const [device] = await tx<DeviceRow[]>`
    select id, site_id, number, kind, zone_id, x, y, removed_at from site_devices where id = ${deviceId}`;
  if (!device) throw deviceNotFound();
  await lockOpenSite(tx, device.siteId);
  if (device.removedAt) throw new DomainError('conflict', 'DEVICE_REMOVED', SITE_MESSAGES.deviceRemoved);
  return { ...device, label: deviceLabel(device.kind, device.number) };
}

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint_name?: string }).code === '23505' &&
  (error as { constraint_name?: string }).constraint_name === constraint;

/**
 * Adds a device: the site's next number (never one given before, a removed device's included) and
 * a random code; a code another device holds (1 in 10^12 per pair) is drawn again.
 */
export async function addDevice(
  sql: Sql,
  input: { siteId: string; kind: DeviceKind; zoneId: string | null; point: PlanPoint | null },
  actor: SiteActor,
): Promise<{ id: string; number: number; code: string; label: string }> {
  return await sql.begin(async (tx) => {
    await lockOpenSite(tx, input.siteId);
    const zoneName = await assertZoneOfSite(tx, input.siteId, input.zoneId);
    if (input.point) await assertPlan(tx, input.siteId);
    const [count] = await tx<{ n: number }[]>`
      select count(*)::int as n from site_devices where site_id = ${input.siteId} and removed_at is null`;
    if (count!.n >= SITE_DEVICES_MAX)
      throw new DomainError('conflict', 'TOO_MANY_DEVICES', SITE_MESSAGES.tooManyDevices);
    const number = await nextInSeries(tx, `site-devices:${input.siteId}`);
    const id = randomUUID();
    for (let attempt = 1; ; attempt++) {
      const code = deviceCode(randomBytes(8));
      try {
        await tx.savepoint(
          (sp) => sp`
            insert into site_devices (id, site_id, number, code, kind, zone_id, x, y)
            values (${id}, ${input.siteId}, ${number}, ${code}, ${input.kind}, ${input.zoneId},
                    ${input.point?.x ?? null}, ${input.point?.y ?? null})`,
        );
        const label = deviceLabel(input.kind, number);
        await recordChange(tx, input.siteId, actor, 'device_added', {
          deviceId: id,
          label,
          code,
          zone: zoneName,
          point: input.point,
        });
        return { id, number, code, label };
      } catch (error) {
        if (attempt < 5 && isUniqueViolation(error, 'site_devices_code_key')) continue;
        throw error;
      }
    }
  });
}

export async function moveDevice(
  sql: Sql,
  deviceId: string,
  point: PlanPoint,
  actor: SiteActor,
): Promise<{ id: string }> {
  return await sql.begin(async (tx) => {
    const device = await lockDevice(tx, deviceId);
    await assertPlan(tx, device.siteId);
    await tx`update site_devices set x = ${point.x}, y = ${point.y} where id = ${deviceId}`;
    await recordChange(tx, device.siteId, actor, 'device_moved', {
      deviceId,
      label: device.label,
      before: device.x === null || device.y === null ? null : { x: device.x, y: device.y },
      after: point,
    });
    return { id: deviceId };
  });
}

export async function changeDeviceZone(
  sql: Sql,
  deviceId: string,
  zoneId: string | null,
  actor: SiteActor,
): Promise<{ id: string }> {
  return await sql.begin(async (tx) => {
    const device = await lockDevice(tx, deviceId);
    const zoneName = await assertZoneOfSite(tx, device.siteId, zoneId);
    await tx`update site_devices set zone_id = ${zoneId} where id = ${deviceId}`;
    await recordChange(tx, device.siteId, actor, 'device_zone_changed', {
      deviceId,
      label: device.label,
      before: device.zoneId,
      after: zoneId,
      zone: zoneName,
    });
    return { id: deviceId };
  });
}

/** Takes a device off the site: its row, number and checks stay (removed_at), its number is never given again. */
export async function removeDevice(sql: Sql, deviceId: string, actor: SiteActor): Promise<{ id: string }> {
  return await sql.begin(async (tx) => {
    const device = await lockDevice(tx, deviceId);
    const [zone] = device.zoneId
      ? await tx<{ name: string }[]>`select name from site_zones where id = ${device.zoneId}`
      : [];
    await tx`update site_devices set removed_at = now() where id = ${deviceId}`;
    await recordChange(tx, device.siteId, actor, 'device_removed', {
      deviceId,
      label: device.label,
      zone: zone?.name ?? null,
      point: device.x === null || device.y === null ? null : { x: device.x, y: device.y },
    });
    return { id: deviceId };
  });
}
