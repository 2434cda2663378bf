import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import type { DeviceKind } from '@/domain/interventions/visit-events';

/** One site as the site page reads it (sites.byId). */
export type SiteDetail = RouterOutputs['sites']['byId'];
export type SiteListRow = RouterOutputs['sites']['list'][number];
export type PlacedDevice = SiteDetail['devices'][number];

/** After any change to a site: its page and the list read again. */
export function useSitesChanged() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.sites.byId.invalidate(), utils.sites.list.invalidate()]);
}

/** A marker's colour by kind, the same on the plan, the legend and the devices table. */
export const DEVICE_KIND_COLORS: Record<DeviceKind, string> = {
  poste_appatage: 'bg-red-600 text-white',
  plaque_glu: 'bg-amber-400 text-black',
  desinsectiseur: 'bg-violet-600 text-white',
  piege_pheromones: 'bg-emerald-600 text-white',
};

/** The label sheet of the site's devices, or of one device (a replacement label). */
export const siteLabelsUrl = (siteId: string, deviceId?: string) =>
  `/api/admin/sites/${siteId}/labels.pdf${deviceId ? `?device=${encodeURIComponent(deviceId)}` : ''}`;
