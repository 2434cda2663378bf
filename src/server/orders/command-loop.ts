/**
 * The one command loop of the event log, shared by orders (orders/commands.ts) and every other
 * stream (log/stream-commands.ts): run one attempt (read the stream, decide, append with the
 * version read); on a version conflict back off a little (jittered), re-read, re-decide and retry,
 * at most MAX_ATTEMPTS times; once events are committed, announce it through the after-commit
 * port (db/after-commit.ts: live screens read the log).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterCommit } from '../db/after-commit.js';
import type { Sql } from '../db/client.js';
import { ConcurrencyError } from './store.js';

export const MAX_ATTEMPTS = 10;

export async function runCommand<T extends { events: readonly unknown[] }>(
  sql: Sql,
  attempt: () => Promise<T>,
  /** False when the caller sent the version it saw: a conflict is then its answer, not retried. */
  retry = true,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      const done = await attempt();
      if (done.events.length > 0) afterCommit.ordersCommitted(sql);
      return done;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || !retry || n >= MAX_ATTEMPTS) throw error;
      await sleep(Math.random() * 2 ** Math.min(n, 6));
    }
  }
}
