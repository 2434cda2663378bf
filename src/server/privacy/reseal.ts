/**
 * The one-time rewrite that takes personal data out of the order log (ADR 020): every event of a
 * type with personal fields (PERSONAL_EVENTS: OrderPlaced before version 2, WithdrawalRequested
 * before version 3) still holding them inline gets a personal record, its stored data becomes the
 * reference-and-commitment form, and the hashes of its stream are recomputed from there on, with
 * the stream's head. Then the log is sealed again and the new checkpoint goes to the witness file.
 *
 * Proof, in the same transaction, with the log locked against writers: the log must verify before,
 * against the witness file too (a tampered log is never re-sealed: that would launder the
 * tampering), and verify after against the new checkpoint; otherwise everything rolls back. Done
 * once: a row of `data_rewrites` records it, and later starts read that row and skip the scan.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { isPersonalEventType, PERSONAL_EVENTS } from '../../domain/orders/events.js';
import {
  type AuditReport,
  type Checkpoint,
  latestWitnessed,
  verifyIn,
  witnessLine,
  writeCheckpointIn,
} from '../audit/verify.js';
import type { Sql, Tx } from '../db/client.js';
import { logger } from '../logger.js';
import { eventContent, eventHash } from '../orders/canonical.js';
import { insertPersonalRecord, orderSubject, sealPersonalData } from '../orders/personal-records.js';
import { eventColumns, type StoredEvent } from '../orders/store.js';

/** The row of `data_rewrites` this rewrite leaves once done. */
export const RESEAL_NAME = 'personal-data-v3';

export interface ResealReport {
  /** Events whose personal fields moved to a record (OrderPlaced and WithdrawalRequested). */
  orders: number;
  /** Events whose hash was recomputed (those and the rest of their streams). */
  rehashed: number;
  before: AuditReport;
  after: AuditReport;
  checkpoint: Checkpoint;
}

export class ResealRefused extends Error {}

/** Streams with an event still holding personal fields inline (a partial index finds them: 0066). */
const legacyStreams = (tx: Tx, limit: number) => tx<{ streamId: string }[]>`
  select distinct stream_id from events
   where type in ('OrderPlaced', 'WithdrawalRequested') and not (data ? 'personal')
   limit ${limit}`;

async function rewriteStreams(tx: Tx, streamIds: string[]): Promise<{ orders: number; rehashed: number }> {
  const events = await tx<StoredEvent[]>`
    select ${eventColumns(tx)} from events where stream_id = any(${streamIds}::uuid[])
     order by stream_id, version`;
  const updates: {
    position: number;
    data: string;
    metadata: string;
    prevHash: string | null;
    hash: string;
  }[] = [];
  const heads = new Map<string, string>();
  // The subject of a stream's records is its order's (OrderPlaced comes first in each stream).
  const customers = new Map<string, string | null>();
  let orders = 0;
  for (const e of events) {
    let data: unknown = e.data;
    let metadata = e.metadata;
    if (e.type === 'OrderPlaced') {
      customers.set(e.streamId, (e.data as { customerId?: string | null }).customerId ?? null);
    }
    if (isPersonalEventType(e.type) && !('personal' in (e.data as object))) {
      const subject = orderSubject(e.streamId, customers.get(e.streamId));
      const sealed = sealPersonalData(e.streamId, subject, e.type, e.data as object);
      await insertPersonalRecord(tx, sealed.record);
      data = sealed.stored;
      // The version from which this type's stored form holds a reference.
      metadata = { ...metadata, schemaVersion: PERSONAL_EVENTS[e.type].since };
      orders += 1;
    }
    const prevHash = heads.get(e.streamId) ?? null;
    const content = eventContent({
      streamId: e.streamId,
      version: e.version,
      type: e.type,
      data,
      metadata,
      recordedAt: e.recordedAt.toISOString(),
      prevHash,
    });
    const hash = eventHash(e.position, content);
    heads.set(e.streamId, hash);
    updates.push({
      position: e.position,
      data: JSON.stringify(data),
      metadata: JSON.stringify(metadata),
      prevHash,
      hash,
    });
  }
  await tx`
    update events e
       set data = u.data::jsonb, metadata = u.metadata::jsonb, prev_hash = u.prev_hash, hash = u.hash
      from unnest(${updates.map((u) => u.position)}::bigint[], ${updates.map((u) => u.data)}::text[],
                  ${updates.map((u) => u.metadata)}::text[], ${updates.map((u) => u.prevHash)}::text[],
                  ${updates.map((u) => u.hash)}::text[]) as u(position, data, metadata, prev_hash, hash)
     where e.position = u.position`;
  await tx`
    update event_streams s set head_hash = h.hash
      from unnest(${[...heads.keys()]}::uuid[], ${[...heads.values()]}::text[]) as h(stream_id, hash)
     where s.stream_id = h.stream_id`;
  return { orders, rehashed: updates.length };
}

/** Whether the rewrite was recorded as done (a row of data_rewrites). */
export async function resealDone(sql: Sql): Promise<boolean> {
  const [row] = await sql`select 1 from data_rewrites where name = ${RESEAL_NAME}`;
  return Boolean(row);
}

/**
 * Runs the rewrite when events still hold personal fields, and records it as done. Null when
 * there was nothing to move. `force` scans even when the row says done (a restore of an old dump).
 */
export async function resealPersonalData(
  sql: Sql,
  key: string,
  witnessFile: string | null,
  options: { force?: boolean } = {},
): Promise<ResealReport | null> {
  if (!options.force && (await resealDone(sql))) return null;
  // Read before the transaction: the before-check compares the log with the copies already out.
  const witnessed = await latestWitnessed(witnessFile);
  const report = await sql.begin(async (tx) => {
    // Writers wait; readers go on. A second instance starting now finds nothing left to do.
    await tx`lock table events, event_streams, audit_checkpoints in exclusive mode`;
    const record = (moved: number, checkpointId: number | null) => tx`
      insert into data_rewrites (name, moved, checkpoint_id) values (${RESEAL_NAME}, ${moved}, ${checkpointId})
      on conflict (name) do update set done_at = now(), moved = data_rewrites.moved + excluded.moved,
                                       checkpoint_id = coalesce(excluded.checkpoint_id, data_rewrites.checkpoint_id)`;
    const [pending] = await tx`
      select 1 from events
       where type in ('OrderPlaced', 'WithdrawalRequested') and not (data ? 'personal') limit 1`;
    if (!pending) {
      await record(0, null);
      return null;
    }
    const before = await verifyIn(tx, key, undefined, { witnessed });
    if (!before.ok) {
      throw new ResealRefused(
        `the order log does not verify (${before.problems.length} problem(s), first: ${before.problems[0]?.message}); it is not re-sealed`,
      );
    }
    let orders = 0;
    let rehashed = 0;
    for (;;) {
      // Each batch rewrites its streams: the next query no longer finds them.
      const batch = (await legacyStreams(tx, 500)).map((r) => r.streamId);
      if (batch.length === 0) break;
      const done = await rewriteStreams(tx, batch);
      orders += done.orders;
      rehashed += done.rehashed;
    }
    const checkpoint = await writeCheckpointIn(tx, key);
    // Against the new checkpoint: the witness file gets it once this commits.
    const after = await verifyIn(tx, key);
    if (!after.ok) {
      throw new ResealRefused(`the re-sealed log does not verify: ${after.problems[0]?.message}`);
    }
    await record(orders, checkpoint.id);
    return { orders, rehashed, before, after, checkpoint };
  });
  if (report && witnessFile) {
    // The witness check (start, each seal) compares the events with the witness's latest
    // checkpoint: the re-sealed events are vouched for by this one from now on.
    await mkdir(path.dirname(witnessFile), { recursive: true });
    await appendFile(witnessFile, witnessLine(report.checkpoint), { mode: 0o600 });
  }
  return report;
}

/** At start: re-seals when needed, and logs (never stops the server) when it may not. */
export async function resealAtStart(sql: Sql, key: string, witnessFile: string | null) {
  try {
    const report = await resealPersonalData(sql, key, witnessFile);
    if (report) {
      logger.info(
        `Personal data taken out of the order log: ${report.orders} event(s), ${report.rehashed} event(s) re-hashed, checkpoint #${report.checkpoint.id}`,
      );
    }
  } catch (error) {
    if (!(error instanceof ResealRefused)) throw error;
    logger.error(`Personal data NOT taken out of the order log: ${error.message}; run orders:verify`);
  }
}
