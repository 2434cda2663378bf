import type { Sql, Tx } from './client.js';

/*
 * The after-commit port: a lower room (orders/, catalog/) announces that it committed a change,
 * the room that cares (live/, the live updates of every instance) listens. The composition wires
 * the listener at start (app.ts; a write-only process such as bench/live-writer.ts and the test
 * databases wire it themselves: live/signals.ts announceCommitsLive). Unwired, announcements go
 * nowhere and live screens catch up at their feed's next poll.
 */

/** A product or customer changed (the back-office's rare writes, announced with their id). */
export type Change = { kind: 'product'; id: string } | { kind: 'customer'; id: string };

export interface CommitListener {
  /** Order events were committed with `sql`: called after the commit, never inside a transaction. */
  ordersCommitted(sql: Sql): void;
  /** Called inside the writer's transaction when it has one: delivered at commit, never for a rollback. */
  changed(tx: Tx, change: Change): Promise<void>;
}

const silent: CommitListener = {
  ordersCommitted() {},
  async changed() {},
};

let listener: CommitListener = silent;

/** Wires the port (the last call wins); returns what undoes it. */
export function onCommit(next: CommitListener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = silent;
  };
}

/** What the writers call. */
export const afterCommit = {
  ordersCommitted: (sql: Sql) => listener.ordersCommitted(sql),
  changed: (tx: Tx, change: Change) => listener.changed(tx, change),
};
