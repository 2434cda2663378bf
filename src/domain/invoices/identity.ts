import { z } from 'zod';
import { ZIP_CODE, ZIP_CODE_MESSAGE } from '../common/limits.js';

/**
 * The seller's legal identity as invoices print it (Paramètres › Facturation), one schema for the
 * form and the procedure. Saving a partial identity is allowed (the owner fills it in over time);
 * issuing an invoice is not until every mandatory mention is there (missingIdentityFields).
 *
 * Mentions required on an invoice (CGI art. 242 nonies A, C. com. L441-9, R123-237): the seller's
 * name, address, SIREN/SIRET, RCS or RM entry, legal form and share capital for a company, and the
 * intra-community VAT number, or "TVA non applicable, art. 293 B du CGI" for a franchise en base.
 */

export { VAT_EXEMPT_MENTION } from '../legal/identity.js';

/** Legal forms that are companies: their share capital must be printed (C. com. R123-237 2°). */
export const COMPANY_FORMS = ['SARL', 'EURL', 'SAS', 'SASU', 'SA', 'SNC', 'SCOP'] as const;

const text = (max: number) => z.string().trim().max(max, `${max} caractères au maximum`).default('');

/** SIREN: 9 digits passing the Luhn check (INSEE); spaces are allowed when typing. */
export function isSiren(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  return /^\d{9}$/.test(digits) && luhn(digits);
}

/** SIRET: 14 digits (SIREN + NIC) passing the Luhn check. */
export function isSiret(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  return /^\d{14}$/.test(digits) && luhn(digits);
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A French intra-community VAT number: FR, a 2-character key, the 9-digit SIREN. */
export const isFrenchVatNumber = (value: string) => /^FR[0-9A-Z]{2}\d{9}$/.test(value.replace(/\s/g, ''));

const compact = (v: string) => v.replace(/\s/g, '').toUpperCase();

export const IDENTITY_MESSAGES = {
  siren: 'Le SIREN doit contenir 9 chiffres valides',
  siret: 'Le SIRET doit contenir 14 chiffres valides',
  siretSiren: 'Le SIRET doit commencer par le SIREN',
  vat: 'Numéro de TVA invalide (FR suivi de 11 caractères)',
  prefix: 'Préfixe de 1 à 8 lettres ou chiffres',
  prefixesDiffer: 'Les factures et les avoirs doivent avoir des préfixes différents',
  saved: 'Informations de facturation enregistrées.',
} as const;

const M = IDENTITY_MESSAGES;
const prefix = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{1,8}$/, M.prefix));

export const sellerIdentitySchema = z
  .object({
    legalName: text(160),
    legalForm: text(60),
    /** As printed, e.g. "10 000 €"; required for a company (COMPANY_FORMS). */
    shareCapital: text(40),
    address: text(300),
    // Printed on every invoice: a French postcode, five digits (issue 35: « 2700 » was kept).
    zipCode: text(10).refine((v) => v === '' || ZIP_CODE.test(v), ZIP_CODE_MESSAGE),
    city: text(100),
    siren: text(20)
      .transform(compact)
      .refine((v) => v === '' || isSiren(v), M.siren),
    siret: text(20)
      .transform(compact)
      .refine((v) => v === '' || isSiret(v), M.siret),
    /** "RCS Évreux 123 456 789" or "RM 27" (répertoire des métiers). */
    registry: text(120),
    vatNumber: text(20)
      .transform(compact)
      .refine((v) => v === '' || isFrenchVatNumber(v), M.vat),
    /** Franchise en base de TVA: invoices carry VAT_EXEMPT_MENTION and no VAT. */
    vatExempt: z.boolean().default(false),
    invoicePrefix: prefix.default('FA'),
    creditNotePrefix: prefix.default('AV'),
  })
  .superRefine((v, ctx) => {
    if (v.siret && v.siren && !v.siret.startsWith(v.siren)) {
      ctx.addIssue({ code: 'custom', path: ['siret'], message: M.siretSiren });
    }
    if (v.invoicePrefix === v.creditNotePrefix) {
      ctx.addIssue({ code: 'custom', path: ['creditNotePrefix'], message: M.prefixesDiffer });
    }
  });

export type SellerIdentityInput = z.input<typeof sellerIdentitySchema>;
export type SellerIdentity = z.output<typeof sellerIdentitySchema>;

export const EMPTY_IDENTITY: SellerIdentity = {
  legalName: '',
  legalForm: '',
  shareCapital: '',
  address: '',
  zipCode: '',
  city: '',
  siren: '',
  siret: '',
  registry: '',
  vatNumber: '',
  vatExempt: false,
  invoicePrefix: 'FA',
  creditNotePrefix: 'AV',
};

/** The French label of each field, as the form and the refusal name them. */
export const IDENTITY_LABELS: Record<keyof SellerIdentity, string> = {
  legalName: 'Raison sociale',
  legalForm: 'Forme juridique',
  shareCapital: 'Capital social',
  address: 'Adresse',
  zipCode: 'Code postal',
  city: 'Ville',
  siren: 'SIREN',
  siret: 'SIRET',
  registry: 'Immatriculation RCS ou RM',
  vatNumber: 'Numéro de TVA intracommunautaire',
  vatExempt: 'TVA non applicable (art. 293 B du CGI)',
  invoicePrefix: 'Préfixe des factures',
  creditNotePrefix: 'Préfixe des avoirs',
};

export const isCompanyForm = (legalForm: string) =>
  (COMPANY_FORMS as readonly string[]).includes(legalForm.trim().toUpperCase());

/** The mandatory mentions still missing before an invoice may be issued (empty: ready). */
export function missingIdentityFields(identity: SellerIdentity): (keyof SellerIdentity)[] {
  const missing: (keyof SellerIdentity)[] = [];
  for (const field of [
    'legalName',
    'legalForm',
    'address',
    'zipCode',
    'city',
    'siren',
    'registry',
  ] as const) {
    if (!identity[field].trim()) missing.push(field);
  }
  if (isCompanyForm(identity.legalForm) && !identity.shareCapital.trim()) missing.push('shareCapital');
  // Either a VAT number or the franchise mention (CGI art. 293 B): one of the two is printed.
  if (!identity.vatExempt && !identity.vatNumber.trim()) missing.push('vatNumber');
  return missing;
}

/** The refusal shown when an invoice cannot be issued yet, naming the missing fields. */
export const missingIdentityMessage = (missing: readonly (keyof SellerIdentity)[]) =>
  `Impossible d'émettre la facture : complétez Paramètres › Facturation (${missing
    .map((f) => IDENTITY_LABELS[f])
    .join(', ')}).`;

/** What saving a complete identity did for the paid orders that waited for it. */
export const awaitingIssuedMessage = (numbers: readonly string[]): string =>
  numbers.length === 1
    ? `La commande payée qui attendait sa facture l'a reçue : ${numbers[0]}.`
    : `${numbers.length} commandes payées qui attendaient leur facture l'ont reçue (${numbers[0]} à ${numbers.at(-1)}).`;

/** Shown above the paid orders still without an invoice (« Factures »). */
export const AWAITING_INVOICE_NOTE =
  'Ces commandes sont payées mais sans facture : les mentions obligatoires du vendeur manquaient. Complétez Paramètres › Facturation : leurs factures seront émises à l’enregistrement.';
