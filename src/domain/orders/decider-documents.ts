/**
 * The order's documents as the decider sees them (issue 34): which decisions may make one due, and
 * how the issued ones fold into the order. The documents themselves are built in
 * domain/invoices/document.ts and issued by the invoices room, through the decision port, in the
 * transaction of the decision that makes them due (docs/decisions/019-invoices.md).
 */
import type { EvolvingEvent, OrderState } from './decider.js';
import type { OrderEvent } from './events.js';

/**
 * The events after which a document may be due: a status change into or out of « Annulée » (a
 * cancellation's credit note, an invoice once a paid order leaves « Annulée »), a payment or its
 * cancellation (the invoice once fully paid), a refund (its credit note). Nothing else ever makes
 * one due: any other status change (confirmed, shipped...) takes no document, so it is appended in
 * one statement without the decision port's transaction (issue 41).
 */
const DOCUMENT_EVENTS: ReadonlySet<OrderEvent['type']> = new Set([
  'PaymentRecorded',
  'PaymentCancelled',
  'RefundRecorded',
]);

export const documentsMayBeDue = (events: readonly OrderEvent[]): boolean =>
  events.some((e) =>
    e.type === 'OrderStatusChanged'
      ? e.data.from === 'cancelled' || e.data.to === 'cancelled'
      : DOCUMENT_EVENTS.has(e.type),
  );

/** InvoiceIssued and CreditNoteIssued: the order's invoice, and what its credit notes gave back. */
export function evolveDocument(
  state: OrderState,
  event: Extract<EvolvingEvent, { type: 'InvoiceIssued' | 'CreditNoteIssued' }>,
): OrderState {
  const doc = event.data.document;
  if (event.type === 'InvoiceIssued') {
    return {
      ...state,
      invoice: { number: doc.number, issuedAt: doc.issuedAt, totalInclCents: doc.totalInclCents },
      version: event.version,
    };
  }
  return {
    ...state,
    creditedCents: (state.creditedCents ?? 0) + doc.totalInclCents,
    version: event.version,
  };
}
