import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX } from './limits.js';
import { isPhone, normalizePhone, PHONE_MAX, PHONE_MESSAGE } from './phone.js';

/**
 * Zod builders of the fields every form shares (checkout, profile, sign-up, contact, back-office),
 * so that a rule and its French message exist once. Limits and formats: limits.ts, phone.ts.
 */

/** A required first or last name, trimmed, at most NAME_MAX characters. */
export const personName = (label: 'prénom' | 'nom', required = `Le ${label} est obligatoire`) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(NAME_MAX, { error: `Le ${label} ne doit pas dépasser ${NAME_MAX} caractères` });

/** A required email address, trimmed. */
export const emailAddress = (required = "L'email est obligatoire", invalid = 'Adresse email invalide') =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(EMAIL_MAX, { error: invalid })
    .pipe(z.email({ error: invalid }));

// A refine (not an issue raised in the transform) keeps the other fields' checks running, so a form
// shows every error at once; the transform runs only on a valid number.

/** A required phone number, normalised to E.164. */
export const phoneNumber = (required = 'Le téléphone est obligatoire', invalid = PHONE_MESSAGE) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(PHONE_MAX, { error: invalid })
    .refine(isPhone, { error: invalid })
    .transform((value) => normalizePhone(value) as string);

/** An optional phone number: blank is null, anything else must be a valid number (E.164). */
export const optionalPhoneNumber = (invalid = PHONE_MESSAGE) =>
  z
    .string()
    .trim()
    .max(PHONE_MAX, { error: invalid })
    .refine((value) => value === '' || isPhone(value), { error: invalid })
    .optional()
    .nullable()
    .transform((value) => (value ? normalizePhone(value) : null));
