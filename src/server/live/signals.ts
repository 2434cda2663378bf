import { type Change, onCommit } from '../db/after-commit.js';
import type { Sql, Tx } from '../db/client.js';
import { logger } from '../logger.js';

/*
 * What tells the live feeds (src/server/live/hub.ts) that something changed, on every instance.
 *
 * Order events: the order log is the truth; a notification is only a wake-up. It is sent by the app
 * AFTER the write committed (never inside the write's transaction, where NOTIFY would serialise
 * commits on PostgreSQL's notification queue lock), without the writer waiting for it, and
 * coalesced: at most one NOTIFY in flight per instance, and any commits during it share the next.
 * The instance's own hub is woken at once, without the round trip.
 *
 * Products and customers: rare admin writes, announced with their id on LIVE_CHANNEL (inside the
 * caller's transaction when it has one: delivered at commit, never for a rollback).
 */

export const ORDERS_CHANNEL = 'h27_live_orders';
export const LIVE_CHANNEL = 'h27_live';

export type LiveSignal = Change;

interface OrderWaker {
  inFlight: boolean;
  pending: boolean;
  /** The hubs of this instance that read with this client (woken without waiting for NOTIFY). */
  local: Set<() => void>;
}

const wakers = new WeakMap<Sql, OrderWaker>();

function wakerFor(sql: Sql): OrderWaker {
  let waker = wakers.get(sql);
  if (!waker) {
    waker = { inFlight: false, pending: false, local: new Set() };
    wakers.set(sql, waker);
  }
  return waker;
}

/** A hub of this instance asks to be woken at once by the order commits made with `sql`. */
export function onLocalOrderCommit(sql: Sql, wake: () => void): () => void {
  const waker = wakerFor(sql);
  waker.local.add(wake);
  return () => waker.local.delete(wake);
}

function sendNotify(sql: Sql, waker: OrderWaker) {
  waker.inFlight = true;
  waker.pending = false;
  sql`select pg_notify(${ORDERS_CHANNEL}, '')`
    .catch((error: unknown) => {
      // Subscribers still catch up at their hub's next poll.
      logger.warn('Live updates: NOTIFY failed', error);
    })
    .finally(() => {
      waker.inFlight = false;
      if (waker.pending) sendNotify(sql, waker);
    });
}

/**
 * Order events were committed with `sql` (call after the commit, never inside a transaction):
 * wakes this instance's hub now and every other instance through one coalesced NOTIFY.
 */
export function ordersCommitted(sql: Sql) {
  const waker = wakerFor(sql);
  for (const wake of waker.local) wake();
  if (waker.inFlight) waker.pending = true;
  else sendNotify(sql, waker);
}

/** Announces a product or customer change to every instance (at commit when `sql` is a transaction). */
export async function announceChange(sql: Tx, signal: LiveSignal) {
  await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`;
}

export function parseSignal(payload: string): LiveSignal | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveSignal>;
    if ((value.kind === 'product' || value.kind === 'customer') && typeof value.id === 'string') {
      return { kind: value.kind, id: value.id };
    }
  } catch {
    // A foreign payload on our channel: ignored.
  }
  return null;
}

/**
 * Wires the after-commit port (db/after-commit.ts) to the live updates: order commits wake this
 * instance's feed and NOTIFY the others, product and customer changes are announced on LIVE_CHANNEL.
 */
export function announceCommitsLive(): () => void {
  return onCommit({ ordersCommitted, changed: announceChange });
}
