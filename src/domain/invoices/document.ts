import { z } from 'zod';
import { DomainError } from '../errors.js';
import type { OrderState } from '../orders/decider.js';
import { parisDay } from '../site/time-zone.js';
import type { BusinessCustomer } from './business.js';
import { type SellerIdentity, VAT_EXEMPT_MENTION } from './identity.js';

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

export const documentSnapshotSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  series: z.string(),
  sequence: z.number().int().positive(),
  /** ISO instant of issue; the printed date is its Paris day. */
  issuedAt: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  /** Date of the sale (the order), when different from the invoice date. */
  saleDate: z.string(),
  seller: z.object({
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
  }),
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
      /** Unit price before VAT, in cents (rounded); the line's totals are exact. */
      unitPriceExclCents: cents,
      discountCents: cents,
      vatRate: z.number(),
      totalExclCents: cents,
      totalInclCents: cents,
    }),
  ),
  vat: z.array(z.object({ rate: z.number(), baseCents: cents, vatCents: cents, totalInclCents: cents })),
  totalExclCents: cents,
  totalVatCents: cents,
  totalInclCents: cents,
  paymentTerms: z.string(),
  /** When the order was paid in full (ISO), printed for business buyers. */
  paidAt: z.string().nullable(),
  /** A credit note cites its invoice's number and date (CGI art. 272, BOI-TVA-DECLA-30-20-20). */
  cites: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
  reason: z.string().nullable(),
});
export type DocumentSnapshot = z.infer<typeof documentSnapshotSchema>;

/** "FA-2026": one series per prefix and Paris year; numbers run from 1 without gaps inside it. */
export const documentSeries = (prefix: string, issuedAt: Date) =>
  `${prefix}-${parisDay(issuedAt).slice(0, 4)}`;
export const documentNumber = (series: string, sequence: number) =>
  `${series}-${String(sequence).padStart(6, '0')}`;

/** VAT included in an amount that includes it, at `rate` percent (same rounding as the orders). */
const includedVat = (inclCents: number, rate: number) => Math.round((inclCents * rate) / (100 + rate));

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
    unitPriceExclCents: l.unitInclCents - includedVat(l.unitInclCents, rate),
    discountCents: 0,
    vatRate: rate,
    totalExclCents: l.totalInclCents - includedVat(l.totalInclCents, rate),
    totalInclCents: l.totalInclCents,
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
      const vatCents = includedVat(totalInclCents, rate);
      return { rate, baseCents: totalInclCents - vatCents, vatCents, totalInclCents };
    });
}

/** The VAT rate an order was priced with: recorded since 2026; older orders are read from their amounts. */
export function orderVatRate(
  order: Pick<OrderState, 'taxCents' | 'totalAmountCents'> & { taxRate?: number },
) {
  if (order.taxRate !== undefined) return order.taxRate;
  const base = order.totalAmountCents - order.taxCents;
  if (base <= 0 || order.taxCents === 0) return 0;
  const measured = (order.taxCents / base) * 100;
  return [20, 10, 5.5, 2.1, 0].reduce((best, r) =>
    Math.abs(r - measured) < Math.abs(best - measured) ? r : best,
  );
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

function sellerSnapshot(identity: SellerIdentity, shop: ShopContact): DocumentSnapshot['seller'] {
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

const PAYMENT_TERMS = 'Paiement comptant à la commande.';

function orderLines(order: OrderState): PricedLine[] {
  const lines: PricedLine[] = order.lines.map((l) => ({
    description: l.title,
    quantity: l.quantity,
    unitInclCents: l.unitPriceCents,
    totalInclCents: l.totalPriceCents,
  }));
  if (order.shippingCostCents > 0) {
    lines.push({
      description: 'Frais de livraison',
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

/** The invoice of a paid order, as issued now: pure, from the order and the seller at this moment. */
export function buildInvoice(input: {
  order: InvoicedOrder;
  identity: SellerIdentity;
  shop: ShopContact;
  numbered: Numbered;
  paidAt: string | null;
}): DocumentSnapshot {
  const { order, identity } = input;
  // A seller under the franchise en base charges no VAT: the amounts are printed without it.
  const rate = identity.vatExempt ? 0 : orderVatRate(order);
  const lines = toLines(orderLines(order), rate);
  return {
    kind: 'invoice',
    ...input.numbered,
    orderId: order.id,
    orderNumber: order.orderNumber,
    saleDate: order.createdAt,
    seller: sellerSnapshot(identity, input.shop),
    customer: customerSnapshot(order),
    // The shop's orders are products and their delivery; interventions are quoted and invoiced apart.
    operationCategory: 'goods',
    lines,
    ...totals(lines),
    paymentTerms: PAYMENT_TERMS,
    paidAt: input.paidAt,
    cites: null,
    reason: null,
  };
}

export interface CreditRequest {
  /** Refunded lines: the invoice line's index and how many units. */
  lines?: { index: number; quantity: number }[];
  /** Or an amount, VAT included, in cents (a partial refund). */
  amountCents?: number;
  reason: string;
}

const creditError = (message: string) => new DomainError('invalid', 'INVALID_CREDIT_NOTE', message);

/**
 * The credit note (avoir) of a refund or a cancellation: it cites the invoice (number and date),
 * carries the refunded lines or amount with the same rates and mentions, and never credits more
 * than what the invoice still carries.
 */
export function buildCreditNote(input: {
  invoice: DocumentSnapshot;
  identity: SellerIdentity;
  shop: ShopContact;
  numbered: Numbered;
  /** Already credited by earlier credit notes of this invoice, VAT included. */
  creditedCents: number;
  request: CreditRequest;
}): DocumentSnapshot {
  const { invoice, request } = input;
  const remaining = invoice.totalInclCents - input.creditedCents;
  let lines: DocumentSnapshot['lines'];
  if (request.lines && request.lines.length > 0) {
    lines = request.lines.map(({ index, quantity }) => {
      const line = invoice.lines[index];
      if (!line || !Number.isInteger(quantity) || quantity < 1 || quantity > line.quantity) {
        throw creditError('Ligne ou quantité à rembourser invalide.');
      }
      const totalInclCents = Math.round((line.totalInclCents * quantity) / line.quantity);
      return {
        ...line,
        quantity,
        totalInclCents,
        totalExclCents: totalInclCents - includedVat(totalInclCents, line.vatRate),
      };
    });
    lines = balanced(lines);
  } else {
    const amount = request.amountCents ?? remaining;
    if (!Number.isInteger(amount) || amount <= 0)
      throw creditError('Le montant à rembourser doit être positif.');
    // An amount is spread over the invoice's rates in proportion to their totals.
    const rates = invoice.vat.filter((v) => v.totalInclCents > 0);
    let left = amount;
    lines = rates.map((v, i) => {
      const share =
        i === rates.length - 1 ? left : Math.round((amount * v.totalInclCents) / invoice.totalInclCents);
      left -= share;
      return {
        description:
          amount === invoice.totalInclCents
            ? `Annulation de la facture ${invoice.number}`
            : `Remboursement partiel de la facture ${invoice.number}`,
        quantity: 1,
        unitPriceExclCents: share - includedVat(share, v.rate),
        discountCents: 0,
        vatRate: v.rate,
        totalExclCents: share - includedVat(share, v.rate),
        totalInclCents: share,
      };
    });
  }
  const t = totals(lines);
  if (t.totalInclCents > remaining) {
    throw creditError(
      `L'avoir dépasserait le montant restant de la facture ${invoice.number} (${(remaining / 100).toFixed(2).replace('.', ',')} €).`,
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
    paymentTerms: 'Remboursement par le moyen de paiement utilisé pour la commande.',
    cites: { number: invoice.number, issuedAt: invoice.issuedAt },
    reason: reason.slice(0, 500),
  };
}

/** The printed date of a document: its Paris day as dd/mm/yyyy. */
export const documentDate = (iso: string) => parisDay(new Date(iso)).split('-').reverse().join('/');

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
    `Commande ${doc.orderNumber}`,
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
  return mentions;
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
