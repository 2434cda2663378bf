/**
 * The one-time rewrite that takes personal data out of the order log (ADR 020): every OrderPlaced
 * written at version 1 (customer and notes inline) gets a personal record, its stored data becomes
 * the version 2 form (a reference and a salted commitment), and the hashes of its stream are
 * recomputed from there on, with the stream's head. Then the log is sealed again.
 *
 * Proof, in the same transaction, with the log locked against writers: the log must verify before
 * (a tampered log is never re-sealed: that would launder the tampering), and verify after against
 * the new checkpoint; otherwise everything rolls back. Run at every start (a no-op once done) and
 * by `npm run data:reseal`.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { OrderPlacedData } from '../../domain/orders/events.js';
import {
  type AuditReport,
  type Checkpoint,
  verifyIn,
  witnessLine,
  writeCheckpointIn,
} from '../audit/verify.js';
import type { Sql, Tx } from '../db/client.js';
import { logger } from '../logger.js';
import { eventContent, eventHash } from '../orders/canonical.js';
import { insertPersonalRecord, sealPersonalData } from '../orders/personal-records.js';
import { eventColumns, type StoredEvent } from '../orders/store.js';

export interface ResealReport {
  /** OrderPlaced events moved to version 2. */
  orders: number;
  /** Events whose hash was recomputed (those and the rest of their streams). */
  rehashed: number;
  before: AuditReport;
  after: AuditReport;
  checkpoint: Checkpoint;
}

export class ResealRefused extends Error {}

/** Streams whose OrderPlaced still holds personal fields (a partial index finds them: 0045). */
const legacyStreams = (tx: Tx, limit: number) => tx<{ streamId: string }[]>`
  select stream_id from events
   where type = 'OrderPlaced' and not (data ? 'personal')
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
  let orders = 0;
  for (const e of events) {
    let data: unknown = e.data;
    let metadata = e.metadata;
    if (e.type === 'OrderPlaced' && !('personal' in (e.data as object))) {
      const sealed = sealPersonalData(e.streamId, e.data as OrderPlacedData);
      await insertPersonalRecord(tx, sealed.record);
      data = sealed.stored;
      metadata = { ...metadata, schemaVersion: 2 };
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

/** Null when no version 1 OrderPlaced is left (the usual case: one indexed look-up). */
export async function resealPersonalData(
  sql: Sql,
  key: string,
  witnessFile: string | null,
): Promise<ResealReport | null> {
  const [pending] = await sql`
    select 1 from events where type = 'OrderPlaced' and not (data ? 'personal') limit 1`;
  if (!pending) return null;
  const report = await sql.begin(async (tx) => {
    // Writers wait; readers go on. A second instance starting now finds nothing left to do.
    await tx`lock table events, event_streams, audit_checkpoints in exclusive mode`;
    const before = await verifyIn(tx, key);
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
    if (orders === 0) return null;
    const checkpoint = await writeCheckpointIn(tx, key);
    const after = await verifyIn(tx, key);
    if (!after.ok) {
      throw new ResealRefused(`the re-sealed log does not verify: ${after.problems[0]?.message}`);
    }
    return { orders, rehashed, before, after, checkpoint };
  });
  if (report && witnessFile) {
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
        `Personal data taken out of the order log: ${report.orders} order(s), ${report.rehashed} event(s) re-hashed, checkpoint #${report.checkpoint.id}`,
      );
    }
  } catch (error) {
    if (!(error instanceof ResealRefused)) throw error;
    logger.error(`Personal data NOT taken out of the order log: ${error.message}; run orders:verify`);
  }
}
