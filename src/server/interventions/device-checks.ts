/**
 * A site's devices in the technician's visit (issue 38, docs/decisions/043-device-checks-and-trends.md):
 * the device a check names, resolved by the server from its id or its label's code (never the
 * phone's label or kind), the `device_checks` projection written in the append's transaction, and
 * the QR scan that finds the visit on site at the device's site.
 */
import { DomainError } from '../../domain/errors.js';
import type { InterventionEvent } from '../../domain/interventions/events.js';
import { toId } from '../../domain/security/ids.js';
import {
  DEVICE_CHECK_COLUMNS,
  type DeviceCheckRow,
  deviceCheckRow,
} from '../../domain/sites/device-checks.js';
import { isDeviceCode, type SiteDevice } from '../../domain/sites/site.js';
import type { Tx } from '../db/client.js';
import { readSite, siteDevices } from '../sites/queries.js';

export const DEVICE_MESSAGES = {
  unknown: 'Dispositif inconnu : vérifiez le code imprimé sur l’étiquette.',
  noSite: 'Cette intervention n’est liée à aucun site : indiquez le repère du dispositif.',
  otherSite: 'Ce dispositif appartient à un autre site : il ne peut pas être contrôlé dans cette visite.',
  removed: 'Ce dispositif a été retiré du site : il n’est plus contrôlé.',
} as const;

const unknownDevice = () => new DomainError('not_found', 'DEVICE_UNKNOWN', DEVICE_MESSAGES.unknown);

/** Where a device id or code points: its site and whether it was removed (null: no such device). */
async function findDevice(tx: Tx, ref: string) {
  const id = toId(ref);
  const code = ref.trim().toUpperCase();
  if (!id && !isDeviceCode(code)) return null;
  const [row] = await tx<{ id: string; siteId: string; removed: boolean }[]>`
    select id, site_id, removed_at is not null as removed from site_devices
     where ${id ? tx`id = ${id}` : tx`code = ${code}`}`;
  return row ?? null;
}

/** The site's device a check names, as site_devices has it; refused when it is not this site's. */
export async function resolveSiteDevice(tx: Tx, siteId: string | null, ref: string): Promise<SiteDevice> {
  if (!siteId) throw new DomainError('invalid', 'DEVICE_NO_SITE', DEVICE_MESSAGES.noSite);
  const found = await findDevice(tx, ref);
  if (!found) throw unknownDevice();
  if (found.siteId !== siteId)
    throw new DomainError('invalid', 'DEVICE_OTHER_SITE', DEVICE_MESSAGES.otherSite);
  if (found.removed) throw new DomainError('invalid', 'DEVICE_REMOVED', DEVICE_MESSAGES.removed);
  const device = (await siteDevices(tx, siteId)).find((d) => d.id === found.id);
  if (!device) throw unknownDevice();
  return device;
}

/** The append's part (model.ts): a check of a site's device adds its row. */
export async function projectDeviceChecks(
  tx: Tx,
  s: { id: string; siteId: string | null },
  change: { event: InterventionEvent; version: number },
): Promise<void> {
  const { event, version } = change;
  if (event.type !== 'DeviceChecked') return;
  const row = deviceCheckRow(s.id, s.siteId, version, event.data);
  if (row) await insertDeviceChecks(tx, [row]);
}

/** The projection's insert (the append, and the bench's bulk set-up of years of checks). */
export async function insertDeviceChecks(tx: Tx, rows: readonly DeviceCheckRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await tx`insert into device_checks ${tx(rows.slice(i, i + 1000) as never, DEVICE_CHECK_COLUMNS)}`;
}

/**
 * The QR on a device's label, opened on the technician's phone (/admin/tournee?dispositif=CODE):
 * the visit they are on site for at that device's site (arrived, report not sealed yet), or why not.
 */
export async function locateDevice(sql: Tx, user: { id: string; role: 'admin' | 'technician' }, ref: string) {
  const found = await findDevice(sql, ref);
  if (!found || found.removed) throw unknownDevice();
  const device = (await siteDevices(sql, found.siteId)).find((d) => d.id === found.id);
  if (!device) throw unknownDevice();
  const [visit] = await sql<{ interventionId: string; appointmentId: string; startsAt: Date }[]>`
    select a.intervention_id, a.id as appointment_id, a.starts_at
      from appointments a
      join interventions i on i.id = a.intervention_id
     where i.site_id = ${found.siteId} and a.status <> 'cancelled' and a.arrived_at is not null
       ${user.role === 'technician' ? sql`and a.technician_id = ${user.id}` : sql``}
       and not exists (select 1 from jsonb_array_elements(i.reports) r where r ->> 'appointmentId' = a.id::text)
     order by a.arrived_at desc
     limit 1`;
  if (!visit) {
    const site = await readSite(sql, found.siteId);
    throw new DomainError(
      'not_found',
      'DEVICE_NO_VISIT_ON_SITE',
      `Aucune visite en cours sur le site « ${site?.name ?? ''} » (${device.label}) : indiquez d’abord « Sur place » sur la visite de ce site.`,
    );
  }
  return {
    interventionId: visit.interventionId,
    appointmentId: visit.appointmentId,
    startsAt: visit.startsAt.toISOString(),
    device: { id: device.id, label: device.label, kind: device.kind, zoneName: device.zoneName },
  };
}
