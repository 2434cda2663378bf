import type { Sql } from './client.js';

/*
 * A wake-up sent AFTER a commit, from the pool: never inside the writer's transaction, where NOTIFY
 * takes PostgreSQL's notification queue lock at commit and holds it through the commit's WAL flush,
 * so that every notifying transaction commits one after the other (issue 41: eight clients changing
 * orders queued on it). Sent without the writer waiting for it, and coalesced: at most one NOTIFY in
 * flight per pool and channel, and the commits made during it share the next. Listeners read the
 * truth from the tables; a lost wake-up only delays them to their next poll.
 */

interface Notifier {
  inFlight: boolean;
  pending: boolean;
}

const notifiers = new WeakMap<Sql, Map<string, Notifier>>();

function notifierFor(sql: Sql, channel: string): Notifier {
  let channels = notifiers.get(sql);
  if (!channels) {
    channels = new Map();
    notifiers.set(sql, channels);
  }
  let notifier = channels.get(channel);
  if (!notifier) {
    notifier = { inFlight: false, pending: false };
    channels.set(channel, notifier);
  }
  return notifier;
}

function send(sql: Sql, channel: string, notifier: Notifier, onError: (error: unknown) => void) {
  notifier.inFlight = true;
  notifier.pending = false;
  sql`select pg_notify(${channel}, '')`.catch(onError).finally(() => {
    notifier.inFlight = false;
    if (notifier.pending) send(sql, channel, notifier, onError);
  });
}

/** Something was committed with `sql` (call after the commit): NOTIFY `channel` once, coalesced. */
export function notifyCommitted(sql: Sql, channel: string, onError: (error: unknown) => void) {
  const notifier = notifierFor(sql, channel);
  if (notifier.inFlight) notifier.pending = true;
  else send(sql, channel, notifier, onError);
}
