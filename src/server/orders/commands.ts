/**
 * The command handler for existing orders: read the stream, decide, append with the version read,
 * and on a version conflict re-read, re-decide and retry a bounded number of times.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../../domain/errors.js';
import { decide, type OrderCommand, type OrderState, stockProductIds } from '../../domain/orders/decider.js';
import type { Sql, Tx } from '../db/client.js';
import { type CommandMeta, type Committed, commitDecision, foldStored, lockProducts } from './commit.js';
import { ConcurrencyError, readStream } from './store.js';

export const MAX_ATTEMPTS = 10;

export interface OrderCommandOptions extends CommandMeta {
  /** The version the caller saw: when set, a newer order is refused instead of retried. */
  expectedVersion?: number;
}

type CommandFor = (tx: Tx, state: OrderState | null) => Promise<OrderCommand>;

export async function handleOrderCommand(
  sql: Sql,
  orderId: string,
  meta: OrderCommandOptions,
  commandFor: CommandFor,
): Promise<Committed> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sql.begin(async (tx) => {
        const stored = await readStream(tx, orderId);
        const state = foldStored(stored);
        if (meta.expectedVersion !== undefined && state && state.version !== meta.expectedVersion) {
          throw new DomainError(
            'concurrency',
            'STALE_VERSION',
            'La commande a été modifiée entre-temps. Rechargez la page et réessayez.',
            { expectedVersion: meta.expectedVersion, version: state.version },
          );
        }
        const command = await commandFor(tx, state);
        const products = command.type === 'SetStatus' ? command.products : [];
        const decided = decide(command, state);
        if (decided.length === 0) return { state, events: [] };
        return await commitDecision(tx, orderId, stored, decided, meta, products);
      });
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.');

function checkId(orderId: string) {
  if (!UUID.test(orderId)) throw notFound();
}

export async function setOrderStatus(sql: Sql, orderId: string, status: string, meta: OrderCommandOptions) {
  checkId(orderId);
  return await handleOrderCommand(sql, orderId, meta, async (tx, state) => {
    // Stock moves only when entering or leaving "cancelled": lock those products then, and only then.
    const movesStock =
      state && status !== state.status && (status === 'cancelled' || state.status === 'cancelled');
    const products = movesStock ? await lockProducts(tx, stockProductIds(state)) : [];
    return { type: 'SetStatus', status, products };
  });
}

export async function setOrderPaymentStatus(
  sql: Sql,
  orderId: string,
  paymentStatus: string,
  meta: OrderCommandOptions,
) {
  checkId(orderId);
  return await handleOrderCommand(sql, orderId, meta, async () => ({
    type: 'SetPaymentStatus',
    paymentStatus,
  }));
}

export async function deleteOrder(
  sql: Sql,
  orderId: string,
  reason: string | null,
  meta: OrderCommandOptions,
) {
  checkId(orderId);
  return await handleOrderCommand(sql, orderId, meta, async () => ({ type: 'DeleteOrder', reason }));
}
