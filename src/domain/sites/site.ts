/**
 * Sites, zones and devices (issue 38, docs/decisions/042-sites-and-devices.md): the rules the
 * back-office, the technician's visit, the customer's space and the inspector's folder share.
 */
import { z } from 'zod';
import { SITE_TYPES } from '../interventions/labels.js';
import { DEVICE_KINDS, type DeviceKind, deviceKinds } from '../interventions/visit-events.js';

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

export const zoneNameSchema = text(ZONE_NAME_MAX, 'le nom de la zone');

/** A place on the plan, as fractions of its width and height. */
export const planPointSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
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
