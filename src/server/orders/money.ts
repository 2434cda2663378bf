/**
 * Money commands on an order (issue 24): record a payment, cancel one by its opposite entry, refund
 * (lines, delivery, an amount; restock or not), cancel a paid order with its refund, note a failed
 * attempt. Each runs in ONE transaction that holds the closures' lock in shared mode (a closure
 * takes it exclusively: no movement slips into a day while it is being closed), reads whether the
 * movement's day is closed, decides, and commits through `commitMoney`, the one place where money
 * enters the log.
 */

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../../domain/errors.js';
import {
  decide,
  type MoneyCommand,
  type OrderState,
  type ProductSnapshot,
  stockProductIds,
} from '../../domain/orders/decider.js';
import type { OrderEvent } from '../../domain/orders/events.js';
import { toId } from '../../domain/security/ids.js';
import { parisDay } from '../../domain/site/time-zone.js';
import { afterCommit } from '../db/after-commit.js';
import type { Sql, Tx } from '../db/client.js';
import type { OrderCommandOptions } from './commands.js';
import { type CommandMeta, type Committed, commitDecision, foldStored, lockProducts } from './commit.js';
import { queueStatusMailWith } from './status-mails.js';
import { ConcurrencyError, readStream, type StoredEvent } from './store.js';

/** The advisory lock closures take exclusively and money commands share. */
export const CLOSURE_LOCK = 'h27:money-closures';

/**
 * Whether a Paris day is closed, read in the caller's transaction. Days are closed in order, so
 * every day up to the last closure's last day is closed (days without movement included).
 */
export async function isDayClosed(tx: Tx, day: string): Promise<boolean> {
  const [row] = await tx<{ closed: boolean }[]>`
    select exists (select 1 from money_closures where ${day}::date <= last_day) as closed`;
  return row?.closed ?? false;
}

/**
 * THE place where money events are committed, inside the command's transaction: the append, the
 * read tables, the stock a refund puts back. The documents a movement implies are issued after it,
 * in the same transaction, through the `inTransaction` port (handleMoneyCommand; ADR 019).
 */
export async function commitMoney(
  tx: Tx,
  orderId: string,
  stored: readonly StoredEvent[],
  decided: readonly OrderEvent[],
  meta: CommandMeta,
  products: readonly ProductSnapshot[],
): Promise<Committed> {
  return await commitDecision(tx, orderId, stored, decided, meta, products);
}

/** The command as built from the state read in the transaction and the movement day's closure. */
type MoneyCommandFor = (state: OrderState, context: { today: string; dayClosed: boolean }) => MoneyCommand;

const notFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.');

export const MONEY_MAX_ATTEMPTS = 10;

/**
 * Runs a money command: one transaction (closures' lock shared, products locked when stock may
 * move, stream read, closed day read, decide, commit), retried on a version conflict unless the
 * caller sent the version it saw.
 */
export async function handleMoneyCommand(
  sql: Sql,
  orderId: string,
  options: OrderCommandOptions,
  /** The Paris day of the movement (a payment's chosen day; today for the others). */
  movementDay: string | null,
  commandFor: MoneyCommandFor,
  movesStock = false,
): Promise<Committed> {
  const id = toId(orderId);
  if (!id) throw notFound();
  const meta = { ...options, at: options.at ?? new Date().toISOString() };
  const today = parisDay(new Date(meta.at));
  for (let attempt = 1; ; attempt++) {
    try {
      const committed = await sql.begin(async (tx) => {
        // Pipelined, in this order on the one connection: the lock, then the reads under it.
        let [, stored, dayClosed] = await Promise.all([
          tx`select pg_advisory_xact_lock_shared(hashtextextended(${CLOSURE_LOCK}, 0))`,
          readStream(tx, id),
          isDayClosed(tx, movementDay ?? today),
        ]);
        // A refund that restocks locks its products, then re-reads the order under those locks.
        const locked = movesStock ? await lockProducts(tx, stockProductIds(foldStored(stored))) : [];
        if (movesStock) stored = await readStream(tx, id);
        const state = foldStored(stored);
        if (!state) throw notFound();
        if (meta.expectedVersion !== undefined && state.version !== meta.expectedVersion) {
          throw new DomainError(
            'concurrency',
            'STALE_VERSION',
            'La commande a été modifiée entre-temps. Rechargez la page et réessayez.',
            { expectedVersion: meta.expectedVersion, version: state.version },
          );
        }
        const decided = decide(commandFor(state, { today, dayClosed }), state);
        if (decided.length === 0) return { state, events: [] } satisfies Committed;
        const committed = await commitMoney(tx, id, stored, decided, meta, locked);
        // "Annuler la commande" cancels with its refund: the customer's cancellation mail, saying
        // what was refunded, is queued in this transaction, as for any status change.
        await queueStatusMailWith(tx, committed);
        // The documents the movement implies (an invoice once fully paid, a credit note for a
        // refund), in the same transaction: handed in by the caller (orders never import invoices).
        // The order is then returned as it stands, so the screen's next change is not stale.
        if (!meta.inTransaction) return committed;
        await meta.inTransaction(tx, id, meta.actor);
        return { state: foldStored(await readStream(tx, id)), events: committed.events };
      });
      if (committed.events.length > 0) {
        afterCommit.ordersCommitted(sql);
      }
      return committed;
    } catch (error) {
      if (
        !(error instanceof ConcurrencyError) ||
        attempt >= MONEY_MAX_ATTEMPTS ||
        meta.expectedVersion !== undefined
      ) {
        throw error;
      }
      await sleep(Math.random() * 2 ** Math.min(attempt, 6));
    }
  }
}

export interface PaymentInput {
  amountCents: number;
  method: string;
  day: string;
  reference?: string | null;
}

export const recordPayment = (sql: Sql, orderId: string, input: PaymentInput, meta: OrderCommandOptions) =>
  handleMoneyCommand(sql, orderId, meta, input.day, (_, ctx) => ({
    type: 'RecordPayment',
    paymentId: randomUUID(),
    amountCents: input.amountCents,
    method: input.method,
    day: input.day,
    reference: input.reference ?? null,
    ...ctx,
  }));

export const cancelPayment = (
  sql: Sql,
  orderId: string,
  input: { paymentId: string; note?: string | null },
  meta: OrderCommandOptions,
) =>
  handleMoneyCommand(sql, orderId, meta, null, (_, ctx) => ({
    type: 'CancelPayment',
    paymentId: randomUUID(),
    cancelsPaymentId: input.paymentId,
    note: input.note ?? null,
    ...ctx,
  }));

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
  handleMoneyCommand(
    sql,
    orderId,
    meta,
    null,
    (_, ctx) => ({ type: 'RefundOrder', refundId: randomUUID(), ...input, ...ctx }),
    input.restock && input.lines.some((l) => l.quantity > 0),
  );

/** Point 3: cancelling a paid order refunds what is still paid, in the same transaction. */
export const cancelAndRefund = (
  sql: Sql,
  orderId: string,
  input: { method: string; note?: string | null },
  meta: OrderCommandOptions,
) =>
  handleMoneyCommand(
    sql,
    orderId,
    meta,
    null,
    (_, ctx) => ({ type: 'CancelAndRefund', refundId: randomUUID(), ...input, ...ctx }),
    true,
  );

export const markPaymentFailed = (
  sql: Sql,
  orderId: string,
  input: { note?: string | null },
  meta: OrderCommandOptions,
) =>
  handleMoneyCommand(sql, orderId, meta, null, () => ({
    type: 'MarkPaymentFailed',
    note: input.note ?? null,
  }));
