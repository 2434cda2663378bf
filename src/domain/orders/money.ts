/**
 * Money on an order as a ledger (issue 24, docs/decisions/018-payments-ledger.md): payments,
 * corrections of a payment and refunds are entries of the order's log; what is due, paid, refunded
 * and left, and the payment status every screen shows, are derived from them here, once.
 *
 * Legal frame (LEGAL.md, CGI art. 286 I 3° bis, BOI-TVA-DECLA-30-10-30): a recorded payment is never
 * edited or deleted; a mistake is corrected by a new opposite entry naming the one it cancels (the
 * « inaltérabilité » condition), and every entry carries its Paris day so that closures can sum them.
 */

import { z } from 'zod';
import { decimalEuros, formatEuros } from '../catalog/pricing.js';
import { daySchema } from '../common/dates.js';
import { MONEY_NOTE_MAX, PAYMENT_REFERENCE_MAX } from '../common/limits.js';
import type { PaymentStatus } from './status.js';

// --- Vocabulary ---------------------------------------------------------------------------------

/** The ways the shop's CGV accept payment. */
export const PAYMENT_METHODS = ['cash', 'cheque', 'card', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Espèces',
  cheque: 'Chèque',
  card: 'Carte bancaire',
  transfer: 'Virement',
};

/** How a sentence says the way of paying: « par chèque », « en espèces » (never « en chèque »). */
export const PAYMENT_METHOD_PHRASES: Record<PaymentMethod, string> = {
  cash: 'en espèces',
  cheque: 'par chèque',
  card: 'par carte bancaire',
  transfer: 'par virement',
};

/** « Paiement enregistré : 10,00 € par chèque »: the method's phrase, the legacy label lower-cased. */
export const paymentMethodPhrase = (method: string): string =>
  PAYMENT_METHOD_PHRASES[method as PaymentMethod] ??
  `en ${paymentMethodLabel(method).toLocaleLowerCase('fr-FR')}`;

/** A payment recorded before payments had amounts (an upcast "Payée" status): method unknown. */
export const LEGACY_METHOD = 'unspecified';
export const LEGACY_METHOD_LABEL = 'Non précisé (ancien statut)';

export const paymentMethodLabel = (method: string): string =>
  method === LEGACY_METHOD ? LEGACY_METHOD_LABEL : (PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method);

export const REFUND_REASONS = [
  'withdrawal',
  'returned',
  'damaged',
  'cancelled',
  'goodwill',
  'error',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  withdrawal: 'Rétractation',
  returned: 'Retour de marchandise',
  damaged: 'Produit endommagé ou défectueux',
  cancelled: 'Commande annulée',
  goodwill: 'Geste commercial',
  error: 'Erreur de préparation ou de prix',
  other: 'Autre',
};

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const positiveCents = z.number().int().positive();
const cents = z.number().int().nonnegative();
const method = z.enum(PAYMENT_METHODS);

/**
 * What every money entry carries for the closures: its Paris day, its method, and the VAT it
 * includes at the order's rate (allocated pro rata of the order's own VAT, to the cent).
 */
const movementFields = {
  day,
  method,
  amountCents: positiveCents,
  vatRate: z.number().nonnegative(),
  vatCents: cents,
};

/** The data of the money events (declared in events.ts, block "Money"). */
export const paymentRecordedSchema = z.object({
  paymentId: z.string(),
  ...movementFields,
  reference: z.string().nullable(),
});
export const paymentCancelledSchema = z.object({
  /** This correction's own id. */
  paymentId: z.string(),
  /** The payment it cancels (never edited: this entry takes its amount back out). */
  cancelsPaymentId: z.string(),
  ...movementFields,
  note: z.string().nullable(),
});
export const refundLineSchema = z.object({
  itemId: z.string(),
  quantity: z.number().int().positive(),
  amountCents: cents,
});
export const refundRecordedSchema = z.object({
  refundId: z.string(),
  ...movementFields,
  lines: z.array(refundLineSchema),
  shippingCents: cents,
  /** An amount not tied to a line or the delivery (a commercial gesture). */
  extraCents: cents,
  reason: z.enum(REFUND_REASONS),
  note: z.string().nullable(),
  restock: z.boolean(),
});
export const paymentFailedSchema = z.object({ note: z.string().nullable() });

export type PaymentRecorded = z.infer<typeof paymentRecordedSchema>;
export type PaymentCancelled = z.infer<typeof paymentCancelledSchema>;
export type RefundRecorded = z.infer<typeof refundRecordedSchema>;

// --- The ledger of one order ----------------------------------------------------------------------

export interface LedgerPayment {
  paymentId: string;
  amountCents: number;
  method: string;
  day: string;
  reference: string | null;
  at: string;
  by: string | null;
  /** Set when a later entry cancelled it. */
  cancelledBy: string | null;
  legacy: boolean;
}

export interface LedgerCorrection {
  paymentId: string;
  cancelsPaymentId: string;
  amountCents: number;
  method: string;
  day: string;
  note: string | null;
  at: string;
  by: string | null;
}

export interface LedgerRefund {
  refundId: string;
  amountCents: number;
  method: string;
  day: string;
  lines: { itemId: string; quantity: number; amountCents: number }[];
  shippingCents: number;
  extraCents: number;
  reason: string;
  note: string | null;
  restock: boolean;
  at: string;
  by: string | null;
  legacy: boolean;
}

export interface Ledger {
  payments: LedgerPayment[];
  corrections: LedgerCorrection[];
  refunds: LedgerRefund[];
  /** A payment attempt failed (legacy "Échouée", or a declined card / bounced cheque noted). */
  failed: boolean;
}

export const EMPTY_LEDGER: Ledger = { payments: [], corrections: [], refunds: [], failed: false };

export interface MoneySummary {
  dueCents: number;
  /** Paid, corrections taken out. */
  paidCents: number;
  refundedCents: number;
  /** Still to be paid (never below zero). */
  leftCents: number;
  /** What a refund may still give back: paid minus refunded. */
  refundableCents: number;
  status: PaymentStatus;
}

/** What stands paid on an order: its payments less the corrections that cancelled some, in cents. */
export const standingPaidCents = (ledger: Pick<Ledger, 'payments' | 'corrections'>): number =>
  ledger.payments.reduce((sum, p) => sum + p.amountCents, 0) -
  ledger.corrections.reduce((sum, c) => sum + c.amountCents, 0);

/**
 * The figures of an order's money, from its ledger and its total:
 * - paid: the payments, less the corrections that cancelled some;
 * - refunded: the refunds;
 * - left: the total less what was paid (zero once paid in full, or when the order is cancelled);
 * - status: Remboursée when everything paid was given back, Partiellement remboursée when part of
 *   it was, else Payée when paid covers the total, Partiellement payée when something was paid,
 *   Échouée when an attempt failed and nothing is paid, else En attente.
 */
export function moneySummary(ledger: Ledger, totalAmountCents: number, cancelled = false): MoneySummary {
  const paidCents = standingPaidCents(ledger);
  const refundedCents = ledger.refunds.reduce((sum, r) => sum + r.amountCents, 0);
  const leftCents = cancelled ? 0 : Math.max(0, totalAmountCents - paidCents);
  const refundableCents = Math.max(0, paidCents - refundedCents);
  let status: PaymentStatus;
  if (refundedCents > 0) status = refundedCents >= paidCents ? 'refunded' : 'partially_refunded';
  else if (paidCents > 0) status = paidCents >= totalAmountCents ? 'paid' : 'partially_paid';
  else status = ledger.failed ? 'failed' : 'pending';
  return { dueCents: totalAmountCents, paidCents, refundedCents, leftCents, refundableCents, status };
}

/** Quantities of each line already refunded. */
export function refundedQuantities(ledger: Ledger): Map<string, number> {
  const out = new Map<string, number>();
  for (const refund of ledger.refunds) {
    for (const line of refund.lines) out.set(line.itemId, (out.get(line.itemId) ?? 0) + line.quantity);
  }
  return out;
}

/** The delivery cost a refund may still give back: the order's, less what refunds gave back of it. */
export const refundableShippingCents = (ledger: Ledger, shippingCostCents: number): number =>
  Math.max(0, shippingCostCents - ledger.refunds.reduce((sum, r) => sum + r.shippingCents, 0));

/** What a refunded line gives back: its unit price (as charged) times the quantity refunded. */
export const refundLineCents = (line: { unitPriceCents: number; quantity: number }): number =>
  line.unitPriceCents * line.quantity;

/**
 * THE amount of a refund (issue 34, one rule): its lines (refundLineCents), the delivery it gives
 * back and any further amount. The refund dialog shows this total before sending; the decider
 * records it and checks it against what is refundable (moneySummary's refundableCents).
 */
export function refundAmountCents(refund: {
  lines: readonly { unitPriceCents: number; quantity: number }[];
  shippingCents: number;
  extraCents: number;
}): number {
  return (
    refund.lines.reduce((sum, l) => sum + refundLineCents(l), 0) + refund.shippingCents + refund.extraCents
  );
}

/** The VAT rates in force in France (CGI art. 278 to 281 nonies), to read a legacy order's rate. */
const FRENCH_VAT_RATES = [20, 10, 5.5, 2.1, 0] as const;

/**
 * THE VAT rate of an order (percent): the rate it was priced with, recorded in OrderPlaced since
 * 2026; for an older order, the French rate nearest to what its own figures say (its VAT was
 * rounded to the cent, so the ratio of two rounded amounts is never re-used as a rate: a 1,00 €
 * order at 20 % carries 0,17 € of VAT, a ratio of 20.5 %). Closures, invoices and credit notes
 * all read it here, so one order is booked at one rate everywhere.
 */
export function orderVatRate(order: {
  taxCents: number;
  totalAmountCents: number;
  taxRate?: number;
}): number {
  if (order.taxRate !== undefined) return order.taxRate;
  const net = order.totalAmountCents - order.taxCents;
  if (net <= 0 || order.taxCents <= 0) return 0;
  const measured = (order.taxCents / net) * 100;
  return FRENCH_VAT_RATES.reduce((best, r) =>
    Math.abs(r - measured) < Math.abs(best - measured) ? r : best,
  );
}

/** The VAT included in a movement of `amountCents` on that order: pro rata of its VAT, to the cent. */
export function movementVatCents(
  amountCents: number,
  order: { taxCents: number; totalAmountCents: number },
): number {
  if (order.totalAmountCents <= 0) return 0;
  return Math.round((amountCents * order.taxCents) / order.totalAmountCents);
}

/**
 * The upcast of a legacy OrderPaymentStatusChanged (a status chosen in a select, no amount): the
 * ledger it meant, against the order's total. Payée: the total was paid (method not recorded);
 * Remboursée: it was paid and all given back; Échouée: nothing paid, an attempt failed; En attente:
 * nothing paid. These entries are marked legacy: they are not till movements (no closure sums them),
 * and the stored events stay as written (their hashes are evidence).
 */
export function legacyLedger(
  to: 'pending' | 'paid' | 'failed' | 'refunded',
  totalAmountCents: number,
  at: string,
  version: number,
): Ledger {
  const payment: LedgerPayment = {
    paymentId: `legacy-${version}`,
    amountCents: totalAmountCents,
    method: LEGACY_METHOD,
    day: at.slice(0, 10),
    reference: null,
    at,
    by: null,
    cancelledBy: null,
    legacy: true,
  };
  switch (to) {
    case 'pending':
      return EMPTY_LEDGER;
    case 'failed':
      return { ...EMPTY_LEDGER, failed: true };
    case 'paid':
      return { ...EMPTY_LEDGER, payments: [payment] };
    case 'refunded':
      return {
        ...EMPTY_LEDGER,
        payments: [payment],
        refunds: [
          {
            refundId: `legacy-${version}`,
            amountCents: totalAmountCents,
            method: LEGACY_METHOD,
            day: payment.day,
            lines: [],
            shippingCents: 0,
            extraCents: 0,
            reason: 'other',
            note: null,
            restock: false,
            at,
            by: null,
            legacy: true,
          },
        ],
      };
  }
}

// --- Inputs (the dialogs' forms and the procedures parse the same schemas) ----------------------

export const recordPaymentInput = z.object({
  amountCents: z
    .number({ message: 'Indiquez un montant.' })
    .int('Le montant doit être en centimes.')
    .positive('Le montant doit être supérieur à 0.')
    .max(100_000_000, 'Le montant est trop grand.'),
  method: z.enum(PAYMENT_METHODS, { message: 'Choisissez un moyen de paiement.' }),
  day: daySchema('Indiquez la date du paiement.'),
  reference: z
    .string()
    .trim()
    .max(PAYMENT_REFERENCE_MAX, `La référence ne peut pas dépasser ${PAYMENT_REFERENCE_MAX} caractères.`)
    .optional(),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentInput>;

export const refundInput = z.object({
  lines: z
    .array(z.object({ itemId: z.string().max(64), quantity: z.number().int().min(0).max(10_000) }))
    .max(200),
  shipping: z.boolean(),
  extraCents: z.number().int().min(0, 'Le montant doit être positif.').max(100_000_000),
  method: z.enum(PAYMENT_METHODS, { message: 'Choisissez un moyen de remboursement.' }),
  reason: z.enum(REFUND_REASONS, { message: 'Choisissez un motif de remboursement.' }),
  note: z
    .string()
    .trim()
    .max(MONEY_NOTE_MAX, `Le commentaire ne peut pas dépasser ${MONEY_NOTE_MAX} caractères.`)
    .optional(),
  restock: z.boolean(),
});
export type RefundInput = z.infer<typeof refundInput>;

export const cancelPaymentInput = z.object({
  paymentId: z.string().max(64),
  note: z.string().trim().max(MONEY_NOTE_MAX).optional(),
});

export const cancelAndRefundInput = z.object({
  method: z.enum(PAYMENT_METHODS, { message: 'Choisissez un moyen de remboursement.' }),
  note: z.string().trim().max(MONEY_NOTE_MAX).optional(),
});

/**
 * Why a refund of `amountCents` cannot be recorded when it gives back more than was paid and not yet
 * refunded (moneySummary's refundableCents); null when it can. The decider refuses with it
 * (REFUND_TOO_HIGH) and the refund dialog says it under its total before anything is sent.
 */
export function refundTooHighMessage(amountCents: number, refundableCents: number): string | null {
  if (amountCents <= refundableCents) return null;
  return refundableCents === 0
    ? "Rien n'a été payé sur cette commande : il n'y a rien à rembourser."
    : `Le remboursement (${formatEuros(amountCents)}) dépasse ce qui a été payé et pas encore remboursé (${formatEuros(refundableCents)}).`;
}

/** Cents as a form's amount field shows them, to be typed over ("12,50"): eurosToCents reads it back. */
export const centsToEuros = (cents: number): string => decimalEuros(cents).replace('.', ',');

/** Euros typed in a form ("12,50") to cents; null when it is not an amount. */
export function eurosToCents(text: string): number | null {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}
