/**
 * The money of a yearly contract (docs/decisions/046-contract-money.md): the payments received on
 * its invoices and the refunds of its credit notes, pure. Both events keep the names and shapes
 * the till reads in every stream (`PaymentRecorded`, `RefundRecorded`, orders/money.ts), each
 * with the one field a contract adds: the document it settles (a contract has many invoices). The
 * closures, the money audit and the archive read them by type with no second path.
 *
 * Per invoice: its total T, the credit notes citing it C, what was paid P and refunded R on them.
 * What it still owes is T − C − (P − R) (a credit note lowers what is due); what its credit notes
 * may still give back is (P − R) − (T − C), each at most its own amount not yet refunded. An
 * invoice paid in full, then credited by a termination (L215-1), has exactly its credit to refund;
 * an unpaid one simply owes less.
 */
import { z } from 'zod';
import { formatEuros } from '../catalog/pricing.js';
import { DomainError } from '../errors.js';
import { paymentShares } from '../interventions/invoice.js';
import {
  PAYMENT_METHODS,
  paymentRecordedSchema,
  recordPaymentInput,
  refundRecordedSchema,
} from '../orders/money.js';
import {
  checkAmountLeft,
  checkPaymentAmount,
  checkPaymentMethod,
  checkPaymentReference,
  closedDayError,
  PAYMENT_DAY_MESSAGES,
  paymentDayProblem,
} from '../orders/payment-day.js';
import type { ContractCreditRef, ContractInvoiceRef, ContractState } from './decider.js';

export const CONTRACT_MONEY_EVENT_SCHEMAS = {
  /** A payment received on one of the contract's invoices, one entry per VAT rate it covers. */
  PaymentRecorded: paymentRecordedSchema.extend({ invoiceNumber: z.string() }),
  /** Money given back on one of the contract's credit notes (« à rembourser »): money out of the till. */
  RefundRecorded: refundRecordedSchema.extend({ creditNoteNumber: z.string() }),
} as const;

type PaymentData = z.infer<typeof CONTRACT_MONEY_EVENT_SCHEMAS.PaymentRecorded>;
type RefundData = z.infer<typeof CONTRACT_MONEY_EVENT_SCHEMAS.RefundRecorded>;
export type ContractMoneyEvent =
  | { type: 'PaymentRecorded'; data: PaymentData }
  | { type: 'RefundRecorded'; data: RefundData };

/** What the state keeps of each movement (the figures; the event keeps the rest). */
export interface ContractMovement {
  /** The invoice a payment settles, or the credit note a refund gives back. */
  document: string;
  amountCents: number;
}

export type ContractMoneyCommand =
  | {
      type: 'RecordPayment';
      invoiceNumber: string;
      paymentId: string;
      amountCents: number;
      method: string;
      day: string;
      reference: string | null;
      /** The Paris day of the command, and whether the payment's day is closed (read in its transaction). */
      today: string;
      dayClosed: boolean;
    }
  | {
      type: 'RecordRefund';
      creditNoteNumber: string;
      refundId: string;
      amountCents: number;
      method: string;
      /** A refund is dated the day it is recorded (as an order's), unless that day is closed. */
      today: string;
      dayClosed: boolean;
    };

export const CONTRACT_MONEY_MESSAGES = {
  unknownInvoice: 'Cette facture n’appartient pas à ce contrat.',
  unknownCreditNote: 'Cet avoir n’appartient pas à ce contrat.',
  beforeSignature: 'La date du paiement ne peut pas précéder la signature du contrat.',
  paidInFull: 'Cette facture est déjà entièrement payée.',
  tooHigh: (left: number) => `Le montant dépasse le reste à payer (${formatEuros(left)}).`,
  refunded: 'Cet avoir est déjà remboursé.',
  nothingPaid: (invoice: string) =>
    `Rien n’a été payé sur la facture ${invoice} au-delà de ce qui reste dû : l’avoir est déduit de ce qui reste à payer, il n’y a rien à rembourser.`,
  refundTooHigh: (left: number) =>
    `Le remboursement dépasse ce qui reste à rembourser (${formatEuros(left)}).`,
} as const;

/** « Enregistrer le remboursement »: the amount (at most what the credit note still gives back) and how. */
export const contractRefundInput = z.object({
  amountCents: recordPaymentInput.shape.amountCents,
  method: z.enum(PAYMENT_METHODS, { message: 'Choisissez un moyen de remboursement.' }),
});

// --- What each document stands at ------------------------------------------------------------------

const sumFor = (movements: readonly ContractMovement[], document: string) =>
  movements.reduce((sum, m) => (m.document === document ? sum + m.amountCents : sum), 0);

export interface InvoiceMoney {
  paidCents: number;
  /** What its credit notes took off what is due. */
  creditedCents: number;
  /** Still to pay: total − credited − (paid − refunded), never below zero. */
  leftCents: number;
  /** What its credit notes may still give back: (paid − refunded) − (total − credited). */
  refundableCents: number;
}

/** One invoice's money, from the state's movements. */
export function invoiceMoney(
  s: Pick<ContractState, 'credits' | 'payments' | 'refunds'>,
  invoice: Pick<ContractInvoiceRef, 'number' | 'totalInclCents'>,
): InvoiceMoney {
  const credits = s.credits.filter((c) => c.cites === invoice.number);
  const creditedCents = credits.reduce((sum, c) => sum + c.totalInclCents, 0);
  const paidCents = sumFor(s.payments, invoice.number);
  const refundedCents = credits.reduce((sum, c) => sum + sumFor(s.refunds, c.number), 0);
  const kept = paidCents - refundedCents;
  const due = invoice.totalInclCents - creditedCents;
  return {
    paidCents,
    creditedCents,
    leftCents: Math.max(0, due - kept),
    refundableCents: Math.max(0, kept - due),
  };
}

export interface CreditMoney {
  refundedCents: number;
  /** What may be given back now: its amount not yet refunded, at most what its invoice's payments allow. */
  refundableCents: number;
  /** Nothing left of it: « Remboursé ». */
  settled: boolean;
}

/** One credit note's money, from the state's movements. */
export function creditMoney(
  s: Pick<ContractState, 'invoices' | 'credits' | 'payments' | 'refunds'>,
  credit: Pick<ContractCreditRef, 'number' | 'cites' | 'totalInclCents'>,
): CreditMoney {
  const refundedCents = sumFor(s.refunds, credit.number);
  const own = Math.max(0, credit.totalInclCents - refundedCents);
  const invoice = s.invoices.find((i) => i.number === credit.cites);
  const allowed = invoice ? invoiceMoney(s, invoice).refundableCents : 0;
  return { refundedCents, refundableCents: Math.min(own, allowed), settled: own === 0 };
}

/**
 * An invoice's row as the back-office reads it: « Payée », « Partiellement payée (X,XX € reçus) »
 * or « À payer » (the orders' words).
 */
export function invoicePaymentLabel(m: InvoiceMoney): string {
  if (m.leftCents === 0) return 'Payée';
  return m.paidCents > 0 ? `Partiellement payée (${formatEuros(m.paidCents)} reçus)` : 'À payer';
}

/** A credit note's row: « Remboursé », « X,XX € à rembourser », or deducted from an unpaid invoice. */
export function creditRefundLabel(credit: Pick<ContractCreditRef, 'cites'>, m: CreditMoney): string {
  if (m.settled) return 'Remboursé';
  if (m.refundableCents > 0) return `${formatEuros(m.refundableCents)} à rembourser`;
  return `Déduit du reste à payer de la facture ${credit.cites}`;
}

/** The contract's money at a glance: what its invoices still owe, what its credit notes still give back. */
export function contractBalance(s: Pick<ContractState, 'invoices' | 'credits' | 'payments' | 'refunds'>) {
  let owedCents = 0;
  let toRefundCents = 0;
  for (const invoice of s.invoices) {
    const m = invoiceMoney(s, invoice);
    owedCents += m.leftCents;
    // Each credit note's own amount bounds it, and the invoice's refundable bounds them all.
    const credits = s.credits.filter((c) => c.cites === invoice.number);
    toRefundCents += Math.min(
      m.refundableCents,
      credits.reduce((sum, c) => sum + creditMoney(s, c).refundableCents, 0),
    );
  }
  return { owedCents, toRefundCents };
}

// --- The decider --------------------------------------------------------------------------------

const invalid = (code: string, message: string, details?: Record<string, unknown>) =>
  new DomainError('invalid', code, message, details);

/** The VAT split of a document's amount: the invoice's own rates (a contract invoice has one). */
function sharesOf(s: ContractState, number: string, amountCents: number) {
  const vat = s.documentVat[number];
  if (!vat) throw new Error(`contract document ${number} has no VAT split`);
  return paymentShares(vat, amountCents);
}

export function decideMoney(command: ContractMoneyCommand, s: ContractState): ContractMoneyEvent[] {
  switch (command.type) {
    case 'RecordPayment': {
      const invoice = s.invoices.find((i) => i.number === command.invoiceNumber);
      if (!invoice)
        throw new DomainError('not_found', 'INVOICE_NOT_FOUND', CONTRACT_MONEY_MESSAGES.unknownInvoice);
      const method = checkPaymentMethod(command.method);
      checkPaymentAmount(command.amountCents);
      const problem = paymentDayProblem(command.day, s.createdAt, command.today);
      if (problem)
        throw invalid(
          'INVALID_DATE',
          problem === 'before_order'
            ? CONTRACT_MONEY_MESSAGES.beforeSignature
            : PAYMENT_DAY_MESSAGES[problem],
          { field: 'day' },
        );
      checkAmountLeft(
        command.amountCents,
        invoiceMoney(s, invoice).leftCents,
        CONTRACT_MONEY_MESSAGES.paidInFull,
      );
      const reference = checkPaymentReference(command.reference);
      if (command.dayClosed) throw closedDayError(command.day, 'day');
      return sharesOf(s, invoice.number, command.amountCents).map((share, i) => ({
        type: 'PaymentRecorded' as const,
        data: {
          paymentId: i === 0 ? command.paymentId : `${command.paymentId}-${i + 1}`,
          day: command.day,
          method,
          amountCents: share.amountCents,
          vatRate: share.rate,
          vatCents: share.vatCents,
          reference,
          invoiceNumber: invoice.number,
        },
      }));
    }
    case 'RecordRefund': {
      const credit = s.credits.find((c) => c.number === command.creditNoteNumber);
      if (!credit)
        throw new DomainError(
          'not_found',
          'CREDIT_NOTE_NOT_FOUND',
          CONTRACT_MONEY_MESSAGES.unknownCreditNote,
        );
      const method = checkPaymentMethod(command.method);
      checkPaymentAmount(command.amountCents);
      const m = creditMoney(s, credit);
      if (m.settled) throw new DomainError('conflict', 'ALREADY_REFUNDED', CONTRACT_MONEY_MESSAGES.refunded);
      if (m.refundableCents === 0)
        throw new DomainError(
          'conflict',
          'NOTHING_TO_REFUND',
          CONTRACT_MONEY_MESSAGES.nothingPaid(credit.cites),
        );
      if (command.amountCents > m.refundableCents)
        throw invalid('REFUND_TOO_HIGH', CONTRACT_MONEY_MESSAGES.refundTooHigh(m.refundableCents), {
          field: 'amountCents',
          refundableCents: m.refundableCents,
        });
      if (command.dayClosed) throw closedDayError(command.today);
      return sharesOf(s, credit.number, command.amountCents).map((share, i) => ({
        type: 'RefundRecorded' as const,
        data: {
          refundId: i === 0 ? command.refundId : `${command.refundId}-${i + 1}`,
          day: command.today,
          method,
          amountCents: share.amountCents,
          vatRate: share.rate,
          vatCents: share.vatCents,
          lines: [],
          shippingCents: 0,
          extraCents: share.amountCents,
          reason: 'other' as const,
          note: `Avoir ${credit.number} (facture ${credit.cites})`,
          restock: false,
          creditNoteNumber: credit.number,
        },
      }));
    }
  }
}

export function evolveMoney(s: ContractState, event: ContractMoneyEvent): ContractState {
  switch (event.type) {
    case 'PaymentRecorded':
      return {
        ...s,
        payments: [
          ...s.payments,
          { document: event.data.invoiceNumber, amountCents: event.data.amountCents },
        ],
      };
    case 'RefundRecorded':
      return {
        ...s,
        refunds: [
          ...s.refunds,
          { document: event.data.creditNoteNumber, amountCents: event.data.amountCents },
        ],
      };
  }
}
