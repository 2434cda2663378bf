/**
 * The orders this process last appended to, folded, so that the next command on one of them need
 * not read its stream again (docs/decisions/050-order-read-cache.md). A kept state is a guess, never
 * a source: a command decides on it only when the decision appends, and the append's own statement
 * checks the guess (the stream's version, head hash and personal epoch: orders/store.ts appendEvent).
 * Another instance's append, an erasure, a rolled-back transaction: the append refuses, nothing is
 * written, and the command decides again on the stream as read (orders/commands.ts).
 *
 * One map for the process, least recently used out first. A test process holds several databases:
 * a head hash chains every earlier event, so a guess that passes the check of one database is
 * exactly that database's order, whichever process kept it.
 */
import type { OrderState } from '../../domain/orders/decider.js';
import type { OrderRead } from './commit.js';

/** Orders kept: a shop's orders in progress, many times over (about 2.6 KB each for a one-line order). */
export const ORDER_READS_KEPT = 10_000;

/**
 * An order as appended by this process: its stream's last event only (the append chains to its
 * version and hash), its state, and the personal epoch it was appended under.
 */
export type KeptOrderRead = OrderRead & { state: OrderState; epoch: number };

const kept = new Map<string, KeptOrderRead>();

/** The order as this process last appended it, if kept (it becomes the most recently used). */
export function keptOrderRead(streamId: string): KeptOrderRead | undefined {
  const read = kept.get(streamId);
  if (read) {
    kept.delete(streamId);
    kept.set(streamId, read);
  }
  return read;
}

/** Keeps an order as just appended and committed (orders/commit.ts commitSingle). */
export function keepOrderRead(streamId: string, read: KeptOrderRead): void {
  kept.delete(streamId);
  kept.set(streamId, read);
  if (kept.size > ORDER_READS_KEPT) kept.delete(kept.keys().next().value as string);
}

/** Forgets a stream's kept state: every append does, before it writes. */
export function forgetOrderRead(streamId: string): void {
  kept.delete(streamId);
}

/** Forgets every kept state (bench:orders also measures commands that read the log). */
export function forgetOrderReads(): void {
  kept.clear();
}
