import { z } from 'zod';
import { CERTIBIOCIDE_CATEGORY_CODES } from '../catalog/certibiocide.js';
import { isRealDay } from '../common/dates.js';

/**
 * The customer's Certibiocide (arrêté of 9 October 2013 as amended): number, category and last day
 * of validity, kept in the profile apart from the other fields. All three, or none (blank clears).
 */
export const CERTIBIOCIDE_MESSAGES = {
  number: 'Le numéro de Certibiocide doit contenir de 4 à 40 caractères (lettres, chiffres, tirets)',
  category: 'Choisissez la catégorie du certificat',
  expiresOn: 'Date de fin de validité invalide',
  incomplete: 'Renseignez le numéro, la catégorie et la date de fin de validité, ou laissez les trois vides',
} as const;

const CERTIFICATE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{2,38}[A-Za-z0-9]$/;

export const certibiocideSchema = z
  .object({
    number: z
      .string()
      .trim()
      .refine((v) => v === '' || CERTIFICATE_NUMBER.test(v), CERTIBIOCIDE_MESSAGES.number)
      .default(''),
    category: z
      .string()
      .refine(
        (v) => v === '' || (CERTIBIOCIDE_CATEGORY_CODES as string[]).includes(v),
        CERTIBIOCIDE_MESSAGES.category,
      )
      .default(''),
    expiresOn: z
      .string()
      .trim()
      .refine((v) => v === '' || isRealDay(v), CERTIBIOCIDE_MESSAGES.expiresOn)
      .default(''),
  })
  .superRefine((c, ctx) => {
    const given = [c.number, c.category, c.expiresOn].filter(Boolean).length;
    if (given > 0 && given < 3) {
      for (const field of ['number', 'category', 'expiresOn'] as const) {
        if (!c[field])
          ctx.addIssue({ code: 'custom', path: [field], message: CERTIBIOCIDE_MESSAGES.incomplete });
      }
    }
  });

export type CertibiocideInput = z.input<typeof certibiocideSchema>;
