import { z } from 'zod';
import { excludedTaxCents, formatEuros, includedTaxCents } from '../catalog/pricing.js';
import { addDays } from '../dashboard/periods.js';
import { DomainError } from '../errors.js';
import type { OrderState } from '../orders/decider.js';
import {
  type LedgerRefund,
  orderVatRate,
  paymentMethodLabel,
  REFUND_REASON_LABELS,
  type RefundReason,
  standingPaidCents,
} from '../orders/money.js';
import { frenchDay, shortDate } from '../site/dates.js';
import { parisDay } from '../site/time-zone.js';
import { parisYear, seriesNumber, yearlySeries } from '../site/yearly-series.js';
import type { BusinessCustomer } from './business.js';
import { type SellerIdentity, VAT_EXEMPT_MENTION } from './identity.js';
import { paidInFull } from './payment.js';

/**
 * Invoices and credit notes (avoirs) as immutable snapshots: everything the document prints is in
 * the snapshot, taken when it is issued, so the PDF renders the same forever (docs/decisions/019).
 * Sources: CGI art. 242 nonies A (mentions), art. 289 (issuing, numbering, credit notes), C. com.
 * L441-9 (invoice due to a business), L441-10 and D441-5 (late penalties, 40 € recovery fee).
 */

export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Late-payment penalties due to a business buyer (C. com. L441-10 II): printed on its invoices. */
export const LATE_PENALTY_MENTION =
  "En cas de retard de paiement, pénalités au taux de trois fois le taux d'intérêt légal (art. L441-10 du Code de commerce).";
/** The fixed recovery fee (C. com. L441-10 II, D441-5): 40 €, printed for business buyers. */
export const RECOVERY_FEE_MENTION =
  'Indemnité forfaitaire pour frais de recouvrement : 40 € (art. D441-5 du Code de commerce).';
/** No discount for early payment: the "conditions d'escompte" mention (C. com. L441-9). */
export const NO_EARLY_DISCOUNT_MENTION = 'Escompte pour paiement anticipé : néant.';
export const OPERATION_LABELS = {
  goods: 'Livraison de biens',
  services: 'Prestation de services',
  both: 'Livraison de biens et prestation de services',
} as const;

const cents = z.number().int();
const address = z.object({ line: z.string(), zipCode: z.string(), city: z.string() });

/** The seller as a document states it at issue (invoice, credit note, devis): the identity's mentions. */
export const documentSellerSchema = z.object({
  legalName: z.string(),
  tradeName: z.string(),
  legalForm: z.string(),
  shareCapital: z.string(),
  address,
  siren: z.string(),
  siret: z.string(),
  registry: z.string(),
  vatNumber: z.string(),
  vatExempt: z.boolean(),
  email: z.string(),
  phone: z.string(),
});
export type DocumentSeller = z.output<typeof documentSellerSchema>;

/** The seller's lines at the head of a document's PDF, empty ones left out. */
export const sellerHeaderLines = (s: DocumentSeller): string[] =>
  [
    s.legalName,
    `${s.legalForm}${s.shareCapital ? ` au capital de ${s.shareCapital}` : ''}`,
    s.address.line,
    `${s.address.zipCode} ${s.address.city}`,
    `SIREN ${s.siren}${s.siret ? ` – SIRET ${s.siret}` : ''}`,
    s.registry,
    s.vatExempt ? VAT_EXEMPT_MENTION : `TVA intracommunautaire : ${s.vatNumber}`,
    [s.email, s.phone].filter(Boolean).join(' – '),
  ].filter((line) => line.trim());

/** How an intervention's contract was concluded; `inconnu` (none recorded) takes the strictest rules. */
export const INVOICE_CONCLUSION_MODES = ['a_distance', 'hors_etablissement', 'inconnu'] as const;

/**
 * What an intervention's invoice says of its source (docs/decisions/039-invoice-from-report.md): the
 * devis it bills (the contract), the sealed report it comes from, the time actually spent beside the
 * time the devis estimated, and the first day a payment may be received (C. conso. L221-10).
 */
export const interventionSourceSchema = z.object({
  devisNumber: z.string(),
  reportNumber: z.string(),
  conclusionMode: z.enum(INVOICE_CONCLUSION_MODES),
  siteAddress: address,
  /** The Paris day of the visit (the service's date, EN 16931 BT-72). */
  visitDay: z.string(),
  estimatedMinutes: z.number().int().nonnegative(),
  /** Time on site, VisitArrived → VisitFinished, in minutes; null when not recorded. */
  actualMinutes: z.number().int().nonnegative().nullable(),
  /** The same as the tariffs count it (started unit, minimum), for information. */
  actualCountedMinutes: z.number().int().nonnegative().nullable(),
  /** First Paris day a payment may be received (the day after the ban), null when none applies. */
  paymentAllowedFrom: z.string().nullable(),
  /** The customer's own written request for urgent work, word for word (L221-10, L221-28 8°). */
  urgentException: z.string().nullable(),
  /** The customer's certification (CGI art. 279-0 bis) when a line is at 10 %, as the devis had it. */
  vatCertification: z.string().nullable(),
});
export type InterventionSource = z.infer<typeof interventionSourceSchema>;

/**
 * What a yearly contract's invoice says of its source (docs/decisions/044-yearly-contracts.md): the
 * contract year and billing period it bills (EN 16931 BT-73, BT-74) and the site served.
 */
export const contractSourceSchema = z.object({
  yearIndex: z.number().int().nonnegative(),
  periodIndex: z.number().int().nonnegative(),
  periodFrom: z.string(),
  periodTo: z.string(),
  siteAddress: address,
  /** The customer's certification (CGI art. 279-0 bis) when billed at 10 %. */
  vatCertification: z.string().nullable(),
});
export type ContractSource = z.infer<typeof contractSourceSchema>;

/** A report event an invoice line comes from: its version in the intervention's stream and type. */
export const lineSourceSchema = z.object({ version: z.number().int().positive(), type: z.string() });
export type LineSource = z.infer<typeof lineSourceSchema>;

export const documentSnapshotSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  series: z.string(),
  sequence: z.number().int().positive(),
  /** ISO instant of issue; the printed date is its Paris day. */
  issuedAt: z.string(),
  /**
   * The stream the document belongs to: an order's id and number, or an intervention's when
   * `intervention` is set (the stored documents carry these keys; `sourceMention` says which).
   */
  orderId: z.string(),
  orderNumber: z.string(),
  /** Date of the sale (the order; an intervention: its request), when different from the invoice date. */
  saleDate: z.string(),
  /** Set when the source is an intervention (docs/decisions/039); null for an order's documents. */
  intervention: interventionSourceSchema.nullable().default(null),
  /** Set when the source is a yearly contract (ADR 044; `orderNumber` is the contract's number). */
  contract: contractSourceSchema.nullable().default(null),
  seller: documentSellerSchema,
  customer: z.object({
    name: z.string(),
    email: z.string(),
    billingAddress: address.nullable(),
    /** Only when it differs from the billing address. */
    deliveryAddress: address.nullable(),
    business: z.object({ companyName: z.string(), siren: z.string(), vatNumber: z.string() }).nullable(),
  }),
  operationCategory: z.enum(['goods', 'services', 'both']),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().int().positive(),
      /**
       * Unit price before VAT, in cents (rounded): kept for older readers. The PDF and the XML print
       * `netUnitPrice(line)`, the price that gives the line's total (EN 16931 BT-146, BT-131).
       */
      unitPriceExclCents: cents,
      discountCents: cents,
      vatRate: z.number(),
      totalExclCents: cents,
      totalInclCents: cents,
      /** The report events this line bills (an intervention's invoice); empty for an order's. */
      sources: z.array(lineSourceSchema).default([]),
    }),
  ),
  vat: z.array(z.object({ rate: z.number(), baseCents: cents, vatCents: cents, totalInclCents: cents })),
  totalExclCents: cents,
  totalVatCents: cents,
  totalInclCents: cents,
  paymentTerms: z.string(),
  /**
   * When the order was paid in full: the day of the payment that completed it (YYYY-MM-DD, from the
   * payments ledger; documents issued before 2026-11-28 hold an instant). A credit note: the day of
   * the refund it documents. Printed « Payée le … » / « Remboursé le … ».
   */
  paidAt: z.string().nullable(),
  /** The means of the payments (or of the refund), as printed: « Espèces », « Chèque »… */
  paymentMethods: z.array(z.string()).default([]),
  /** What was already paid when issued, VAT included (Factur-X TotalPrepaidAmount). */
  prepaidCents: cents.nullable().default(null),
  /** The day payment is due (YYYY-MM-DD) when issued unpaid (C. com. L441-9, L441-10 I). */
  dueDate: z.string().nullable().default(null),
  /** The day the goods were delivered (YYYY-MM-DD), when known at issue (EN 16931 BT-72). */
  deliveryDate: z.string().nullable().default(null),
  /** A credit note cites its invoice's number and date (CGI art. 272, BOI-TVA-DECLA-30-20-20). */
  cites: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
  reason: z.string().nullable(),
});
export type DocumentSnapshot = z.infer<typeof documentSnapshotSchema>;

/** "FA-2026": one series per prefix and Paris year of the issue (yearly-series.ts, the one rule). */
export const documentSeries = (prefix: string, issuedAt: Date) => yearlySeries(prefix, parisYear(issuedAt));
/** "FA-2026-000001": numbers run from 1 without gaps inside their series. */
export const documentNumber = seriesNumber;

interface PricedLine {
  description: string;
  quantity: number;
  unitInclCents: number;
  totalInclCents: number;
}

/**
 * Lines before VAT from VAT-inclusive prices. The VAT of a rate is computed once on its total (as
 * the order did); the lines' amounts before VAT are then adjusted by the rounding cents so that
 * they add up to the rate's base (EN 16931 BR-S-08: the base is the sum of the lines).
 */
function toLines(lines: readonly PricedLine[], rate: number): DocumentSnapshot['lines'] {
  const result = lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPriceExclCents: excludedTaxCents(l.unitInclCents, rate),
    discountCents: 0,
    vatRate: rate,
    totalExclCents: excludedTaxCents(l.totalInclCents, rate),
    totalInclCents: l.totalInclCents,
    sources: [],
  }));
  return balanced(result);
}

function balanced(lines: DocumentSnapshot['lines']): DocumentSnapshot['lines'] {
  for (const v of vatBreakdown(lines)) {
    const ofRate = lines.filter((l) => l.vatRate === v.rate);
    const diff = v.baseCents - ofRate.reduce((s, l) => s + l.totalExclCents, 0);
    const largest = ofRate.reduce((a, b) => (b.totalInclCents > a.totalInclCents ? b : a));
    largest.totalExclCents += diff;
  }
  return lines;
}

/** Totals per VAT rate: the VAT of a rate is computed once on its total (as the order did). */
export function vatBreakdown(lines: DocumentSnapshot['lines']): DocumentSnapshot['vat'] {
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.totalInclCents);
  return [...byRate]
    .sort(([a], [b]) => b - a)
    .map(([rate, totalInclCents]) => {
      const vatCents = includedTaxCents(totalInclCents, rate);
      return { rate, baseCents: totalInclCents - vatCents, vatCents, totalInclCents };
    });
}

export interface Numbered {
  number: string;
  series: string;
  sequence: number;
  issuedAt: string;
}

export interface ShopContact {
  name: string;
  email: string;
  phone: string;
}

export function sellerSnapshot(identity: SellerIdentity, shop: ShopContact): DocumentSnapshot['seller'] {
  return {
    legalName: identity.legalName,
    tradeName: shop.name,
    legalForm: identity.legalForm,
    shareCapital: identity.shareCapital,
    address: { line: identity.address, zipCode: identity.zipCode, city: identity.city },
    siren: identity.siren,
    siret: identity.siret,
    registry: identity.registry,
    vatNumber: identity.vatExempt ? '' : identity.vatNumber,
    vatExempt: identity.vatExempt,
    email: shop.email,
    phone: shop.phone,
  };
}

function customerSnapshot(
  order: OrderState & { business?: BusinessCustomer | null },
): DocumentSnapshot['customer'] {
  const c = order.customer;
  const hasAddress = Boolean(c.address.trim() || c.city.trim());
  return {
    name: `${c.firstName} ${c.lastName}`.trim(),
    email: c.email,
    billingAddress: hasAddress ? { line: c.address, zipCode: c.zipCode, city: c.city } : null,
    // The checkout records one address, used for billing and delivery alike.
    deliveryAddress: null,
    business: order.business ?? null,
  };
}

/** Terms of an order paid when placed (or before its invoice). */
export const PAID_TERMS = 'Paiement comptant à la commande.';
/**
 * Days given to pay an invoice issued before payment: the legal default, the thirtieth day after
 * the goods (C. com. L441-10 I); the invoice prints the day (L441-9: « la date à laquelle le
 * règlement doit intervenir »).
 */
export const PAYMENT_DUE_DAYS = 30;
export const dueTerms = (dueDate: string) =>
  `Paiement à ${PAYMENT_DUE_DAYS} jours, au plus tard le ${frenchDay(dueDate)}.`;
export const REFUND_TERMS = 'Remboursement par le moyen de paiement utilisé pour la commande.';

/** Index of the delivery line among an invoice's lines: after the order's own lines. */
export const SHIPPING_DESCRIPTION = 'Frais de livraison';

function orderLines(order: OrderState): PricedLine[] {
  const lines: PricedLine[] = order.lines.map((l) => ({
    description: l.title,
    quantity: l.quantity,
    unitInclCents: l.unitPriceCents,
    totalInclCents: l.totalPriceCents,
  }));
  if (order.shippingCostCents > 0) {
    lines.push({
      description: SHIPPING_DESCRIPTION,
      quantity: 1,
      unitInclCents: order.shippingCostCents,
      totalInclCents: order.shippingCostCents,
    });
  }
  return lines;
}

function totals(lines: DocumentSnapshot['lines']) {
  const vat = vatBreakdown(lines);
  return {
    vat,
    totalExclCents: vat.reduce((s, v) => s + v.baseCents, 0),
    totalVatCents: vat.reduce((s, v) => s + v.vatCents, 0),
    totalInclCents: vat.reduce((s, v) => s + v.totalInclCents, 0),
  };
}

type InvoicedOrder = OrderState & { business?: BusinessCustomer | null; taxRate?: number };

/** The invoice of an order, as issued now: pure, from the order and the seller at this moment. */
export function buildInvoice(input: {
  order: InvoicedOrder;
  identity: SellerIdentity;
  shop: ShopContact;
  numbered: Numbered;
}): DocumentSnapshot {
  const { order, identity } = input;
  // A seller under the franchise en base charges no VAT: the amounts are printed without it.
  const rate = identity.vatExempt ? 0 : orderVatRate(order);
  const lines = toLines(orderLines(order), rate);
  const t = totals(lines);
  // Paid or not, and how: from the payments ledger, the one paid-date rule (payment.ts).
  const payment = paidInFull(order.ledger, order.totalAmountCents);
  const paid = payment !== null;
  const dueDate = paid ? null : addDays(parisDay(new Date(input.numbered.issuedAt)), PAYMENT_DUE_DAYS);
  return {
    kind: 'invoice',
    ...input.numbered,
    orderId: order.id,
    orderNumber: order.orderNumber,
    saleDate: order.createdAt,
    intervention: null,
    contract: null,
    seller: sellerSnapshot(identity, input.shop),
    customer: customerSnapshot(order),
    // The shop's orders are products and their delivery; interventions are quoted and invoiced apart.
    operationCategory: 'goods',
    lines,
    ...t,
    paymentTerms: dueDate ? dueTerms(dueDate) : PAID_TERMS,
    paidAt: payment?.day ?? null,
    paymentMethods: payment?.methods ?? [],
    prepaidCents: paid
      ? t.totalInclCents
      : Math.min(Math.max(0, standingPaidCents(order.ledger)), t.totalInclCents),
    dueDate,
    deliveryDate: order.deliveredAt ? parisDay(new Date(order.deliveredAt)) : null,
    cites: null,
    reason: null,
  };
}

export interface CreditRequest {
  /**
   * Refunded lines: the invoice line's index, how many units and, when the refund said it, the
   * amount given back for them (VAT included; else their share of the line).
   */
  lines?: { index: number; quantity: number; amountCents?: number }[];
  /**
   * An amount, VAT included, in cents, spread over the invoice's rates: with `lines`, what the
   * refund gave back beyond them (a commercial gesture); alone, a refund by amount.
   */
  amountCents?: number;
  reason: string;
  /** The refund it documents, when it documents one: its day and means (« Remboursé le … »). */
  refund?: { day: string; methods: string[] };
}

const creditError = (message: string) => new DomainError('invalid', 'INVALID_CREDIT_NOTE', message);

/** Lines for an amount spread over the invoice's rates in proportion to their totals. */
function amountLines(invoice: DocumentSnapshot, amount: number, description: string) {
  const rates = invoice.vat.filter((v) => v.totalInclCents > 0);
  let left = amount;
  return rates.map((v, i) => {
    const share =
      i === rates.length - 1 ? left : Math.round((amount * v.totalInclCents) / invoice.totalInclCents);
    left -= share;
    const excl = excludedTaxCents(share, v.rate);
    return {
      description,
      quantity: 1,
      unitPriceExclCents: excl,
      discountCents: 0,
      vatRate: v.rate,
      totalExclCents: excl,
      totalInclCents: share,
      sources: [],
    };
  });
}

/**
 * The credit note (avoir) of a refund or a cancellation: it cites its own order's invoice (number
 * and date), carries the refunded lines with their quantities, the delivery and any extra amount
 * with the invoice's rates, the reason, and never credits more than the invoice still carries.
 */
export function buildCreditNote(input: {
  /** The order the credit note belongs to: it may cite only that order's invoice. */
  orderId: string;
  invoice: DocumentSnapshot;
  identity: SellerIdentity;
  shop: ShopContact;
  numbered: Numbered;
  /** Already credited by earlier credit notes of this invoice, VAT included. */
  creditedCents: number;
  request: CreditRequest;
}): DocumentSnapshot {
  const { invoice, request } = input;
  if (invoice.kind !== 'invoice' || invoice.orderId !== input.orderId) {
    throw creditError('Un avoir ne peut citer que la facture de sa propre commande.');
  }
  const remaining = invoice.totalInclCents - input.creditedCents;
  let lines: DocumentSnapshot['lines'] = [];
  const hasLines = Boolean(request.lines && request.lines.length > 0);
  if (request.lines && hasLines) {
    lines = request.lines.map(({ index, quantity, amountCents }) => {
      const line = invoice.lines[index];
      if (!line || !Number.isInteger(quantity) || quantity < 1 || quantity > line.quantity) {
        throw creditError('Ligne ou quantité à rembourser invalide.');
      }
      const totalInclCents = amountCents ?? Math.round((line.totalInclCents * quantity) / line.quantity);
      if (!Number.isInteger(totalInclCents) || totalInclCents < 0 || totalInclCents > line.totalInclCents) {
        throw creditError('Montant remboursé invalide pour cette ligne.');
      }
      const totalExclCents = excludedTaxCents(totalInclCents, line.vatRate);
      return {
        ...line,
        quantity,
        unitPriceExclCents: Math.round(totalExclCents / quantity),
        totalInclCents,
        totalExclCents,
      };
    });
    lines = balanced(lines);
  }
  if (!hasLines || request.amountCents !== undefined) {
    const amount = request.amountCents ?? remaining;
    if (!Number.isInteger(amount) || amount < 0 || (amount === 0 && !hasLines))
      throw creditError('Le montant à rembourser doit être positif.');
    if (amount > 0) {
      const description = hasLines
        ? `Remboursement complémentaire sur la facture ${invoice.number}`
        : amount === invoice.totalInclCents
          ? `Annulation de la facture ${invoice.number}`
          : `Remboursement partiel de la facture ${invoice.number}`;
      lines = [...lines, ...amountLines(invoice, amount, description)];
    }
  }
  const t = totals(lines);
  if (t.totalInclCents > remaining) {
    throw creditError(
      `L'avoir dépasserait le montant restant de la facture ${invoice.number} (${formatEuros(remaining)}).`,
    );
  }
  const reason = request.reason.trim();
  if (!reason) throw creditError("Le motif de l'avoir est obligatoire.");
  return {
    ...invoice,
    kind: 'credit_note',
    ...input.numbered,
    seller: sellerSnapshot(input.identity, input.shop),
    lines,
    ...t,
    paymentTerms: REFUND_TERMS,
    paidAt: request.refund?.day ?? null,
    paymentMethods: request.refund?.methods ?? [],
    prepaidCents: request.refund ? t.totalInclCents : 0,
    dueDate: null,
    cites: { number: invoice.number, issuedAt: invoice.issuedAt },
    reason: reason.slice(0, 500),
  };
}

/**
 * What the credit note of a refund credits (C. com. L441-9, CGI art. 289): the refunded lines of
 * the order with their quantities and amounts, the delivery, any amount beyond them, the reason
 * chosen with its note, and the refund's day and means. The invoice's lines are the order's lines
 * in order, then the delivery (buildInvoice), so a line's index is its order line's.
 */
export function refundCreditRequest(
  order: Pick<OrderState, 'lines' | 'shippingCostCents'>,
  refund: Pick<
    LedgerRefund,
    'lines' | 'shippingCents' | 'extraCents' | 'amountCents' | 'reason' | 'note' | 'day' | 'method'
  >,
): CreditRequest {
  const lines: NonNullable<CreditRequest['lines']> = [];
  let itemised = 0;
  for (const l of refund.lines) {
    const index = order.lines.findIndex((o) => o.itemId === l.itemId);
    if (index < 0) continue;
    lines.push({ index, quantity: l.quantity, amountCents: l.amountCents });
    itemised += l.amountCents;
  }
  if (refund.shippingCents > 0 && order.shippingCostCents > 0) {
    lines.push({ index: order.lines.length, quantity: 1, amountCents: refund.shippingCents });
    itemised += refund.shippingCents;
  }
  const label = REFUND_REASON_LABELS[refund.reason as RefundReason] ?? refund.reason;
  const reason = refund.note?.trim() ? `${label} – ${refund.note.trim()}` : label;
  const rest = refund.amountCents - itemised;
  return {
    ...(lines.length > 0 ? { lines } : {}),
    ...(lines.length === 0 || rest > 0
      ? { amountCents: lines.length === 0 ? refund.amountCents : rest }
      : {}),
    reason,
    refund: { day: refund.day, methods: [paymentMethodLabel(refund.method)] },
  };
}

/**
 * The net unit price a line prints, in euros as a decimal string ("8.3233"): the fewest decimals
 * (two to six) with which quantity × price, rounded to the cent, gives the line's total (EN 16931
 * BT-146 and BT-131: the line net amount is the quantity times the net price). The PDF and the XML
 * print this one figure, so « 3 × 8,3233 € = 24,97 € » reads the same in both.
 */
export function netUnitPrice(line: Pick<DocumentSnapshot['lines'][number], 'quantity' | 'totalExclCents'>) {
  const exact = line.totalExclCents / line.quantity / 100;
  for (let decimals = 2; decimals < 6; decimals++) {
    const price = exact.toFixed(decimals);
    if (Math.round(Number(price) * line.quantity * 100) === line.totalExclCents) return price;
  }
  return exact.toFixed(6);
}

/**
 * How a document was settled, as printed: « Payée le 20/11/2026 (Espèces, Chèque). » on an invoice
 * paid in full, « Remboursé le … (Virement). » on the credit note of a refund; null otherwise (an
 * unpaid invoice prints its due date in its terms).
 */
export function settlementMention(doc: DocumentSnapshot): string | null {
  if (!doc.paidAt) return null;
  const means = doc.paymentMethods.length > 0 ? ` (${doc.paymentMethods.join(', ')})` : '';
  return `${doc.kind === 'invoice' ? 'Payée' : 'Remboursé'} le ${documentDate(doc.paidAt)}${means}.`;
}

/** The printed date of a document: its Paris day as dd/mm/yyyy. */
export const documentDate = (iso: string) => shortDate(iso);

/** The mentions a document must print, in the order the PDF shows them (tested against the PDF text). */
export function mandatoryMentions(doc: DocumentSnapshot): string[] {
  const s = doc.seller;
  const mentions = [
    doc.kind === 'invoice' ? 'FACTURE' : 'AVOIR',
    doc.number,
    documentDate(doc.issuedAt),
    s.legalName,
    s.legalForm,
    s.address.line,
    `${s.address.zipCode} ${s.address.city}`,
    `SIREN ${s.siren}`,
    s.registry,
    s.vatExempt ? VAT_EXEMPT_MENTION : `TVA intracommunautaire : ${s.vatNumber}`,
    doc.customer.name,
    sourceMention(doc),
    OPERATION_LABELS[doc.operationCategory],
    doc.paymentTerms,
    NO_EARLY_DISCOUNT_MENTION,
  ];
  if (s.shareCapital) mentions.push(`capital de ${s.shareCapital}`);
  if (s.siret) mentions.push(`SIRET ${s.siret}`);
  if (doc.customer.billingAddress) mentions.push(doc.customer.billingAddress.line);
  if (doc.customer.business) {
    mentions.push(doc.customer.business.companyName, `SIREN ${doc.customer.business.siren}`);
    if (doc.customer.business.vatNumber) mentions.push(doc.customer.business.vatNumber);
    mentions.push(LATE_PENALTY_MENTION, RECOVERY_FEE_MENTION);
  }
  if (doc.cites)
    mentions.push(`Avoir sur la facture ${doc.cites.number} du ${documentDate(doc.cites.issuedAt)}`);
  const settled = settlementMention(doc);
  if (settled) mentions.push(settled);
  if (doc.reason) mentions.push(`Motif : ${doc.reason}`);
  const i = doc.intervention;
  if (i) {
    mentions.push(`Devis ${i.devisNumber}`, `Rapport d'intervention ${i.reportNumber}`);
    const ban = paymentBanMention(doc);
    if (ban) mentions.push(ban);
    if (i.vatCertification) mentions.push(i.vatCertification);
  }
  if (doc.contract) {
    mentions.push(contractPeriodMention(doc.contract));
    if (doc.contract.vatCertification) mentions.push(doc.contract.vatCertification);
  }
  return mentions;
}

/** The period a contract's invoice bills, as printed. */
export const contractPeriodMention = (c: Pick<ContractSource, 'periodFrom' | 'periodTo'>) =>
  `Période facturée : du ${frenchDay(c.periodFrom)} au ${frenchDay(c.periodTo)}`;

/** Where the document comes from, as printed: « Commande CMD-… du … » or « Intervention INT-… du … ». */
export function sourceMention(
  doc: Pick<DocumentSnapshot, 'orderNumber' | 'intervention'> & { contract?: ContractSource | null },
): string {
  if (doc.contract) return `Contrat ${doc.orderNumber}`;
  return doc.intervention ? `Intervention ${doc.orderNumber}` : `Commande ${doc.orderNumber}`;
}

/**
 * The off-premises payment ban as an invoice prints it (C. conso. L221-10): no payment of any kind
 * before the first allowed day. Null when no ban applies (at a distance, or the urgent exception).
 */
export function paymentBanMention(doc: Pick<DocumentSnapshot, 'intervention'>): string | null {
  const from = doc.intervention?.paymentAllowedFrom;
  if (!from) return null;
  return `Aucun paiement ne peut être exigé ni reçu avant le ${frenchDay(from)} (article L221-10 du Code de la consommation).`;
}

// --- Gaplessness ---------------------------------------------------------------------------------

export interface IssuedRef {
  kind: DocumentKind;
  number: string;
  series: string;
  sequence: number;
  issuedAt: string;
  orderId: string;
  cites: { number: string; issuedAt: string } | null;
}

/**
 * What the audit reports about the documents, in the log's order: each series runs 1, 2, 3...
 * without gap or repeat, in chronological order, and every credit note cites an invoice of the
 * same order with its number and date (CGI art. 289 I 5: "une numérotation unique basée sur une
 * séquence chronologique et continue").
 */
export function documentProblems(docs: readonly IssuedRef[]): string[] {
  const problems: string[] = [];
  const last = new Map<string, { sequence: number; issuedAt: string; number: string }>();
  const invoices = new Map<string, IssuedRef>();
  for (const d of docs) {
    const prev = last.get(d.series);
    const expected = (prev?.sequence ?? 0) + 1;
    if (d.sequence !== expected) {
      problems.push(
        d.sequence < expected
          ? `${d.number}: number ${d.sequence} of series ${d.series} used again`
          : `${d.number}: series ${d.series} jumps from ${expected - 1} to ${d.sequence} (gap)`,
      );
    }
    if (prev && d.issuedAt < prev.issuedAt) {
      problems.push(`${d.number}: issued before ${prev.number} (numbering not chronological)`);
    }
    if (d.number !== documentNumber(d.series, d.sequence)) {
      problems.push(`${d.number}: number does not match series ${d.series} and sequence ${d.sequence}`);
    }
    last.set(d.series, {
      sequence: Math.max(d.sequence, prev?.sequence ?? 0),
      issuedAt: d.issuedAt,
      number: d.number,
    });
    if (d.kind === 'invoice') invoices.set(d.number, d);
    else {
      const cited = d.cites && invoices.get(d.cites.number);
      if (!cited)
        problems.push(`${d.number}: credit note cites no earlier invoice (${d.cites?.number ?? 'none'})`);
      else if (cited.orderId !== d.orderId)
        problems.push(`${d.number}: cites ${cited.number} of another order`);
      else if (cited.issuedAt !== d.cites?.issuedAt)
        problems.push(`${d.number}: cites ${cited.number} with the wrong date`);
    }
  }
  return problems;
}
