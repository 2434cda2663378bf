/**
 * Sites, zones and devices (issue 38, docs/decisions/042-sites-and-devices.md): the rules the
 * back-office, the technician's visit, the customer's space and the inspector's folder share.
 */
import { z } from 'zod';
import { SITE_TYPES } from '../interventions/labels.js';
import { DEVICE_KINDS, type DeviceKind, deviceKinds } from '../interventions/visit-events.js';
import { uuidInput } from '../security/ids.js';

export const SITE_NAME_MAX = 120;
export const ZONE_NAME_MAX = 80;
/** A site holds at most this many devices (a large warehouse has a few hundred). */
export const SITE_DEVICES_MAX = 500;

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `Indiquez ${what}.`)
    .max(max, `${what[0]?.toUpperCase()}${what.slice(1)} ne doit pas dépasser ${max} caractères.`);

export const siteInputSchema = z.object({
  customerId: z.string().min(1).nullable(),
  name: text(SITE_NAME_MAX, 'le nom du site'),
  street: text(200, 'l’adresse'),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Le code postal compte 5 chiffres.'),
  city: text(100, 'la commune'),
  siteType: z.enum(SITE_TYPES, { message: 'Choisissez le type de site.' }),
});
export type SiteInput = z.infer<typeof siteInputSchema>;

/**
 * The site types that are a household's home (a dwelling, its garden or plot): when the household's
 * data is erased, the site's name and address go (ADR 020). A business's premises (a shop, a
 * restaurant, a building's common parts) are not personal data of the person erased and stay.
 */
export const HOME_SITE_TYPES = [
  'logement_ancien',
  'logement_neuf',
  'exterieur',
] as const satisfies readonly (typeof SITE_TYPES)[number][];

/** An erased home: its name and address as the site's row keeps them (the visits' record stays). */
export const ERASED_SITE = { name: 'Site supprimé', street: '', zipCode: '', city: '' } as const;

/** What a site's audit trail keeps of a change that named an erased home's address. */
export const ERASED_SITE_CHANGE = { erased: true } as const;

export const zoneNameSchema = text(ZONE_NAME_MAX, 'le nom de la zone');

/** A place on the plan, as fractions of its width and height. */
const fraction = z
  .number({ message: 'Le point doit se trouver sur le plan.' })
  .min(0, 'Le point doit se trouver sur le plan.')
  .max(1, 'Le point doit se trouver sur le plan.');
export const planPointSchema = z.object({ x: fraction, y: fraction });
export type PlanPoint = z.infer<typeof planPointSchema>;

export const deviceKindSchema = z.enum(deviceKinds, { message: 'Choisissez le type de dispositif.' });

/** The letters a device's label starts with, by kind: « PA-03 » is the site's third device, a bait station. */
export const DEVICE_KIND_PREFIX: Record<DeviceKind, string> = {
  poste_appatage: 'PA',
  plaque_glu: 'PG',
  desinsectiseur: 'DI',
  piege_pheromones: 'PP',
};

/** The device's label as printed and as the technician reads it: kind prefix and site number. */
export const deviceLabel = (kind: DeviceKind, number: number) =>
  `${DEVICE_KIND_PREFIX[kind]}-${String(number).padStart(2, '0')}`;

export const deviceKindLabel = (kind: DeviceKind) => DEVICE_KINDS[kind];

/**
 * A device's code, printed as its QR: 8 characters of Crockford's base 32 (no I, L, O, U), so
 * that it can also be typed from the label. The caller gives the random bytes (the domain stays pure).
 */
export const DEVICE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const DEVICE_CODE_LENGTH = 8;
export function deviceCode(randomBytes: Uint8Array): string {
  if (randomBytes.length < DEVICE_CODE_LENGTH) throw new Error('deviceCode needs 8 random bytes');
  let code = '';
  for (let i = 0; i < DEVICE_CODE_LENGTH; i++) code += DEVICE_CODE_ALPHABET[(randomBytes[i] as number) % 32];
  return code;
}
export const isDeviceCode = (value: string) => /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/.test(value);

/** A device of a site as the visit, the plan and the folder read it. */
export interface SiteDevice {
  id: string;
  siteId: string;
  number: number;
  code: string;
  kind: DeviceKind;
  label: string;
  zoneId: string | null;
  zoneName: string | null;
  x: number | null;
  y: number | null;
}

/** The query parameter of the device's scan URL: the technician's camera opens the visit on it. */
export const DEVICE_SCAN_PARAM = 'dispositif';
/** What a device's QR encodes: the back-office's « Tournée » with the device's code (ADR 042). */
export const deviceScanUrl = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/+$/, '')}/admin/tournee?${DEVICE_SCAN_PARAM}=${encodeURIComponent(code)}`;

/** The back-office's French messages for the sites' rules (the server's refusals, the screen's words). */
export const SITE_MESSAGES = {
  siteNotFound: 'Site introuvable.',
  siteArchived: 'Ce site est archivé : il ne peut plus être modifié.',
  customerUnknown: 'Ce client n’existe pas. Choisissez un client de la liste.',
  zoneNotFound: 'Zone introuvable.',
  zoneOfAnotherSite: 'Cette zone appartient à un autre site.',
  zoneTaken: 'Une zone porte déjà ce nom sur ce site.',
  zoneInUse: (name: string, count: number) =>
    `La zone « ${name} » porte encore ${count} dispositif${count > 1 ? 's' : ''} : déplacez-le${count > 1 ? 's' : ''} ou retirez-le${count > 1 ? 's' : ''} d’abord.`,
  planImageUnknown: 'Cette image n’a pas été reçue. Envoyez le plan à nouveau.',
  planMissing: 'Envoyez d’abord le plan du site pour y placer des dispositifs.',
  deviceNotFound: 'Dispositif introuvable.',
  deviceRemoved: 'Ce dispositif a été retiré : il ne peut plus être modifié.',
  tooManyDevices: `Un site compte au plus ${SITE_DEVICES_MAX} dispositifs.`,
} as const;

const siteId = uuidInput(SITE_MESSAGES.siteNotFound);
const zoneId = uuidInput(SITE_MESSAGES.zoneNotFound);
const deviceId = uuidInput(SITE_MESSAGES.deviceNotFound);

/** The inputs of the back-office's site procedures (routers/sites.ts), one schema each. */
export const siteListInputSchema = z.object({
  search: z.string().trim().max(100, 'Recherche trop longue').default(''),
  archived: z.boolean().default(false),
});
export const siteIdInputSchema = z.object({ siteId });
export const updateSiteInputSchema = z.object({ siteId }).and(siteInputSchema);
export const addZoneInputSchema = z.object({ siteId, name: zoneNameSchema });
export const renameZoneInputSchema = z.object({ zoneId, name: zoneNameSchema });
export const reorderZonesInputSchema = z.object({ siteId, zoneIds: z.array(zoneId).max(200) });
export const zoneIdInputSchema = z.object({ zoneId });
export const recordPlanInputSchema = z.object({ siteId, imageId: uuidInput(SITE_MESSAGES.planImageUnknown) });
export const addDeviceInputSchema = z.object({
  siteId,
  kind: deviceKindSchema,
  zoneId: zoneId.nullable(),
  point: planPointSchema.nullable(),
});
export const moveDeviceInputSchema = z.object({ deviceId, point: planPointSchema });
export const changeDeviceZoneInputSchema = z.object({ deviceId, zoneId: zoneId.nullable() });
export const deviceIdInputSchema = z.object({ deviceId });
