/**
 * The billing part of an intervention's stream (issue 37 point 5, docs/decisions/039): the invoice
 * from the sealed report and the payments received on it. Both events have the same names and
 * shapes as an order's (InvoiceIssued, PaymentRecorded), so the one register, the ZIP export, the
 * documents' audit and the till's closures read them from the log with no second path.
 */
import { z } from 'zod';
import { DomainError } from '../errors.js';
import { documentSnapshotSchema } from '../invoices/document.js';
import { paymentRecordedSchema } from '../orders/money.js';
import {
  checkAmountLeft,
  checkPaymentAmount,
  checkPaymentMethod,
  checkPaymentReference,
  closedDayError,
  PAYMENT_DAY_MESSAGES,
  paymentDayProblem,
} from '../orders/payment-day.js';
import { frenchDay } from '../site/dates.js';
import type { InterventionState } from './decider.js';
import type { InterventionEvent } from './events.js';
import { checkPaymentDay, paymentShares } from './invoice.js';
import { stageAfter } from './pipeline.js';

export const BILLING_EVENT_SCHEMAS = {
  /** The invoice from the report: its full snapshot (lines point to report events) and its PDF's hash. */
  InvoiceIssued: z.object({ document: documentSnapshotSchema, pdfSha256: z.string() }),
  /** A payment received on the invoice, one entry per VAT rate it covers (the closures sum them). */
  PaymentRecorded: paymentRecordedSchema,
} as const;

/** What the state keeps of the invoice (the snapshot is in its event). */
export interface InterventionInvoiceSummary {
  number: string;
  issuedAt: string;
  totalInclCents: number;
  vat: { rate: number; totalInclCents: number }[];
  paymentAllowedFrom: string | null;
  conclusionMode: 'a_distance' | 'hors_etablissement' | 'inconnu';
}

export type BillingCommand =
  | { type: 'IssueInvoice'; document: z.infer<typeof documentSnapshotSchema>; pdfSha256: string }
  | {
      type: 'RecordPayment';
      paymentId: string;
      amountCents: number;
      method: string;
      day: string;
      reference: string | null;
      /** The Paris day of the command, and whether the payment's day is closed (read in its transaction). */
      today: string;
      dayClosed: boolean;
    };

export const BILLING_COMMAND_TYPES = ['IssueInvoice', 'RecordPayment'] as const;
export const isBillingCommand = (c: { type: string }): c is BillingCommand =>
  (BILLING_COMMAND_TYPES as readonly string[]).includes(c.type);

type BillingEvent = Extract<InterventionEvent, { type: 'InvoiceIssued' | 'PaymentRecorded' }>;
export const isBillingEvent = (e: { type: string }): e is BillingEvent =>
  e.type === 'InvoiceIssued' || e.type === 'PaymentRecorded';

const invalid = (code: string, message: string, details?: Record<string, unknown>) =>
  new DomainError('invalid', code, message, details);

/** What is left to pay on the invoice. */
export const leftToPay = (s: Pick<InterventionState, 'invoice' | 'paidCents'>) =>
  Math.max(0, (s.invoice?.totalInclCents ?? 0) - s.paidCents);

/**
 * The invoice's status as its customer reads it (/compte, the signed link): « Payée » once received
 * in full, else « À régler », naming the first day the law allows a payment while it is still to
 * come (L221-10: nothing on the site asks for money before it, ADR 039).
 */
export function customerInvoiceStatus(
  invoice: Pick<InterventionInvoiceSummary, 'totalInclCents' | 'paymentAllowedFrom'>,
  paidCents: number,
  today: string,
): { paid: boolean; label: string } {
  if (paidCents >= invoice.totalInclCents) return { paid: true, label: 'Payée' };
  const from = invoice.paymentAllowedFrom;
  return {
    paid: false,
    label: from && from > today ? `À régler à partir du ${frenchDay(from)}` : 'À régler',
  };
}

export function decideBilling(command: BillingCommand, state: InterventionState): InterventionEvent[] {
  switch (command.type) {
    case 'IssueInvoice': {
      if (state.invoice)
        throw new DomainError(
          'conflict',
          'ALREADY_INVOICED',
          `Cette intervention a déjà la facture ${state.invoice.number}.`,
        );
      if (!command.document.intervention || command.document.orderId !== state.id)
        throw invalid('INVOICE_SOURCE', 'Cette facture ne vient pas de cette intervention.');
      return [{ type: 'InvoiceIssued', data: { document: command.document, pdfSha256: command.pdfSha256 } }];
    }
    case 'RecordPayment': {
      const invoice = state.invoice;
      if (!invoice)
        throw new DomainError(
          'conflict',
          'NOT_INVOICED',
          'Facturez l’intervention avant d’enregistrer un paiement.',
        );
      const method = checkPaymentMethod(command.method);
      checkPaymentAmount(command.amountCents);
      const problem = paymentDayProblem(command.day, state.createdAt, command.today);
      if (problem)
        throw invalid(
          'INVALID_DATE',
          problem === 'before_order'
            ? 'La date du paiement ne peut pas précéder la demande d’intervention.'
            : PAYMENT_DAY_MESSAGES[problem],
          { field: 'day' },
        );
      // C. conso. L221-10: off premises, no payment of any kind before the 8th day.
      checkPaymentDay(invoice, command.day);
      checkAmountLeft(command.amountCents, leftToPay(state), 'Cette facture est déjà entièrement payée.');
      const reference = checkPaymentReference(command.reference);
      // Article 286 I 3° bis CGI (conservation): a closed day receives no movement.
      if (command.dayClosed) throw closedDayError(command.day, 'day');
      return paymentShares(invoice.vat, command.amountCents).map((share, i) => ({
        type: 'PaymentRecorded' as const,
        data: {
          paymentId: i === 0 ? command.paymentId : `${command.paymentId}-${i + 1}`,
          day: command.day,
          method,
          amountCents: share.amountCents,
          vatRate: share.rate,
          vatCents: share.vatCents,
          reference,
        },
      }));
    }
  }
}

export function evolveBilling(state: InterventionState, event: BillingEvent): InterventionState {
  switch (event.type) {
    case 'InvoiceIssued': {
      const d = event.data.document;
      return {
        ...state,
        ...stageAfter(state, 'invoiced'),
        invoice: {
          number: d.number,
          issuedAt: d.issuedAt,
          totalInclCents: d.totalInclCents,
          vat: d.vat.map((v) => ({ rate: v.rate, totalInclCents: v.totalInclCents })),
          paymentAllowedFrom: d.intervention?.paymentAllowedFrom ?? null,
          conclusionMode: d.intervention?.conclusionMode ?? 'inconnu',
        },
      };
    }
    case 'PaymentRecorded':
      return { ...state, paidCents: state.paidCents + event.data.amountCents };
  }
}
