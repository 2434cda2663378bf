/**
 * The devis (quote) of an intervention, pure (docs/decisions/035-devis.md): its amounts in cents,
 * the VAT rate of each line from the site facts, the texts the law asks it to carry, and the
 * acceptance rules. The server resolves the catalogue and the seller, then builds the snapshot here;
 * the snapshot is what the PDF prints, what is hashed, and what the customer accepts.
 *
 * Sources: arrêté du 24 janvier 2017 (devis before any work at a consumer's home, the tariff
 * information), CGI art. 279-0 bis and BOI-TVA-LIQ-30-20-90 (10 % for work in a dwelling completed
 * more than two years ago; since 16 February 2025 the customer certifies it by a mention on the
 * devis or the invoice), C. conso. L221-5 and R221-1 (withdrawal information and model form),
 * L221-3 (a professional of 5 employees or fewer counts as a consumer outside its main activity),
 * L221-10 (no payment for 7 days off premises), L221-25 and L221-28 1° (express request and
 * acknowledgement).
 */
import { z } from 'zod';
import { excludedTaxCents, formatEuros } from '../catalog/pricing.js';
import { NOTES_MAX, tooLongMessage } from '../common/limits.js';
import { addDays } from '../dashboard/periods.js';
import { DomainError } from '../errors.js';
import { documentSellerSchema } from '../invoices/document.js';
import { frenchDay } from '../site/dates.js';
import { parisDay } from '../site/time-zone.js';
import { SITE_TYPE_LABELS, SITE_TYPES, type SiteType } from './labels.js';
import {
  durationLabel,
  quoteSentence,
  surchargeLines,
  type Tariffs,
  timeCountingSentence,
  travelSentence,
} from './tariffs.js';

/** The standard rate, and the reduced rate of work in a dwelling of more than two years. */
export const STANDARD_VAT = 20;
export const REDUCED_VAT = 10;

/**
 * The customer's certification that makes the 10 % rate apply (CGI art. 279-0 bis, as amended by
 * the loi de finances pour 2025: a mention on the devis or the invoice replaces the old form since
 * 16 February 2025). Wording after BOI-TVA-LIQ-30-20-90 (to confirm with the accountant).
 */
export const VAT_CERTIFICATION_WORDING =
  "Taux de TVA de 10 % (article 279-0 bis du CGI). En acceptant ce devis, le client atteste que les travaux portent sur des locaux à usage d'habitation achevés depuis plus de deux ans à la date de commencement des travaux, qu'ils n'ont pas pour effet de concourir à la production d'un immeuble neuf ni d'augmenter la surface de plancher de plus de 10 %, et qu'il conservera ce devis à l'appui de cette attestation.";

export const LINE_KINDS = ['service', 'labour', 'travel', 'product'] as const;
export type DevisLineKind = (typeof LINE_KINDS)[number];

/**
 * The rate of one line from the site facts: only the work (service, labour, travel) in a dwelling
 * completed more than two years ago takes 10 %; products, businesses, new dwellings, common parts,
 * exteriors, and anything unknown take 20 % (the safer reading, INTERVENTIONS.md). A seller under
 * the franchise en base charges none.
 */
export function devisLineVatRate(kind: DevisLineKind, siteType: SiteType, vatExempt = false): number {
  if (vatExempt) return 0;
  if (kind === 'product') return STANDARD_VAT;
  return siteType === 'logement_ancien' ? REDUCED_VAT : STANDARD_VAT;
}

/** A line as the server resolved it from the catalogue: prices are the published TTC at 20 %. */
export interface ResolvedLine {
  kind: DevisLineKind;
  label: string;
  /** Units (services, devices, products), minutes (labour), kilometres billed (travel per km), 1. */
  quantity: number;
  /** The published unit price, VAT included at the standard rate (per hour for labour). */
  unitInclStandardCents: number;
  /** Labour: billed per hour, the quantity is in minutes. */
  perHour?: boolean;
}

const cents = z.number().int();
const address = z.object({ line: z.string(), zipCode: z.string(), city: z.string() });

export const devisLineSchema = z.object({
  kind: z.enum(LINE_KINDS),
  label: z.string(),
  quantity: z.number().int().positive(),
  /** « h » for labour (quantity in minutes, printed as hours), « km », else units. */
  unit: z.enum(['u', 'min', 'km']),
  unitExclCents: cents,
  vatRate: z.number(),
  totalExclCents: cents,
  vatCents: cents,
  totalInclCents: cents,
});
export type DevisLine = z.infer<typeof devisLineSchema>;

export const CUSTOMER_KINDS = ['particulier', 'professionnel'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

export const devisSnapshotSchema = z.object({
  number: z.string(),
  series: z.string(),
  sequence: z.number().int().positive(),
  /** 1 for the first devis of the intervention, then 2, 3… (each version has its own number). */
  version: z.number().int().positive(),
  /** The number of the version this one replaces, if any. */
  replaces: z.string().nullable(),
  issuedAt: z.string(),
  /** The last day (Paris, YYYY-MM-DD) the devis can be accepted. */
  validUntil: z.string(),
  interventionNumber: z.string(),
  seller: documentSellerSchema,
  customer: z.object({
    kind: z.enum(CUSTOMER_KINDS),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address,
    /** Professional customers (L221-3): company, SIREN, headcount, main activity. */
    business: z
      .object({
        companyName: z.string(),
        siren: z.string(),
        headcount: z.number().int(),
        activity: z.string(),
      })
      .nullable(),
  }),
  site: z.object({ type: z.enum(SITE_TYPES), label: z.string(), address }),
  description: z.string(),
  estimatedMinutes: z.number().int(),
  lines: z.array(devisLineSchema),
  vat: z.array(z.object({ rate: z.number(), baseCents: cents, vatCents: cents, totalInclCents: cents })),
  totalExclCents: cents,
  totalVatCents: cents,
  totalInclCents: cents,
  /** The customer's certification wording when a line is at 10 %, else null. */
  vatCertification: z.string().nullable(),
  /** The published tariff as it stood (arrêté du 24 janvier 2017). */
  tariffInfo: z.array(z.string()),
  /** Whether this devis is free, as the arrêté asks it to say. */
  quoteFee: z.string(),
  /** The withdrawal information and the model form (consumers and L221-3 professionals), or null. */
  withdrawal: z.object({ information: z.array(z.string()), modelForm: z.array(z.string()) }).nullable(),
  /** The L221-3 note for a professional customer, or null. */
  professionalNote: z.string().nullable(),
});
export type DevisSnapshot = z.infer<typeof devisSnapshotSchema>;

/** Amounts of one line: the line is rounded once, before VAT, then its VAT is rounded once. */
export function priceLine(line: ResolvedLine, siteType: SiteType, vatExempt = false): DevisLine {
  const vatRate = devisLineVatRate(line.kind, siteType, vatExempt);
  // A published price (TTC at 20 %) before VAT: the shop's one VAT-included rule (pricing.ts).
  const unitExclCents = excludedTaxCents(line.unitInclStandardCents, STANDARD_VAT);
  const totalExclCents = line.perHour
    ? Math.round((unitExclCents * line.quantity) / 60)
    : unitExclCents * line.quantity;
  const vatCents = Math.round((totalExclCents * vatRate) / 100);
  return {
    kind: line.kind,
    label: line.label,
    quantity: line.quantity,
    unit: line.perHour ? 'min' : line.kind === 'travel' && line.quantity > 1 ? 'km' : 'u',
    unitExclCents,
    vatRate,
    totalExclCents,
    vatCents,
    totalInclCents: totalExclCents + vatCents,
  };
}

/** Totals per VAT rate: the sums of the lines (each already rounded), highest rate first. */
export function devisTotals(lines: readonly DevisLine[]) {
  const byRate = new Map<number, { baseCents: number; vatCents: number }>();
  for (const l of lines) {
    const t = byRate.get(l.vatRate) ?? { baseCents: 0, vatCents: 0 };
    byRate.set(l.vatRate, { baseCents: t.baseCents + l.totalExclCents, vatCents: t.vatCents + l.vatCents });
  }
  const vat = [...byRate]
    .sort(([a], [b]) => b - a)
    .map(([rate, t]) => ({ rate, ...t, totalInclCents: t.baseCents + t.vatCents }));
  return {
    vat,
    totalExclCents: vat.reduce((s, v) => s + v.baseCents, 0),
    totalVatCents: vat.reduce((s, v) => s + v.vatCents, 0),
    totalInclCents: vat.reduce((s, v) => s + v.totalInclCents, 0),
  };
}

/** Labour minutes as billed: the started unit of time counts, and the visit's minimum applies. */
export function billedMinutes(minutes: number, tariffs: Pick<Tariffs, 'timeCounting' | 'minimumMinutes'>) {
  const step = { quart_heure: 15, demi_heure: 30, heure: 60 }[tariffs.timeCounting];
  return Math.max(Math.ceil(minutes / step) * step, tariffs.minimumMinutes);
}

/** The tariff information a devis carries (the arrêté du 24 janvier 2017's list), as /tarifs says it. */
export function tariffInformation(t: Tariffs): string[] {
  const surcharges = surchargeLines(t);
  return [
    `Taux horaire de main-d'œuvre : ${t.hourlyRates.map((r) => `${r.label} ${formatEuros(r.cents)} TTC`).join(' ; ')}.`,
    timeCountingSentence(t),
    travelSentence(t),
    surcharges.length ? `Majorations : ${surcharges.join(' ; ')}.` : 'Aucune majoration.',
  ];
}

/** The withdrawal information of a contract concluded at a distance or off premises (L221-5, L221-18). */
export const WITHDRAWAL_INFORMATION = [
  "Droit de rétractation : vous disposez d'un délai de quatorze jours à compter de la conclusion du contrat pour vous rétracter sans donner de motif (articles L221-18 et suivants du Code de la consommation).",
  "Pour l'exercer, notifiez-nous votre décision par une déclaration dénuée d'ambiguïté (courrier, email), par exemple au moyen du formulaire ci-dessous.",
  "Si vous demandez expressément que l'intervention commence pendant le délai de rétractation, vous nous devrez, en cas de rétractation, un montant proportionnel à ce qui a été fourni jusqu'à la communication de votre décision (article L221-25).",
  "Vous perdez votre droit de rétractation lorsque l'intervention a été pleinement exécutée avant la fin du délai, après votre demande expresse et votre reconnaissance de cette perte (article L221-28 1°).",
];

/** The model withdrawal form (annexe à l'article R221-1 du Code de la consommation). */
export const withdrawalModelForm = (seller: DevisSnapshot['seller']) => [
  'Formulaire de rétractation (à compléter et renvoyer uniquement si vous souhaitez vous rétracter du contrat)',
  `À l'attention de ${seller.legalName || seller.tradeName}, ${seller.address.line}, ${seller.address.zipCode} ${seller.address.city}${seller.email ? `, ${seller.email}` : ''} :`,
  'Je vous notifie par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous :',
  'Commandé le / reçu le :',
  'Nom du (des) consommateur(s) :',
  'Adresse du (des) consommateur(s) :',
  'Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :',
  'Date :',
];

/** L221-3: a professional of five employees or fewer contracting outside its main activity. */
export const L221_3_THRESHOLD = 5;
export const professionalNote = (b: { headcount: number; activity: string }) =>
  b.headcount <= L221_3_THRESHOLD
    ? `Client professionnel de ${b.headcount} salarié(s) (activité principale : ${b.activity}) : si l'objet de ce contrat n'entre pas dans le champ de son activité principale, il bénéficie des dispositions protectrices du consommateur (article L221-3 du Code de la consommation).`
    : `Client professionnel de ${b.headcount} salariés (activité principale : ${b.activity}) : plus de ${L221_3_THRESHOLD} salariés, l'article L221-3 du Code de la consommation ne s'applique pas.`;

export const DEVIS_VALIDITY_DAYS_DEFAULT = 30;

export interface DevisInput {
  numbered: { number: string; series: string; sequence: number; issuedAt: string };
  version: number;
  replaces: string | null;
  validityDays: number;
  interventionNumber: string;
  seller: DevisSnapshot['seller'];
  customer: DevisSnapshot['customer'];
  site: { type: SiteType; address: DevisSnapshot['site']['address'] };
  description: string;
  estimatedMinutes: number;
  lines: readonly ResolvedLine[];
  tariffs: Tariffs;
}

/** The devis as sent: everything printed is in it, so the PDF and the hash never change. */
export function buildDevis(input: DevisInput): DevisSnapshot {
  const vatExempt = input.seller.vatExempt;
  const lines = input.lines.map((l) => priceLine(l, input.site.type, vatExempt));
  const totals = devisTotals(lines);
  const reduced = lines.some((l) => l.vatRate === REDUCED_VAT);
  const b = input.customer.business;
  // Consumers, and professionals of 5 employees or fewer (L221-3), get the withdrawal information.
  const protectedCustomer =
    input.customer.kind === 'particulier' || (b !== null && b.headcount <= L221_3_THRESHOLD);
  return {
    ...input.numbered,
    version: input.version,
    replaces: input.replaces,
    validUntil: addDays(parisDay(new Date(input.numbered.issuedAt)), input.validityDays),
    interventionNumber: input.interventionNumber,
    seller: input.seller,
    customer: input.customer,
    site: { type: input.site.type, label: SITE_TYPE_LABELS[input.site.type], address: input.site.address },
    description: input.description,
    estimatedMinutes: input.estimatedMinutes,
    lines,
    ...totals,
    vatCertification: reduced ? VAT_CERTIFICATION_WORDING : null,
    tariffInfo: tariffInformation(input.tariffs),
    quoteFee: quoteSentence(input.tariffs),
    withdrawal: protectedCustomer
      ? { information: WITHDRAWAL_INFORMATION, modelForm: withdrawalModelForm(input.seller) }
      : null,
    professionalNote: b ? professionalNote(b) : null,
  };
}

/** The express request to start within the withdrawal period (L221-25), recorded word for word. */
export const EXPRESS_REQUEST_WORDING =
  "Je demande expressément que l'intervention commence avant la fin du délai de rétractation de quatorze jours.";
/** The acknowledgement of losing the right once the service is fully performed (L221-28 1°). */
export const ACKNOWLEDGEMENT_WORDING =
  "Je reconnais que je perdrai mon droit de rétractation une fois l'intervention pleinement exécutée.";

/** How the contract was concluded: recorded, never guessed (INTERVENTIONS.md). */
export const CONCLUSION_MODES = ['a_distance', 'hors_etablissement'] as const;
export type ConclusionMode = (typeof CONCLUSION_MODES)[number];
export const CONCLUSION_MODE_LABELS: Record<ConclusionMode, string> = {
  a_distance: 'À distance',
  hors_etablissement: 'Hors établissement',
};

/** L221-10: no payment of any kind before the end of the 7th day after an off-premises contract. */
export const OFF_PREMISES_PAYMENT_BAN_DAYS = 7;
export const paymentBanUntil = (signedDay: string) => addDays(signedDay, OFF_PREMISES_PAYMENT_BAN_DAYS);

/** The one-time code: 6 digits, valid 15 minutes, 5 tries. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;

export const DEVIS_MESSAGES = {
  codeWrong: 'Le code saisi est incorrect. Vérifiez le code reçu par email.',
  codeExpired: 'Ce code a expiré. Demandez un nouveau code.',
  codeMissing: 'Demandez d’abord un code de confirmation.',
  codeTooMany: 'Trop d’essais avec ce code. Demandez un nouveau code.',
  expired: (validUntil: string) => `Ce devis n’est plus valable depuis le ${frenchDay(validUntil)}.`,
  notCurrent: 'Ce devis a été remplacé par une nouvelle version. Consultez la dernière version.',
  notOpen: 'Ce devis ne peut plus être accepté.',
  name: 'Indiquez votre nom et prénom.',
  hashChanged: 'Le devis a changé depuis son affichage. Rechargez la page.',
} as const;

/** Whether a code row is still good at `now`: the check the acceptance event records. */
export function codeCheck(
  code: { expiresAt: string; attempts: number; usedAt: string | null } | null,
  now: string,
): 'ok' | keyof Pick<typeof DEVIS_MESSAGES, 'codeMissing' | 'codeExpired' | 'codeTooMany'> {
  if (!code || code.usedAt) return 'codeMissing';
  if (code.attempts >= CODE_MAX_ATTEMPTS) return 'codeTooMany';
  if (Date.parse(now) > Date.parse(code.expiresAt)) return 'codeExpired';
  return 'ok';
}

/** Whether a devis can still be accepted on `now` (Paris day within its validity). */
export const devisIsValidOn = (validUntil: string, now: string) => parisDay(new Date(now)) <= validUntil;

/** Minutes as printed (« 1 h 30 »). */
export const hoursLabel = durationLabel;

/** The printed quantity of a line. */
export const lineQuantityLabel = (l: Pick<DevisLine, 'quantity' | 'unit'>) =>
  l.unit === 'min' ? hoursLabel(l.quantity) : l.unit === 'km' ? `${l.quantity} km` : String(l.quantity);

const M = {
  lines: 'Ajoutez au moins une ligne au devis.',
  linesMax: '40 lignes au plus.',
  quantity: 'Indiquez une quantité entière entre 1 et 999.',
  minutes: 'Indiquez une durée en minutes, entre 15 et 2 880.',
  km: 'Indiquez une distance en kilomètres, entre 0 et 1 000.',
  validity: 'Indiquez une validité entre 1 et 90 jours.',
  company: 'Indiquez la raison sociale du client professionnel.',
  siren: 'Indiquez le SIREN du client professionnel (9 chiffres).',
  headcount: 'Indiquez l’effectif du client professionnel (nombre de salariés).',
  activity: 'Indiquez l’activité principale du client professionnel.',
  service: 'Choisissez une prestation du catalogue.',
  product: 'Choisissez un produit de la boutique.',
} as const;
export const DEVIS_FORM_MESSAGES = M;

const quantity = z.number({ error: M.quantity }).int(M.quantity).min(1, M.quantity).max(999, M.quantity);
const minutes = z.number({ error: M.minutes }).int(M.minutes).min(15, M.minutes).max(2880, M.minutes);

export const devisDraftLineSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('service'),
    serviceId: z.string().uuid(M.service),
    quantity,
    /** Hourly services: the time planned (else the service's default duration). */
    minutes: minutes.nullable().default(null),
  }),
  z.object({ kind: z.literal('labour'), rateIndex: z.number().int().min(0).max(2), minutes }),
  z.object({
    kind: z.literal('travel'),
    km: z.number({ error: M.km }).int(M.km).min(0, M.km).max(1000, M.km).default(0),
  }),
  z.object({ kind: z.literal('product'), productId: z.string().uuid(M.product), quantity }),
]);
export type DevisDraftLine = z.infer<typeof devisDraftLineSchema>;

export const devisDraftSchema = z
  .object({
    siteType: z.enum(SITE_TYPES, 'Choisissez le type de lieu.'),
    customerKind: z.enum(CUSTOMER_KINDS, 'Choisissez le type de client.'),
    companyName: z.string().trim().max(160).default(''),
    siren: z.string().trim().max(20).default(''),
    headcount: z.number().int().min(0).max(100_000).nullable().default(null),
    activity: z.string().trim().max(160).default(''),
    description: z.string().trim().max(NOTES_MAX, tooLongMessage(NOTES_MAX)).default(''),
    validityDays: z
      .number({ error: M.validity })
      .int(M.validity)
      .min(1, M.validity)
      .max(90, M.validity)
      .default(DEVIS_VALIDITY_DAYS_DEFAULT),
    lines: z.array(devisDraftLineSchema).min(1, M.lines).max(40, M.linesMax),
  })
  .superRefine((d, ctx) => {
    if (d.customerKind !== 'professionnel') return;
    if (!d.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: M.company });
    if (!/^\d{9}$/.test(d.siren.replace(/\s/g, '')))
      ctx.addIssue({ code: 'custom', path: ['siren'], message: M.siren });
    if (d.headcount === null) ctx.addIssue({ code: 'custom', path: ['headcount'], message: M.headcount });
    if (!d.activity) ctx.addIssue({ code: 'custom', path: ['activity'], message: M.activity });
  });
export type DevisDraft = z.infer<typeof devisDraftSchema>;

/** A shop product as a devis line reads it (its published price, VAT included). */
export interface CatalogueProduct {
  id: string;
  title: string;
  priceCents: number;
}

/**
 * The draft's lines resolved against the catalogue and the tariff (the server's, never the
 * client's prices), with the estimated time. Unknown services or products are refused.
 */
export function resolveDraftLines(
  draft: Pick<DevisDraft, 'lines'>,
  tariffs: Tariffs,
  products: readonly CatalogueProduct[],
): { lines: ResolvedLine[]; estimatedMinutes: number } {
  const lines: ResolvedLine[] = [];
  let estimatedMinutes = 0;
  const firstRate = tariffs.hourlyRates[0];
  for (const l of draft.lines) {
    switch (l.kind) {
      case 'service': {
        const s = tariffs.services.find((x) => x.id === l.serviceId);
        if (!s) throw new DomainError('invalid', 'DEVIS_SERVICE', M.service);
        const label = s.pests ? `${s.label} (${s.pests})` : s.label;
        if (s.pricing === 'horaire') {
          const billed = billedMinutes((l.minutes ?? s.defaultMinutes) * l.quantity, tariffs);
          lines.push({
            kind: 'service',
            label,
            quantity: billed,
            unitInclStandardCents: firstRate?.cents ?? 0,
            perHour: true,
          });
          estimatedMinutes += billed;
        } else {
          lines.push({
            kind: 'service',
            label: s.pricing === 'dispositif' ? `${label}, par dispositif` : label,
            quantity: l.quantity,
            unitInclStandardCents: s.priceCents,
          });
          estimatedMinutes += s.defaultMinutes;
        }
        break;
      }
      case 'labour': {
        const rate = tariffs.hourlyRates[l.rateIndex];
        if (!rate) throw new DomainError('invalid', 'DEVIS_RATE', 'Choisissez un taux horaire publié.');
        const billed = billedMinutes(l.minutes, tariffs);
        lines.push({
          kind: 'labour',
          label: `Main-d'œuvre (${rate.label})`,
          quantity: billed,
          unitInclStandardCents: rate.cents,
          perHour: true,
        });
        estimatedMinutes += billed;
        break;
      }
      case 'travel': {
        if (tariffs.travelMode === 'forfait') {
          if (tariffs.travelFlatCents > 0)
            lines.push({
              kind: 'travel',
              label: 'Déplacement (forfait)',
              quantity: 1,
              unitInclStandardCents: tariffs.travelFlatCents,
            });
        } else {
          const km = Math.max(0, l.km - tariffs.travelFreeKm);
          if (km > 0)
            lines.push({
              kind: 'travel',
              label: `Déplacement (${l.km} km, dont ${tariffs.travelFreeKm} km inclus)`,
              quantity: km,
              unitInclStandardCents: tariffs.travelPerKmCents,
            });
        }
        break;
      }
      case 'product': {
        const p = products.find((x) => x.id === l.productId);
        if (!p) throw new DomainError('invalid', 'DEVIS_PRODUCT', M.product);
        lines.push({
          kind: 'product',
          label: p.title,
          quantity: l.quantity,
          unitInclStandardCents: p.priceCents,
        });
        break;
      }
    }
  }
  if (lines.length === 0) throw new DomainError('invalid', 'DEVIS_EMPTY', M.lines);
  return { lines, estimatedMinutes };
}
