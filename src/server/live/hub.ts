/**
 * The live updates of one instance: ONE listening connection (postgres.js's listener, shared with
 * the session revocations and cache clears) fans every notification out to all the subscriptions
 * of the instance, never one LISTEN per socket.
 */
import type { Sql } from '../db/client.js';
import { logger } from '../logger.js';
import { CACHE_CLEAR_CHANNEL } from '../settings/caches.js';
import { OrderFeed } from './order-feed.js';
import { LIVE_CHANNEL, type LiveSignal, ORDERS_CHANNEL, onLocalOrderCommit, parseSignal } from './signals.js';

/** What the hub tells product, customer and settings subscriptions. */
export type HubSignal = LiveSignal | { kind: 'settings' };
type SignalListener = (signal: HubSignal) => void;

export interface LiveLimits {
  /** Items a subscription may have waiting; more and its socket is closed (it reconnects). */
  queueItems: number;
  /** Bytes a socket may have unsent; more and it is closed (a slow client never holds others). */
  socketBufferedBytes: number;
  /** The order feed's wake-up without notification. */
  pollMs: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  queueItems: 2_000,
  socketBufferedBytes: 1024 * 1024,
  pollMs: 2_000,
};

export interface LiveHub {
  sql: Sql;
  limits: LiveLimits;
  orders: OrderFeed;
  /** Calls the listener for every product, customer and settings change; returns the unsubscribe. */
  onSignal(listener: SignalListener): () => void;
  /** Whether the hub is stopping: subscriptions end. */
  readonly stopping: AbortSignal;
  stop(): Promise<void>;
}

export async function startLiveHub(sql: Sql, limits: Partial<LiveLimits> = {}): Promise<LiveHub> {
  const settings = { ...DEFAULT_LIVE_LIMITS, ...limits };
  const orders = new OrderFeed(sql, settings.pollMs);
  const listeners = new Set<SignalListener>();
  const stopping = new AbortController();
  const emit = (signal: HubSignal) => {
    for (const listener of listeners) listener(signal);
  };
  const listen = (channel: string, onNotify: (payload: string) => void) =>
    sql
      // On every (re)connection of the listener the feed reads: what came while it was away.
      .listen(channel, onNotify, () => orders.wake())
      .catch((error: unknown) => {
        // Without it, the order feed still polls; product and customer changes wait for a reload.
        logger.warn(`Live updates: cannot LISTEN on ${channel}`, error);
        return null;
      });
  const listening = await Promise.all([
    listen(ORDERS_CHANNEL, () => orders.wake()),
    listen(LIVE_CHANNEL, (payload) => {
      const signal = parseSignal(payload);
      if (signal) emit(signal);
    }),
    // A full clear is a settings save or "Vider le cache"; a named one (the shop pages' cache after
    // a product change) is not about settings.
    listen(CACHE_CLEAR_CHANNEL, (name) => {
      if (!name) emit({ kind: 'settings' });
    }),
  ]);
  const stopLocal = onLocalOrderCommit(sql, orders.wake);
  return {
    sql,
    limits: settings,
    orders,
    onSignal(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stopping: stopping.signal,
    async stop() {
      stopping.abort();
      stopLocal();
      orders.stop();
      listeners.clear();
      await Promise.all(listening.map((l) => l?.unlisten().catch(() => undefined)));
    },
  };
}
