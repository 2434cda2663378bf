/**
 * A yearly contract (contrat 3D) as typed by the owner, and the consumer-law rules that decide
 * what it owes its customer (docs/decisions/044-yearly-contracts.md). Pure.
 *
 * Sources: C. conso. L221-3 (a business of 5 employees or fewer, off premises, outside its main
 * activity, has the consumer's protections), L215-1 (the Chatel notice and the free termination
 * when it was not sent), L215-1-1 (a contract that can be concluded by electronic means can be
 * ended by the same means), L215-3 (non-professionals too).
 */
import { z } from 'zod';
import { emailAddress, optionalPhoneNumber } from '../common/fields.js';
import { DomainError } from '../errors.js';
import { isSiren } from '../invoices/identity.js';
import { uuidInput } from '../security/ids.js';
import { BILLING_RHYTHMS } from './calendar.js';

export const CONTRACT_PESTS = [
  'rongeurs',
  'blattes',
  'insectes_rampants',
  'insectes_volants',
  'fourmis',
  'punaises_de_lit',
] as const;
export type ContractPest = (typeof CONTRACT_PESTS)[number];
export const CONTRACT_PEST_LABELS: Record<ContractPest, string> = {
  rongeurs: 'Rongeurs (rats, souris)',
  blattes: 'Blattes, cafards',
  insectes_rampants: 'Autres insectes rampants',
  insectes_volants: 'Insectes volants',
  fourmis: 'Fourmis',
  punaises_de_lit: 'Punaises de lit',
};

export const CONCLUSION_MODES = ['a_distance', 'hors_etablissement', 'en_etablissement'] as const;
export type ConclusionMode = (typeof CONCLUSION_MODES)[number];
export const CONCLUSION_MODE_LABELS: Record<ConclusionMode, string> = {
  a_distance: 'À distance',
  hors_etablissement: 'Hors établissement',
  en_etablissement: 'En établissement',
};

export const CUSTOMER_KINDS = ['particulier', 'professionnel'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

export const DEVICE_BASELINE_KINDS = [
  'poste_appatage',
  'plaque_glu',
  'desinsectiseur',
  'piege_pheromones',
] as const;

/** The employees threshold of C. conso. L221-3. */
export const SMALL_BUSINESS_MAX_EMPLOYEES = 5;
export const VISITS_PER_YEAR_MAX = 52;
export const TERM_MONTHS_MAX = 60;
export const NOTICE_MONTHS_MAX = 6;

export const CONTRACT_MESSAGES = {
  notFound: 'Contrat introuvable.',
  notOnline:
    'Ce contrat n’a pas été souscrit en ligne : il ne peut pas être résilié en ligne. Écrivez-nous ou appelez-nous pour le résilier.',
  ended: 'Ce contrat est déjà résilié.',
  reason: 'Indiquez le motif de la résiliation.',
  effectiveBefore: 'La date d’effet ne peut pas précéder aujourd’hui.',
  notStarted: 'Ce contrat n’a pas encore commencé : aucune facture n’est due.',
  nothingDue: 'Aucune période de facturation n’est commencée sans facture.',
  visitUnknown: 'Cette visite n’est pas prévue par le contrat.',
  visitConfirmed: 'Cette visite est déjà confirmée.',
} as const;

const text = (max: number, required: string) =>
  z.string().trim().min(1, required).max(max, `${max} caractères au plus.`);

/** The customer's identity as the invoices print it: kept in a personal record (ADR 020). */
export const contractCustomerSchema = z.object({
  name: text(120, 'Indiquez le nom du client.'),
  email: emailAddress('Indiquez l’email du client.', 'Indiquez une adresse email valide.'),
  phone: optionalPhoneNumber().transform((v) => v ?? ''),
  street: text(200, 'Indiquez l’adresse de facturation.'),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Le code postal compte 5 chiffres.'),
  city: text(100, 'Indiquez la commune.'),
  companyName: z.string().trim().max(160).default(''),
  siren: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, ''))
    .refine((v) => v === '' || isSiren(v), 'Le SIREN compte 9 chiffres valides.')
    .default(''),
});
export type ContractCustomer = z.output<typeof contractCustomerSchema>;

export const ERASED_CUSTOMER: ContractCustomer = {
  name: 'Client supprimé',
  email: '',
  phone: '',
  street: '',
  zipCode: '',
  city: '',
  companyName: '',
  siren: '',
};

const count = (max: number, message: string) => z.number().int(message).min(0, message).max(max, message);

/** « Nouveau contrat » as typed; the server adds the number, the VAT rate (site facts) and the dates. */
/**
 * « Résilier » by the owner: the contract and a reason. An empty reason is the decider's refusal
 * (REASON_REQUIRED, on the `reason` field), the one rule for every way a contract ends.
 */
export const terminateInputSchema = z.object({
  contractId: uuidInput(CONTRACT_MESSAGES.notFound),
  reason: z.string().max(500, '500 caractères au plus.'),
});

export const contractInputSchema = z
  .object({
    customerId: z.string().min(1).nullable().default(null),
    siteId: z.string().uuid('Choisissez le site.'),
    customer: contractCustomerSchema,
    customerKind: z.enum(CUSTOMER_KINDS, 'Indiquez s’il s’agit d’un particulier ou d’un professionnel.'),
    /** A professional's employees (L221-3); null: not known. */
    headcount: z.number().int().min(0).max(1_000_000).nullable().default(null),
    /** A professional's main activity, as said. */
    activity: z.string().trim().max(160).default(''),
    /** Whether pest control falls within that main activity (L221-3); null: not known. */
    withinMainActivity: z.boolean().nullable().default(null),
    conclusionMode: z.enum(CONCLUSION_MODES, 'Indiquez comment le contrat a été conclu.'),
    signedOnline: z.boolean(),
    pests: z
      .array(z.enum(CONTRACT_PESTS))
      .min(1, 'Choisissez au moins un nuisible.')
      .transform((p) => [...new Set(p)]),
    zones: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
    visitsPerYear: z
      .number()
      .int('Nombre de visites invalide.')
      .min(1, 'Au moins une visite par an.')
      .max(VISITS_PER_YEAR_MAX, `Au plus ${VISITS_PER_YEAR_MAX} visites par an.`),
    deviceBaseline: z
      .object(
        Object.fromEntries(DEVICE_BASELINE_KINDS.map((k) => [k, count(500, 'Nombre invalide.')])) as {
          [K in (typeof DEVICE_BASELINE_KINDS)[number]]: z.ZodNumber;
        },
      )
      .partial()
      .default({}),
    yearlyPriceExclCents: z
      .number()
      .int('Prix invalide.')
      .min(1, 'Indiquez le prix annuel.')
      .max(100_000_000, 'Prix invalide.'),
    billingRhythm: z.enum(BILLING_RHYTHMS, 'Choisissez le rythme de facturation.'),
    startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Indiquez la date de début.'),
    termMonths: z
      .number()
      .int()
      .min(1, 'Durée invalide.')
      .max(TERM_MONTHS_MAX, `${TERM_MONTHS_MAX} mois au plus.`),
    tacitRenewal: z.boolean(),
    noticeMonths: z
      .number()
      .int()
      .min(0, 'Préavis invalide.')
      .max(NOTICE_MONTHS_MAX, `Préavis de ${NOTICE_MONTHS_MAX} mois au plus.`),
  })
  .superRefine((v, ctx) => {
    if (v.customerKind === 'professionnel' && !v.customer.companyName)
      ctx.addIssue({
        code: 'custom',
        path: ['customer', 'companyName'],
        message: 'Indiquez la raison sociale.',
      });
    if (v.customerKind === 'professionnel' && !v.customer.siren)
      ctx.addIssue({ code: 'custom', path: ['customer', 'siren'], message: 'Indiquez le SIREN.' });
    if (v.noticeMonths >= v.termMonths)
      ctx.addIssue({
        code: 'custom',
        path: ['noticeMonths'],
        message: 'Le préavis doit être plus court que la durée du contrat.',
      });
  });
export type ContractInput = z.output<typeof contractInputSchema>;
export type ContractFormInput = z.input<typeof contractInputSchema>;

/**
 * Whether the consumer rules of renewal (Chatel notice, free termination) apply: to a private
 * customer always; to a professional under C. conso. L221-3 (5 employees or fewer, contract
 * concluded off premises, outside its main activity); anything not known counts as applying.
 */
export function consumerRulesApply(c: {
  customerKind: CustomerKind;
  headcount: number | null;
  withinMainActivity: boolean | null;
  conclusionMode: ConclusionMode;
}): boolean {
  if (c.customerKind === 'particulier') return true;
  // One known fact outside the article is enough to exclude it: more than 5 employees, the work
  // within its main activity, or a contract not concluded off premises. Only facts not known count
  // as applying (the strictest reading).
  if (c.conclusionMode !== 'hors_etablissement') return false;
  if (c.headcount !== null && c.headcount > SMALL_BUSINESS_MAX_EMPLOYEES) return false;
  if (c.withinMainActivity === true) return false;
  return true;
}

export const contractNotFound = () =>
  new DomainError('not_found', 'CONTRACT_NOT_FOUND', CONTRACT_MESSAGES.notFound);
