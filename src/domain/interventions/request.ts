import { z } from 'zod';
import { emailAddress, phoneNumber } from '../common/fields.js';
import { ADDRESS_MAX, CITY_MAX, FULL_NAME_MAX, MESSAGE_MAX, ZIP_CODE } from '../common/limits.js';
import { CONTACT_SERVICES } from '../contact/services.js';
import { uuidInput } from '../security/ids.js';
import {
  MAX_REQUEST_PHOTOS,
  PREFERRED_SLOTS,
  REQUEST_PHOTO_MESSAGES,
  SITE_TYPES,
  URGENCIES,
} from './labels.js';

export * from './labels.js';

/**
 * A « Demande d'intervention »: the start of an intervention (issue 36). The site facts asked here
 * decide the devis' VAT later (a dwelling completed more than 2 years ago: 10 %, else 20 %), so
 * they are asked as the law reads them, never guessed.
 */

const text = (max: number, message: string) => z.string().trim().max(max, message);

/**
 * The request as typed: shared by the contact form (checked before sending) and by the procedure
 * (checked again). `website` is the honeypot.
 */
export const interventionRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Veuillez indiquer votre nom.')
    .max(FULL_NAME_MAX, `Le nom ne doit pas dépasser ${FULL_NAME_MAX} caractères.`),
  email: emailAddress(
    'Veuillez indiquer votre adresse email.',
    'Veuillez indiquer une adresse email valide.',
  ),
  phone: phoneNumber(
    'Veuillez indiquer votre numéro de téléphone.',
    'Veuillez indiquer un numéro de téléphone valide.',
  ),
  service: z.enum(CONTACT_SERVICES, 'Veuillez choisir un service.'),
  siteType: z.enum(SITE_TYPES, 'Veuillez choisir le type de lieu.'),
  street: text(ADDRESS_MAX, `L'adresse ne doit pas dépasser ${ADDRESS_MAX} caractères.`).min(
    1,
    "Veuillez indiquer l'adresse de l'intervention.",
  ),
  zipCode: z.string().trim().regex(ZIP_CODE, 'Veuillez indiquer un code postal à 5 chiffres.'),
  city: text(CITY_MAX, `La ville ne doit pas dépasser ${CITY_MAX} caractères.`).min(
    1,
    'Veuillez indiquer la ville.',
  ),
  urgency: z.enum(URGENCIES, "Veuillez indiquer l'urgence.").default('flexible'),
  preferredSlots: z
    .array(z.enum(PREFERRED_SLOTS, 'Créneau inconnu.'))
    .max(PREFERRED_SLOTS.length, 'Créneau inconnu.')
    .default([])
    .transform((slots) => [...new Set(slots)]),
  message: text(MESSAGE_MAX, `Le message ne doit pas dépasser ${MESSAGE_MAX} caractères.`).default(''),
  callbackConsent: z.boolean().default(false),
  /** Ids of photos sent first to the request photos route (the image pipeline); the server checks each. */
  photos: z
    .array(uuidInput(REQUEST_PHOTO_MESSAGES.unknown))
    .max(MAX_REQUEST_PHOTOS, REQUEST_PHOTO_MESSAGES.tooMany)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  website: z.string().max(500).optional(),
});

export type InterventionRequestInput = z.input<typeof interventionRequestSchema>;
export type InterventionRequest = z.output<typeof interventionRequestSchema>;
