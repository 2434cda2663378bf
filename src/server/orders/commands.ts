/**
 * The command handler for existing orders: read the stream, decide, append with the version read,
 * and on a version conflict re-read, re-decide and retry a bounded number of times.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../../domain/errors.js';
import {
  decide,
  type OrderCommand,
  type OrderState,
  type ProductSnapshot,
  stockProductIds,
} from '../../domain/orders/decider.js';
import type { Actor, Shipment } from '../../domain/orders/events.js';
import { stockMoveOf } from '../../domain/orders/transitions.js';
import { toId } from '../../domain/security/ids.js';
import { afterCommit } from '../db/after-commit.js';
import type { Sql, Tx } from '../db/client.js';
import {
  type CommandMeta,
  type Committed,
  commitDecision,
  commitSingle,
  foldStored,
  lockProducts,
} from './commit.js';
import { prepareStatusMail, queueStatusMailWith } from './status-mails.js';
import { ConcurrencyError, readStream } from './store.js';

export const MAX_ATTEMPTS = 10;

/**
 * Work a higher room runs in the command's transaction once its events are appended (the invoices
 * room issues the documents a payment, refund or cancellation implies): the order store never
 * imports it, the caller hands it in.
 */
export type InTransaction = (tx: Tx, orderId: string, actor: Actor) => Promise<void>;

export interface OrderCommandOptions extends Omit<CommandMeta, 'at'> {
  /** Runs in the same transaction after the append (forces the transaction path). */
  inTransaction?: InTransaction;
  /** When the command was given (ISO); now when not said. Retries record the same time. */
  at?: string;
  /** The version the caller saw: when set, a newer order is refused instead of retried. */
  expectedVersion?: number;
}

type CommandFor = (state: OrderState | null, products: ProductSnapshot[]) => OrderCommand;

function staleCheck(state: OrderState | null, meta: OrderCommandOptions) {
  if (meta.expectedVersion !== undefined && state && state.version !== meta.expectedVersion) {
    throw new DomainError(
      'concurrency',
      'STALE_VERSION',
      'La commande a été modifiée entre-temps. Rechargez la page et réessayez.',
      { expectedVersion: meta.expectedVersion, version: state.version },
    );
  }
}

/**
 * Reads the order, decides, appends with the version read. A command that moves stock runs in a
 * transaction that locks the products first (and re-reads the order under those locks); any other
 * appends its event and read-table change in one statement. On a version conflict: re-read,
 * re-decide, retry, at most MAX_ATTEMPTS times.
 */
export async function handleOrderCommand(
  sql: Sql,
  orderId: string,
  options: OrderCommandOptions,
  commandFor: CommandFor,
  movesStock: (state: OrderState | null) => boolean = () => false,
): Promise<Committed> {
  const committed = await decideAndAppend(sql, orderId, options, commandFor, movesStock);
  // After the commit, through the port the app wired (db/after-commit.ts): live screens read the log.
  if (committed.events.length > 0) afterCommit.ordersCommitted(sql);
  return committed;
}

async function decideAndAppend(
  sql: Sql,
  orderId: string,
  options: OrderCommandOptions,
  commandFor: CommandFor,
  movesStock: (state: OrderState | null) => boolean,
): Promise<Committed> {
  const { inTransaction, ...rest } = options;
  const meta = { ...rest, at: options.at ?? new Date().toISOString() };
  /**
   * In the command's transaction, after the append: queues the customer's status mail (the outbox
   * row commits with the event), runs the caller's work, and returns the order as it then stands.
   */
  const finish = async (tx: Tx, committed: Committed): Promise<Committed> => {
    if (committed.events.length === 0) return committed;
    await queueStatusMailWith(tx, committed);
    if (!inTransaction) return committed;
    await inTransaction(tx, orderId, meta.actor);
    return { state: foldStored(await readStream(tx, orderId)), events: committed.events };
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const stored = await readStream(sql, orderId);
      const state = foldStored(stored);
      staleCheck(state, meta);
      if (movesStock(state)) {
        return await sql.begin(async (tx) => {
          const products = await lockProducts(tx, stockProductIds(state));
          const current = await readStream(tx, orderId);
          const now = foldStored(current);
          staleCheck(now, meta);
          const decided = decide(commandFor(now, products), now);
          if (decided.length === 0) return { state: now, events: [] };
          return await finish(tx, await commitDecision(tx, orderId, current, decided, meta, products));
        });
      }
      const decided = decide(commandFor(state, []), state);
      const [event] = decided;
      if (!event) return { state, events: [] };
      if (decided.length > 1 || inTransaction) {
        return await sql.begin(async (tx) =>
          finish(tx, await commitDecision(tx, orderId, stored, decided, meta, [])),
        );
      }
      // One event: its status mail is rendered now, outside any transaction, and inserted by the
      // append's own statement, only if the event is appended (issue 41).
      return await commitSingle(sql, orderId, stored, event, meta, await prepareStatusMail(sql, event));
    } catch (error) {
      if (
        !(error instanceof ConcurrencyError) ||
        attempt >= MAX_ATTEMPTS ||
        meta.expectedVersion !== undefined
      ) {
        throw error;
      }
      // Someone appended first: back off a little (jittered) and decide again on the new state.
      await sleep(Math.random() * 2 ** Math.min(attempt, 6));
    }
  }
}

const notFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.');

/** The order's id as the log stores it (lower-case), or not found (domain/security/ids.ts). */
function checkId(orderId: string): string {
  const id = toId(orderId);
  if (!id) throw notFound();
  return id;
}

export async function setOrderStatus(
  sql: Sql,
  orderId: string,
  status: string,
  meta: OrderCommandOptions,
  /** Why: required where the transition table says so (domain/orders/transitions.ts). */
  reason?: string | null,
  /** Carrier and tracking number, with "Expédiée" (shown in the customer's mail). */
  shipment?: Shipment,
) {
  const committed = await handleOrderCommand(
    sql,
    checkId(orderId),
    meta,
    (_, products) => ({ type: 'SetStatus', status, products, reason, ...(shipment ? { shipment } : {}) }),
    // Stock moves only when entering or leaving "cancelled": lock the products then, and only then.
    (state) => state !== null && !state.deleted && stockMoveOf(state.status, status) !== null,
  );
  // The customer's mail was queued in the change's transaction (decideAndAppend's finish).
  return committed;
}

export async function deleteOrder(
  sql: Sql,
  orderId: string,
  reason: string | null,
  meta: OrderCommandOptions,
) {
  return await handleOrderCommand(sql, checkId(orderId), meta, () => ({ type: 'DeleteOrder', reason }));
}

/** An admin's internal note: no expected version, since a note never conflicts with a change. */
export async function addOrderNote(sql: Sql, orderId: string, note: string, meta: OrderCommandOptions) {
  return await handleOrderCommand(sql, checkId(orderId), meta, () => ({ type: 'AddNote', note }));
}
