import { z } from 'zod';
import { isRealDay } from '../common/dates.js';
import { emailAddress, optionalPhoneNumber, personName } from '../common/fields.js';
import { ADDRESS_MAX, CITY_MAX, ZIP_CODE, ZIP_CODE_MESSAGE } from '../common/limits.js';
import { BUSINESS_MESSAGES } from '../invoices/business.js';
import { isFrenchVatNumber, isSiren } from '../invoices/identity.js';

/**
 * The customer profile and the sign-up form, shared by the forms (French messages shown under the
 * fields) and by the server (procedure input, sign-up hook). The role is deliberately absent: only
 * an admin sets it, through its own procedure.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** An optional text field: blank means "not given" and is stored as null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** YYYY-MM-DD of a day in the local calendar. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const profileSchema = z.object({
  firstName: personName('prénom'),
  lastName: personName('nom'),
  phone: optionalPhoneNumber(),
  address: optionalText(ADDRESS_MAX, `L'adresse ne doit pas dépasser ${ADDRESS_MAX} caractères`),
  postalCode: z
    .string()
    .trim()
    .refine((v) => v === '' || ZIP_CODE.test(v), ZIP_CODE_MESSAGE)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  city: optionalText(CITY_MAX, `La ville ne doit pas dépasser ${CITY_MAX} caractères`),
  country: z
    .string()
    .trim()
    .max(60, 'Le pays ne doit pas dépasser 60 caractères')
    .optional()
    .nullable()
    .transform((v) => (v ? v : 'France')),
  dateOfBirth: z
    .string()
    .trim()
    .refine((v) => v === '' || isRealDay(v), 'Date de naissance invalide')
    .refine((v) => v === '' || v <= isoDay(new Date()), 'La date de naissance ne peut pas être dans le futur')
    .refine((v) => v === '' || v >= '1900-01-01', 'Date de naissance invalide')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  // "Professionnel": the company an invoice is made out to, prefilled at checkout (issue 25).
  companyName: optionalText(160, 'Le nom de la société ne doit pas dépasser 160 caractères'),
  siren: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, ''))
    .refine((v) => v === '' || isSiren(v), BUSINESS_MESSAGES.siren)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  vatNumber: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, '').toUpperCase())
    .refine((v) => v === '' || isFrenchVatNumber(v), BUSINESS_MESSAGES.vat)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});

/** What the profile form sends (blank strings allowed). */
export type ProfileInput = z.input<typeof profileSchema>;
/** What the server stores (blanks turned to null, country defaulted). */
export type ProfileData = z.output<typeof profileSchema>;

const email = emailAddress();

const password = z
  .string({ error: 'Le mot de passe est obligatoire' })
  .min(1, 'Le mot de passe est obligatoire')
  .min(PASSWORD_MIN, `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères`)
  .max(PASSWORD_MAX, `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX} caractères`);

export const signUpSchema = z.object({
  firstName: personName('prénom'),
  lastName: personName('nom'),
  email,
  password,
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string({ error: 'Le mot de passe est obligatoire' }).min(1, 'Le mot de passe est obligatoire'),
});

export const requestResetSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    message: 'Les deux mots de passe ne correspondent pas',
    path: ['confirm'],
  });
