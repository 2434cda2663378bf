import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX } from './limits.js';
import { isPhone, normalizePhone, PHONE_MAX, PHONE_MESSAGE } from './phone.js';

/**
 * Zod builders of the fields every form shares (checkout, profile, sign-up, contact, back-office),
 * so that a rule and its French message exist once. Limits and formats: limits.ts, phone.ts.
 */

/**
 * Characters no typed text may hold (issue 39 finding 3): C0 controls, DEL, C1 controls and the bidi
 * embedding, override and isolate controls. They reach invoices, whose XML cannot carry most of them
 * and whose PDF they reverse or hide, and an issued invoice never changes: refused at the input.
 * A multi-line text (a note) keeps its line breaks and tabs.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to match them
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to match them
const CONTROL_IN_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Ce champ contient des caractères invisibles non autorisés';

/** Refuses the control characters above (a single line: no line break either). */
export const printable = (text: string) => !CONTROL_CHARACTERS.test(text);
/** Refuses the control characters above but line breaks and tabs (notes, messages). */
export const printableLines = (text: string) => !CONTROL_IN_LINES.test(text);

/** A required first or last name, trimmed, at most NAME_MAX characters. */
export const personName = (label: 'prénom' | 'nom', required = `Le ${label} est obligatoire`) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(NAME_MAX, { error: `Le ${label} ne doit pas dépasser ${NAME_MAX} caractères` })
    .refine(printable, { error: CONTROL_CHARACTERS_MESSAGE });

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
