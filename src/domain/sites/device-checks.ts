/**
 * The device checks of a site's visits (issue 38 points 1 and 5, docs/decisions/043-device-checks-and-trends.md):
 * the seal rule (every device of the site in place during the visit is checked before the report
 * is sealed) and the row of the `device_checks` projection, shared by the append and the replay.
 */
import type { DeviceKind, DeviceState } from '../interventions/visit-events.js';

/** A device of the site as the seal rule reads it (the server passes them into the command). */
export interface SiteDeviceRef {
  id: string;
  label: string;
}

/**
 * The site's devices the visit did not check, in the site's order. A check counts whatever its
 * state (« inaccessible » included: its reason is the decider's rule on the check itself).
 */
export function uncheckedDevices(
  devices: readonly SiteDeviceRef[],
  checks: readonly { deviceId: string | null }[],
): SiteDeviceRef[] {
  const checked = new Set(checks.map((c) => c.deviceId).filter((id): id is string => id !== null));
  return devices.filter((d) => !checked.has(d.id));
}

/** « Dispositifs non contrôlés : PA-07, PA-11 » and what to do about it. */
export function uncheckedDevicesMessage(labels: readonly string[]): string {
  const many = labels.length > 1;
  return `${many ? 'Dispositifs non contrôlés' : 'Dispositif non contrôlé'} : ${labels.join(', ')}. ${
    many ? 'Contrôlez-les' : 'Contrôlez-le'
  }, ou indiquez « Inaccessible » avec la raison, avant de sceller le rapport.`;
}

/** The columns of `device_checks` (migration 0155), in the table's order. */
export const DEVICE_CHECK_COLUMNS = [
  'intervention_id',
  'version',
  'site_id',
  'device_id',
  'checked_at',
  'state',
  'consumption_percent',
  'captures',
] as const;

export interface DeviceCheckRow {
  intervention_id: string;
  version: number;
  site_id: string;
  device_id: string;
  checked_at: string;
  state: DeviceState;
  consumption_percent: number | null;
  captures: number | null;
}

/**
 * The projection's row of one DeviceChecked event, or null when it names no site device or the
 * intervention has no site (a free label: nothing to count over time).
 */
export function deviceCheckRow(
  interventionId: string,
  siteId: string | null,
  version: number,
  check: {
    deviceId: string | null;
    at: string;
    state: DeviceState;
    kind: DeviceKind;
    consumptionPercent: number | null;
    captures: number | null;
  },
): DeviceCheckRow | null {
  if (!siteId || !check.deviceId) return null;
  return {
    intervention_id: interventionId,
    version,
    site_id: siteId,
    device_id: check.deviceId,
    checked_at: check.at,
    state: check.state,
    consumption_percent: check.consumptionPercent,
    captures: check.captures,
  };
}
