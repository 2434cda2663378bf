import { type Change, onCommit } from '../db/after-commit.js';
import type { Sql, Tx } from '../db/client.js';
import { notifyCommitted } from '../db/notify.js';
import { logger } from '../logger.js';

/*
 * What tells the live feeds (src/server/live/hub.ts) that something changed, on every instance.
 *
 * Order events: the order log is the truth; a notification is only a wake-up. It is sent by the app
 * AFTER the write committed (never inside the write's transaction, where NOTIFY would serialise
 * commits on PostgreSQL's notification queue lock), without the writer waiting for it, and
 * coalesced (db/notify.ts).
 * The instance's own hub is woken at once, without the round trip.
 *
 * Products and customers: rare admin writes, announced with their id on LIVE_CHANNEL (inside the
 * caller's transaction when it has one: delivered at commit, never for a rollback).
 */

export const ORDERS_CHANNEL = 'h27_live_orders';
export const LIVE_CHANNEL = 'h27_live';

export type LiveSignal = Change;

/** The hubs of this instance that read with a client, woken without waiting for NOTIFY. */
const localHubs = new WeakMap<Sql, Set<() => void>>();

function hubsOf(sql: Sql): Set<() => void> {
  let hubs = localHubs.get(sql);
  if (!hubs) {
    hubs = new Set();
    localHubs.set(sql, hubs);
  }
  return hubs;
}

/** A hub of this instance asks to be woken at once by the order commits made with `sql`. */
export function onLocalOrderCommit(sql: Sql, wake: () => void): () => void {
  const hubs = hubsOf(sql);
  hubs.add(wake);
  return () => hubs.delete(wake);
}

/**
 * Order events were committed with `sql` (call after the commit, never inside a transaction):
 * wakes this instance's hub now and every other instance through one coalesced NOTIFY
 * (db/notify.ts).
 */
export function ordersCommitted(sql: Sql) {
  for (const wake of hubsOf(sql)) wake();
  notifyCommitted(sql, ORDERS_CHANNEL, (error) => {
    // Subscribers still catch up at their hub's next poll.
    logger.warn('Live updates: NOTIFY failed', error);
  });
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
