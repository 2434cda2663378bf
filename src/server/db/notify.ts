import type { Sql } from './client.js';

/*
 * A wake-up sent AFTER a commit, from the pool: never inside the writer's transaction, where NOTIFY
 * takes PostgreSQL's notification queue lock at commit and holds it through the commit's WAL flush,
 * so that every notifying transaction commits one after the other (issue 41: eight clients changing
 * orders queued on it). Sent without the writer waiting for it, and coalesced: at most one NOTIFY in
 * flight per pool and channel, at most one every NOTIFY_GAP_MS, and the commits made meanwhile share
 * the next. Listeners read the truth from the tables; a lost wake-up only delays them to their next
 * poll.
 */

/**
 * The least time between two NOTIFYs of one pool on one channel, in ms. Without it, eight clients
 * changing orders sent a NOTIFY for most commits (each one a statement, a round trip and a commit
 * for Node and PostgreSQL: about a tenth of a command's CPU, issue 41); with it, at most a hundred a
 * second, and a listener hears of a commit at most this much later. A wake-up after a quiet time is
 * sent at once.
 */
export const NOTIFY_GAP_MS = 10;

/**
 * `send` run for a burst of `wake()` calls: at once when none ran in the last `gapMs` and none is
 * in flight, else once when both are over, for all the calls made meanwhile. Never drops the last
 * call: one made while a send is in flight or too recent is followed by another send.
 */
export function coalescing(send: () => Promise<unknown>, gapMs: number): () => void {
  let inFlight = false;
  let pending = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSent = Number.NEGATIVE_INFINITY;
  const go = () => {
    inFlight = true;
    pending = false;
    lastSent = Date.now();
    send().finally(() => {
      inFlight = false;
      if (pending) wake();
    });
  };
  const wake = () => {
    if (inFlight || timer) {
      pending = true;
      return;
    }
    const wait = lastSent + gapMs - Date.now();
    if (wait <= 0) {
      go();
      return;
    }
    pending = true;
    timer = setTimeout(() => {
      timer = null;
      go();
    }, wait);
    // A wake-up due while the process stops is not worth keeping it alive: listeners poll.
    timer.unref?.();
  };
  return wake;
}

const notifiers = new WeakMap<Sql, Map<string, () => void>>();

/** Something was committed with `sql` (call after the commit): NOTIFY `channel`, coalesced. */
export function notifyCommitted(sql: Sql, channel: string, onError: (error: unknown) => void) {
  let channels = notifiers.get(sql);
  if (!channels) {
    channels = new Map();
    notifiers.set(sql, channels);
  }
  let wake = channels.get(channel);
  if (!wake) {
    wake = coalescing(() => sql`select pg_notify(${channel}, '')`.catch(onError), NOTIFY_GAP_MS);
    channels.set(channel, wake);
  }
  wake();
}
