/**
 * The event store: append with an expected version, read a stream. Events are never updated or
 * deleted by the application. The one reader of the whole log in commit order is the live feed's
 * (live/order-feed.ts readEntries, with its horizon guard).
 */
import postgres from 'postgres';
import { DomainError } from '../../domain/errors.js';
import { type EventMetadata, type OrderEvent, parseOrderEvent } from '../../domain/orders/events.js';
import type { Tx } from '../db/client.js';
import { eventContent } from './canonical.js';
import { personalColumn, readableData } from './personal-records.js';
import { forgetOrderRead } from './read-cache.js';

export interface StoredEvent {
  position: number;
  /** The appending transaction id (xid8, as text). */
  txId: string;
  streamId: string;
  version: number;
  type: OrderEvent['type'];
  data: OrderEvent['data'];
  metadata: EventMetadata;
  recordedAt: Date;
  prevHash: string | null;
  hash: string;
}

/** A stored event read into today's shape (upcast, then parsed with its schema). */
export const toOrderEvent = (e: StoredEvent): StoredEvent & OrderEvent => ({
  ...e,
  ...parseOrderEvent({ type: e.type, data: e.data, schemaVersion: e.metadata.schemaVersion }),
});

/** Another transaction appended to the stream first: re-read, re-decide, retry. */
export class ConcurrencyError extends DomainError {
  constructor(streamId: string, expectedVersion: number) {
    super(
      'concurrency',
      'VERSION_CONFLICT',
      'La commande a été modifiée en même temps par quelqu’un d’autre. Veuillez réessayer.',
      { streamId, expectedVersion },
    );
  }
}

/** The columns of a StoredEvent, as a fragment for the queries below. */
export const eventColumns = (sql: Tx) =>
  sql`position, tx_id::text as tx_id, stream_id, version, type, data, metadata, recorded_at, prev_hash, hash`;

/**
 * The columns of a StoredEvent as readers see them: personal fields put back from their record
 * (docs/decisions/020-personal-data.md). Such data no longer matches the event's hash: the
 * verifier and the log export read the stored columns (eventColumns) instead.
 */
export async function readReadable(query: Promise<(StoredEvent & { personal: unknown })[]>) {
  return (await query).map(({ personal, ...e }) => ({
    ...e,
    data: readableData(e.type, e.data, personal) as StoredEvent['data'],
  }));
}

/**
 * Whether read events are an order's stream: the log holds other kinds of streams (interventions,
 * the ledger; ADR 032) whose events an order's fold cannot read. An order reader given another
 * kind's id answers as for an order that does not exist.
 */
export const isOrderStream = (events: readonly Pick<StoredEvent, 'type'>[]) =>
  events[0]?.type === 'OrderPlaced';

export async function readStream(sql: Tx, streamId: string): Promise<StoredEvent[]> {
  return await readReadable(sql<(StoredEvent & { personal: unknown })[]>`
    select ${eventColumns(sql)}, ${personalColumn(sql)}
      from events where stream_id = ${streamId} order by version`);
}

/**
 * A write to run in the append's own statement, only if the event was appended: it puts the
 * condition it is given in its where clause (mail/outbox.ts outboxInsert).
 */
export type WithAppend = (
  sql: Tx,
  appended: postgres.PendingQuery<postgres.Row[]>,
) => postgres.PendingQuery<postgres.Row[]>;

const alongsideWrites = (sql: Tx, alongside: readonly WithAppend[]) =>
  alongside.map(
    (write, i) => sql`, ${sql(`alongside_${i}`)} as (${write(sql, sql`exists (select 1 from ins)`)})`,
  );

/** What the append's statement gives back: the event's place and the stream's head after it. */
export type Appended = Pick<StoredEvent, 'position' | 'txId' | 'hash' | 'version'> & {
  /** The stream's count of personal-record changes the event was appended under. */
  epoch: number;
};

export interface NewEvent {
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/**
 * Appends one event after `expectedVersion` (0 for a new stream). The hash is computed by the
 * database over the position it assigns and the canonical content built here, so one statement
 * does the whole append. The stream's head must be exactly what the caller chained to: a stale or
 * future expected version, another head hash (`prevHash`), or, when given, another count of
 * changes to the stream's personal records (`expectedEpoch`: an erasure since the caller's read)
 * is a ConcurrencyError, and nothing of the statement is written.
 */
export async function appendEvent(
  sql: Tx,
  streamId: string,
  expectedVersion: number,
  prevHash: string | null,
  event: NewEvent,
  /**
   * An update or delete of a read table, ending in its where clause, to run in the same statement
   * only if the event was appended: a single statement is atomic without a transaction.
   */
  projection?: postgres.PendingQuery<postgres.Row[]>,
  /** Other writes of the same statement (a queued mail), each given the "was appended" condition. */
  alongside: readonly WithAppend[] = [],
  /** The stream's personal_epoch the caller's state was read with (orders/read-cache.ts). */
  expectedEpoch?: number,
): Promise<Appended> {
  const version = expectedVersion + 1;
  const recordedAt = event.metadata.at;
  const content = eventContent({
    streamId,
    version,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recordedAt,
    prevHash,
  });
  try {
    // Every append forgets the stream's folded state; the one-statement path puts the new one back.
    forgetOrderRead(streamId);
    const writes = projection
      ? [
          sql`, projection as (${projection} and exists (select 1 from ins))`,
          ...alongsideWrites(sql, alongside),
        ]
      : alongsideWrites(sql, alongside);
    const [row] = await sql<{ position: number; txId: string; hash: string; epoch: number }[]>`
      with head as (
        select coalesce(s.version, 0) as version, s.head_hash, coalesce(s.personal_epoch, 0) as personal_epoch
          from (select 1) one left join event_streams s on s.stream_id = ${streamId}
      ), ins as (
        insert into events (position, stream_id, version, type, data, metadata, recorded_at, prev_hash, hash)
        select s.p, ${streamId}, ${version}, ${event.type}, c.j -> 'data', c.j -> 'metadata',
               ${recordedAt}::timestamptz, ${prevHash},
               encode(sha256(convert_to(s.p::text || E'\n' || c.content, 'UTF8')), 'hex')
          from (select nextval('events_position_seq') as p) s, head,
               -- The content parsed into jsonb once (offset 0 keeps the planner from inlining the
               -- cast into each of its two uses).
               (select x.content, x.content::jsonb as j from (select ${content}::text as content) x offset 0) c
         where head.version = ${expectedVersion} and head.head_hash is not distinct from ${prevHash}
           and head.personal_epoch = coalesce(${expectedEpoch ?? null}::int, head.personal_epoch)
        returning position, tx_id, hash
      ), upd as (
        insert into event_streams (stream_id, version, head_position, head_hash)
        select ${streamId}, ${version}, position, hash from ins
        on conflict (stream_id) do update
          set version = excluded.version, head_position = excluded.head_position, head_hash = excluded.head_hash
      )${
        // A list of fragments is spliced in; an empty list would be sent as a parameter.
        writes.length > 0 ? writes : sql``
      }
      select ins.position, ins.tx_id::text as tx_id, ins.hash, head.personal_epoch as epoch from ins, head`;
    if (!row) throw new ConcurrencyError(streamId, expectedVersion);
    return { version, ...row };
  } catch (error) {
    if (error instanceof postgres.PostgresError && error.code === '23505') {
      throw new ConcurrencyError(streamId, expectedVersion);
    }
    throw error;
  }
}
