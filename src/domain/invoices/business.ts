import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, printable } from '../common/fields.js';
import { isFrenchVatNumber, isSiren } from './identity.js';

/**
 * A business customer ("Professionnel"), at checkout and in the profile: the company's name and
 * SIREN are required, the VAT number is optional (a town hall or a small business may have none).
 * From 2027 the customer's SIREN is a mandatory invoice mention (CGI art. 242 nonies A as amended).
 */
export const BUSINESS_MESSAGES = {
  companyName: 'Le nom de la société est obligatoire',
  siren: 'Le SIREN doit contenir 9 chiffres valides',
  vat: 'Numéro de TVA invalide (FR suivi de 11 caractères)',
} as const;

const compact = (v: string) => v.replace(/\s/g, '').toUpperCase();

export const businessCustomerSchema = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, BUSINESS_MESSAGES.companyName)
    .max(160, '160 caractères au maximum')
    .refine(printable, { error: CONTROL_CHARACTERS_MESSAGE }),
  siren: z
    .string()
    .trim()
    .transform(compact)
    .refine((v) => isSiren(v), BUSINESS_MESSAGES.siren),
  vatNumber: z
    .string()
    .trim()
    .default('')
    .transform(compact)
    .refine((v) => v === '' || isFrenchVatNumber(v), BUSINESS_MESSAGES.vat),
});

export type BusinessCustomer = z.output<typeof businessCustomerSchema>;
export type BusinessCustomerInput = z.input<typeof businessCustomerSchema>;

/**
 * The "Professionnel" part of a form (checkout, profile): a switch and three flat fields, checked
 * with businessCustomerSchema's messages on their own fields only when the switch is on.
 */
export const businessFormSchema = z
  .object({
    isBusiness: z.boolean().default(false),
    companyName: z.string().default(''),
    siren: z.string().default(''),
    vatNumber: z.string().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.isBusiness) return;
    const parsed = businessCustomerSchema.safeParse(v);
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export interface BusinessFormValues {
  isBusiness: boolean;
  companyName: string;
  siren: string;
  vatNumber: string;
}

export const EMPTY_BUSINESS_FORM: BusinessFormValues = {
  isBusiness: false,
  companyName: '',
  siren: '',
  vatNumber: '',
};

/** The business buyer an order records, from the form's flat fields (null: a private buyer). */
export const businessFromForm = (v: BusinessFormValues): BusinessCustomer | null =>
  v.isBusiness ? businessCustomerSchema.parse(v) : null;

/**
 * Whether a profile is a business customer's ("Professionnel"): a company name and a valid SIREN
 * (what an invoice made out to a company needs). Professional-only biocides are sold only to them.
 */
export const isBusinessProfile = (profile: { companyName: string | null; siren: string | null }): boolean =>
  Boolean(profile.companyName?.trim()) && isSiren(profile.siren ?? '');
