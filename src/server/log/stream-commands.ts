/**
 * The generic command path of every stream of the event log that is not an order
 * (docs/decisions/032-event-log-beyond-orders.md): read the stream, decide, append with the version
 * read, write the read table from the folded state and any personal record in the same
 * transaction; on a version conflict re-read, re-decide and retry. Orders and every other stream
 * run in the log's one command loop (orders/command-loop.ts runCommand: retries, then the live
 * announcement); orders add their own read tables, stock and documents (orders/commands.ts). All
 * append through the one `appendEvent` (orders/store.ts), so every stream is chained, verified,
 * sealed, exported and read by the live feed the same way.
 */
import type { Actor, EventMetadata } from '../../domain/orders/events.js';
import type { Sql, Tx } from '../db/client.js';
import { mailTransaction } from '../mail/outbox.js';
import { runCommand } from '../orders/command-loop.js';
import { insertPersonalRecord, type PersonalRecord, personalColumn } from '../orders/personal-records.js';
import { appendEvent, eventColumns, type StoredEvent } from '../orders/store.js';

export interface StreamMeta {
  actor: Actor;
  /** When the command was given (ISO); retries record the same time. */
  at: string;
  requestId: string;
}

/** What the generic path needs to know about one kind of stream. */
export interface StreamModel<S, E extends { type: string; data: unknown }> {
  /** Written into every new event's metadata. */
  schemaVersion: number;
  /** A stored event (with its personal record's fields, null when none or erased) read into today's shape. */
  parse(type: string, data: unknown, personal: unknown, schemaVersion: number): E;
  evolve(state: S | null, event: E, meta: { streamId: string; version: number; at: string }): S;
  /** The data the log stores for a new event and its personal record (null: no personal fields). */
  seal(streamId: string, state: S, event: E): { stored: unknown; record: PersonalRecord } | null;
  /**
   * The read tables' change for the state after an event (upserts); `change` is that event and its
   * version (a read table with a row per event, like the interventions' treatment register).
   */
  project(tx: Tx, state: S, change: { event: E; version: number }): PromiseLike<unknown>;
}

export type ReadEvent<E> = E & {
  position: number;
  version: number;
  at: string;
  metadata: EventMetadata;
  hash: string;
};

/** One stream's events as readers see them (personal fields put back), oldest first. */
export async function readModelStream<S, E extends { type: string; data: unknown }>(
  sql: Tx,
  model: StreamModel<S, E>,
  streamId: string,
): Promise<{ events: ReadEvent<E>[]; state: S | null }> {
  const rows = await sql<(StoredEvent & { personal: unknown })[]>`
    select ${eventColumns(sql)}, ${personalColumn(sql)}
      from events where stream_id = ${streamId} order by version`;
  let state: S | null = null;
  const events: ReadEvent<E>[] = [];
  for (const r of rows) {
    const at = r.metadata.at ?? r.recordedAt.toISOString();
    const event = model.parse(r.type, r.data, r.personal, r.metadata.schemaVersion);
    state = model.evolve(state, event, { streamId, version: r.version, at });
    events.push({
      ...event,
      position: Number(r.position),
      version: r.version,
      at,
      metadata: r.metadata,
      hash: r.hash,
    });
  }
  return { events, state };
}

export interface Handled<S, E> {
  state: S | null;
  events: E[];
}

/**
 * Runs one command on a stream: `decide` gets the current state (null: no such stream yet) and
 * returns the events. In one transaction: append each (with the version read), write personal
 * records, upsert the read table; `inTransaction` runs after, in the same transaction.
 */
export async function handleStreamCommand<S, E extends { type: string; data: unknown }>(
  sql: Sql,
  model: StreamModel<S, E>,
  streamId: string,
  meta: StreamMeta,
  decide: (state: S | null, tx: Tx) => E[] | Promise<E[]>,
  inTransaction?: (tx: Tx, state: S) => Promise<void>,
): Promise<Handled<S, E>> {
  return await runCommand(sql, () =>
    mailTransaction(sql, (tx) => appendStreamCommand(tx, model, streamId, meta, decide, inTransaction)),
  );
}

/**
 * The body of `handleStreamCommand` in a transaction the caller holds (a command on one stream
 * that another stream's command implies in the same transaction: a contract's planned visit
 * confirmed with its intervention's request). Its version conflict rolls the caller back, and the
 * caller's command loop retries the whole.
 */
export async function appendStreamCommand<S, E extends { type: string; data: unknown }>(
  tx: Tx,
  model: StreamModel<S, E>,
  streamId: string,
  meta: StreamMeta,
  decide: (state: S | null, tx: Tx) => E[] | Promise<E[]>,
  inTransaction?: (tx: Tx, state: S) => Promise<void>,
): Promise<Handled<S, E>> {
  const { events: stored, state: before } = await readModelStream(tx, model, streamId);
  const decided = await decide(before, tx);
  let state = before;
  let version = stored.at(-1)?.version ?? 0;
  let prevHash = stored.at(-1)?.hash ?? null;
  const metadata: EventMetadata = {
    actor: meta.actor,
    at: meta.at,
    requestId: meta.requestId,
    schemaVersion: model.schemaVersion,
  };
  for (const event of decided) {
    const after = model.evolve(state, event, { streamId, version: version + 1, at: meta.at });
    const sealed = model.seal(streamId, after, event);
    const appended = await appendEvent(tx, streamId, version, prevHash, {
      type: event.type,
      data: sealed ? sealed.stored : event.data,
      metadata,
    });
    if (sealed) await insertPersonalRecord(tx, sealed.record);
    await model.project(tx, after, { event, version: appended.version });
    state = after;
    version = appended.version;
    prevHash = appended.hash;
  }
  if (decided.length > 0 && inTransaction && state) await inTransaction(tx, state);
  return { state, events: decided };
}
