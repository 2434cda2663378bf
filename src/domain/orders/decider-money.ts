/**
 * Money in the decider (issue 24; issue 34: the decider split by capability): the money commands
 * (a payment, its cancellation, a refund, a cancellation with its refund, a failed attempt), one
 * decide function each, and how the money events fold into the order's ledger. The figures come
 * from the ledger (money.ts); decider.ts dispatches.
 */

import { formatEuros } from '../catalog/pricing.js';
import { MONEY_NOTE_MAX } from '../common/limits.js';
import { DomainError } from '../errors.js';
import type { EvolvingEvent, OrderState } from './decider.js';
import { buyerErased, ERASED_BUYER_PAYMENT_MESSAGE } from './erased-buyer.js';
import type { OrderEvent, OrderLine } from './events.js';
import {
  type Ledger,
  moneySummary,
  movementVatCents,
  orderVatRate,
  type PaymentMethod,
  REFUND_REASONS,
  type RefundReason,
  refundAmountCents,
  refundableShippingCents,
  refundedQuantities,
  refundLineCents,
  refundTooHighMessage,
} from './money.js';
import {
  checkAmountLeft,
  checkPaymentAmount,
  checkPaymentMethod,
  checkPaymentReference,
  closedDayError,
  PAYMENT_DAY_MESSAGES,
  paymentDayProblem,
} from './payment-day.js';

/** What every money command carries: the Paris day it is given on, and the days already closed. */
export interface MoneyContext {
  /** Today's Paris day: refunds and corrections are dated on it; a payment may not be later. */
  today: string;
  /** Whether the movement's day is covered by a closure (read in the command's transaction). */
  dayClosed: boolean;
}

export type MoneyCommand =
  | (MoneyContext & {
      type: 'RecordPayment';
      paymentId: string;
      amountCents: number;
      method: string;
      /** The Paris day the money was received. */
      day: string;
      reference?: string | null;
    })
  | (MoneyContext & {
      type: 'CancelPayment';
      paymentId: string;
      cancelsPaymentId: string;
      note?: string | null;
    })
  | (MoneyContext & {
      type: 'RefundOrder';
      refundId: string;
      lines: { itemId: string; quantity: number }[];
      /** Refund what is left of the delivery cost. */
      shipping: boolean;
      extraCents: number;
      method: string;
      reason: string;
      note?: string | null;
      restock: boolean;
    })
  | (MoneyContext & {
      /** Point 3: cancel a paid order, refunding everything still paid, in one decision. */
      type: 'CancelAndRefund';
      refundId: string;
      method: string;
      note?: string | null;
    })
  | { type: 'MarkPaymentFailed'; note?: string | null };

const moneyInvalid = (code: string, message: string, details?: Record<string, unknown>) =>
  new DomainError('invalid', code, message, details);

/** The order's state with its ledger and the figures derived from it. */
export function withLedger(state: OrderState, ledger: Ledger): OrderState {
  const summary = moneySummary(ledger, state.totalAmountCents, state.status === 'cancelled');
  return {
    ...state,
    ledger,
    paymentStatus: summary.status,
    paidCents: summary.paidCents,
    refundedCents: summary.refundedCents,
  };
}

export function evolveLedger(
  ledger: Ledger,
  event: Extract<
    EvolvingEvent,
    { type: 'PaymentRecorded' | 'PaymentCancelled' | 'RefundRecorded' | 'PaymentFailed' }
  >,
): Ledger {
  const at = event.metadata.at;
  const actor = event.metadata.actor;
  const by = actor && 'userId' in actor ? actor.userId : null;
  switch (event.type) {
    case 'PaymentRecorded': {
      const d = event.data;
      return {
        ...ledger,
        failed: false,
        payments: [
          ...ledger.payments,
          {
            paymentId: d.paymentId,
            amountCents: d.amountCents,
            method: d.method,
            day: d.day,
            reference: d.reference,
            at,
            by,
            cancelledBy: null,
            legacy: false,
          },
        ],
      };
    }
    case 'PaymentCancelled': {
      const d = event.data;
      return {
        ...ledger,
        payments: ledger.payments.map((p) =>
          p.paymentId === d.cancelsPaymentId ? { ...p, cancelledBy: d.paymentId } : p,
        ),
        corrections: [
          ...ledger.corrections,
          {
            paymentId: d.paymentId,
            cancelsPaymentId: d.cancelsPaymentId,
            amountCents: d.amountCents,
            method: d.method,
            day: d.day,
            note: d.note,
            at,
            by,
          },
        ],
      };
    }
    case 'RefundRecorded': {
      const d = event.data;
      return {
        ...ledger,
        refunds: [
          ...ledger.refunds,
          {
            refundId: d.refundId,
            amountCents: d.amountCents,
            method: d.method,
            day: d.day,
            lines: d.lines,
            shippingCents: d.shippingCents,
            extraCents: d.extraCents,
            reason: d.reason,
            note: d.note,
            restock: d.restock,
            at,
            by,
            legacy: false,
          },
        ],
      };
    }
    case 'PaymentFailed':
      return { ...ledger, failed: true };
  }
}

/** The order's lines less the quantities a refund put back into stock. */
export function outstandingLines(order: OrderState): OrderLine[] {
  const restocked = new Map<string, number>();
  for (const refund of order.ledger.refunds) {
    if (!refund.restock) continue;
    for (const line of refund.lines)
      restocked.set(line.itemId, (restocked.get(line.itemId) ?? 0) + line.quantity);
  }
  return order.lines
    .map((line) => ({ ...line, quantity: line.quantity - (restocked.get(line.itemId) ?? 0) }))
    .filter((line) => line.quantity > 0);
}

/** Point 3: a paid order is cancelled together with its refund, never on its own. */
export function refuseCancelWhilePaid(order: OrderState) {
  const { refundableCents } = moneySummary(order.ledger, order.totalAmountCents);
  if (refundableCents > 0) {
    throw new DomainError(
      'conflict',
      'REFUND_REQUIRED',
      `Cette commande a été payée : remboursez ${formatEuros(refundableCents)} pour l'annuler.`,
      { refundableCents },
    );
  }
}

function checkNote(note: string | null | undefined): string | null {
  const text = note?.trim() || null;
  if (text && text.length > MONEY_NOTE_MAX) {
    throw moneyInvalid('NOTE_TOO_LONG', `Le commentaire ne peut pas dépasser ${MONEY_NOTE_MAX} caractères.`);
  }
  return text;
}

/**
 * Article 286 I 3° bis CGI (conservation): a closed day receives no movement. `field`: the input
 * that chose the day (a payment's date), named so the form says it there.
 */
function checkOpenDay(command: MoneyContext, day: string, field?: 'day') {
  if (command.dayClosed) throw closedDayError(day, field);
}

function movement(order: OrderState, day: string, method: PaymentMethod, amountCents: number) {
  return {
    day,
    method,
    amountCents,
    vatRate: orderVatRate(order),
    vatCents: movementVatCents(amountCents, order),
  };
}

/** The order's money figures, from its ledger. */
const summaryOf = (order: OrderState) =>
  moneySummary(order.ledger, order.totalAmountCents, order.status === 'cancelled');

/** RecordPayment: money received on a day (not before the order, not after today, not on a closed day), at most what is left to pay. */
export function decideRecordPayment(
  command: Extract<MoneyCommand, { type: 'RecordPayment' }>,
  order: OrderState,
): OrderEvent[] {
  const summary = summaryOf(order);
  const method = checkPaymentMethod(command.method);
  checkPaymentAmount(command.amountCents);
  const dayProblem = paymentDayProblem(command.day, order.createdAt, command.today);
  if (dayProblem) throw moneyInvalid('INVALID_DATE', PAYMENT_DAY_MESSAGES[dayProblem], { field: 'day' });
  if (order.status === 'cancelled') {
    throw new DomainError(
      'conflict',
      'ORDER_CANCELLED',
      'Cette commande est annulée : aucun paiement ne peut être enregistré.',
    );
  }
  if (buyerErased(order.customer)) {
    throw new DomainError('conflict', 'BUYER_ERASED', ERASED_BUYER_PAYMENT_MESSAGE);
  }
  checkAmountLeft(command.amountCents, summary.leftCents, 'Cette commande est déjà entièrement payée.');
  const reference = checkPaymentReference(command.reference);
  checkOpenDay(command, command.day, 'day');
  return [
    {
      type: 'PaymentRecorded',
      data: {
        paymentId: command.paymentId,
        ...movement(order, command.day, method, command.amountCents),
        reference,
      },
    },
  ];
}

/** CancelPayment: the opposite entry of a payment not yet refunded, dated today. */
export function decideCancelPayment(
  command: Extract<MoneyCommand, { type: 'CancelPayment' }>,
  order: OrderState,
): OrderEvent[] {
  const summary = summaryOf(order);
  const payment = order.ledger.payments.find((p) => p.paymentId === command.cancelsPaymentId);
  if (!payment || payment.legacy) {
    throw new DomainError('not_found', 'PAYMENT_NOT_FOUND', 'Paiement introuvable.');
  }
  if (payment.cancelledBy) {
    throw new DomainError('conflict', 'PAYMENT_ALREADY_CANCELLED', 'Ce paiement a déjà été annulé.');
  }
  if (payment.amountCents > summary.refundableCents) {
    throw new DomainError(
      'conflict',
      'PAYMENT_REFUNDED',
      'Une partie de ce paiement a déjà été remboursée : il ne peut plus être annulé.',
    );
  }
  checkOpenDay(command, command.today);
  return [
    {
      type: 'PaymentCancelled',
      data: {
        paymentId: command.paymentId,
        cancelsPaymentId: payment.paymentId,
        ...movement(order, command.today, payment.method as PaymentMethod, payment.amountCents),
        note: checkNote(command.note),
      },
    },
  ];
}

/** RefundOrder: lines, delivery and an amount given back, at most what is refundable, dated today. */
export function decideRefundOrder(
  command: Extract<MoneyCommand, { type: 'RefundOrder' }>,
  order: OrderState,
): OrderEvent[] {
  const summary = summaryOf(order);
  const method = checkPaymentMethod(command.method);
  if (!(REFUND_REASONS as readonly string[]).includes(command.reason)) {
    throw moneyInvalid('UNKNOWN_REASON', 'Choisissez un motif de remboursement.', { field: 'reason' });
  }
  const already = refundedQuantities(order.ledger);
  const byItem = new Map(order.lines.map((line) => [line.itemId, line]));
  const seen = new Set<string>();
  const lines = command.lines
    .filter((l) => l.quantity !== 0)
    .map((l) => {
      const line = byItem.get(l.itemId);
      if (!line || seen.has(l.itemId)) throw moneyInvalid('UNKNOWN_LINE', 'Ligne de commande inconnue.');
      seen.add(l.itemId);
      const left = line.quantity - (already.get(l.itemId) ?? 0);
      if (!Number.isInteger(l.quantity) || l.quantity < 0 || l.quantity > left) {
        throw moneyInvalid(
          'QUANTITY_TOO_HIGH',
          `Quantité à rembourser invalide pour « ${line.title} » (au plus ${left}).`,
          { itemId: l.itemId, left },
        );
      }
      return { itemId: l.itemId, quantity: l.quantity, unitPriceCents: line.unitPriceCents };
    });
  const shippingCents = command.shipping ? refundableShippingCents(order.ledger, order.shippingCostCents) : 0;
  if (!Number.isInteger(command.extraCents) || command.extraCents < 0) {
    throw moneyInvalid('INVALID_AMOUNT', 'Le montant doit être positif.', { field: 'extraCents' });
  }
  const amountCents = refundAmountCents({ lines, shippingCents, extraCents: command.extraCents });
  if (amountCents <= 0) {
    throw moneyInvalid('EMPTY_REFUND', 'Choisissez des articles, la livraison ou un montant à rembourser.');
  }
  const tooHigh = refundTooHighMessage(amountCents, summary.refundableCents);
  if (tooHigh) {
    throw moneyInvalid('REFUND_TOO_HIGH', tooHigh, { refundableCents: summary.refundableCents });
  }
  checkOpenDay(command, command.today);
  return [
    {
      type: 'RefundRecorded',
      data: {
        refundId: command.refundId,
        ...movement(order, command.today, method, amountCents),
        lines: lines.map((l) => ({
          itemId: l.itemId,
          quantity: l.quantity,
          amountCents: refundLineCents(l),
        })),
        shippingCents,
        extraCents: command.extraCents,
        reason: command.reason as RefundReason,
        note: checkNote(command.note),
        // A cancelled order's stock is already back: its refund puts nothing back twice.
        restock: command.restock && order.status !== 'cancelled' && lines.length > 0,
      },
    },
  ];
}

/** CancelAndRefund (point 3): a paid order cancelled with the refund of everything still paid. */
export function decideCancelAndRefund(
  command: Extract<MoneyCommand, { type: 'CancelAndRefund' }>,
  order: OrderState,
): OrderEvent[] {
  const summary = summaryOf(order);
  if (order.status === 'cancelled') {
    throw new DomainError('conflict', 'ORDER_CANCELLED', 'Cette commande est déjà annulée.');
  }
  const events: OrderEvent[] = [];
  if (summary.refundableCents > 0) {
    const method = checkPaymentMethod(command.method);
    checkOpenDay(command, command.today);
    events.push({
      type: 'RefundRecorded',
      data: {
        refundId: command.refundId,
        ...movement(order, command.today, method, summary.refundableCents),
        lines: [],
        shippingCents: 0,
        extraCents: summary.refundableCents,
        reason: 'cancelled',
        note: checkNote(command.note),
        // The cancellation itself gives the stock back.
        restock: false,
      },
    });
  }
  events.push({ type: 'OrderStatusChanged', data: { from: order.status, to: 'cancelled' } });
  return events;
}

/** MarkPaymentFailed: a failed attempt noted, while nothing is paid. */
export function decideMarkPaymentFailed(
  command: Extract<MoneyCommand, { type: 'MarkPaymentFailed' }>,
  order: OrderState,
): OrderEvent[] {
  const summary = summaryOf(order);
  if (summary.paidCents > 0) {
    throw new DomainError(
      'conflict',
      'ALREADY_PAID',
      'Un paiement est enregistré : annulez-le plutôt que de marquer le paiement comme échoué.',
    );
  }
  if (order.ledger.failed) return [];
  return [{ type: 'PaymentFailed', data: { note: checkNote(command.note) } }];
}
