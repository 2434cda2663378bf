/**
 * Money commands on an order (issue 24): record a payment, cancel one by its opposite entry, refund
 * (lines, delivery, an amount; restock or not), cancel a paid order with its refund, note a failed
 * attempt. Each is an order command (commands.ts handleOrderCommand, the one command path): one
 * transaction that holds the closures' lock in shared mode, reads whether the movement's day is
 * closed, decides, appends, and issues the documents the movement implies through the decision
 * port (ADR 018, ADR 019).
 */

import { randomUUID } from 'node:crypto';
import type { Sql } from '../db/client.js';
import { handleOrderCommand, type OrderCommandOptions } from './commands.js';

export { CLOSURE_LOCK, isDayClosed, moneyDayClosed } from './closed-days.js';

export interface PaymentInput {
  amountCents: number;
  method: string;
  day: string;
  reference?: string | null;
}

export const recordPayment = (sql: Sql, orderId: string, input: PaymentInput, meta: OrderCommandOptions) =>
  handleOrderCommand(sql, orderId, meta, {
    money: { day: input.day },
    command: (_, { today, dayClosed }) => ({
      type: 'RecordPayment',
      paymentId: randomUUID(),
      amountCents: input.amountCents,
      method: input.method,
      day: input.day,
      reference: input.reference ?? null,
      today,
      dayClosed,
    }),
  });

export const cancelPayment = (
  sql: Sql,
  orderId: string,
  input: { paymentId: string; note?: string | null },
  meta: OrderCommandOptions,
) =>
  handleOrderCommand(sql, orderId, meta, {
    money: { day: null },
    command: (_, { today, dayClosed }) => ({
      type: 'CancelPayment',
      paymentId: randomUUID(),
      cancelsPaymentId: input.paymentId,
      note: input.note ?? null,
      today,
      dayClosed,
    }),
  });

export interface RefundInput {
  lines: { itemId: string; quantity: number }[];
  shipping: boolean;
  extraCents: number;
  method: string;
  reason: string;
  note?: string | null;
  restock: boolean;
}

export const refundOrder = (sql: Sql, orderId: string, input: RefundInput, meta: OrderCommandOptions) =>
  handleOrderCommand(sql, orderId, meta, {
    money: { day: null },
    command: (_, { today, dayClosed }) => ({
      type: 'RefundOrder',
      refundId: randomUUID(),
      ...input,
      today,
      dayClosed,
    }),
    movesStock: () => input.restock && input.lines.some((l) => l.quantity > 0),
  });

/** Point 3: cancelling a paid order refunds what is still paid, in the same transaction. */
export const cancelAndRefund = (
  sql: Sql,
  orderId: string,
  input: { method: string; note?: string | null },
  meta: OrderCommandOptions,
) =>
  handleOrderCommand(sql, orderId, meta, {
    money: { day: null },
    command: (_, { today, dayClosed }) => ({
      type: 'CancelAndRefund',
      refundId: randomUUID(),
      ...input,
      today,
      dayClosed,
    }),
    movesStock: () => true,
  });

export const markPaymentFailed = (
  sql: Sql,
  orderId: string,
  input: { note?: string | null },
  meta: OrderCommandOptions,
) =>
  handleOrderCommand(sql, orderId, meta, {
    money: { day: null },
    command: () => ({ type: 'MarkPaymentFailed', note: input.note ?? null }),
  });
