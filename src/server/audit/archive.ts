/**
 * Archives (archivage, issue 24 point 5): a signed NDJSON file of the log (events, stream heads,
 * checkpoints: the closures and documents are events of it), that `orders:verify --file` accepts.
 * Exporting is itself an event of the ledger stream (ArchiveExported: who, when, which period),
 * appended before the snapshot is read, so the archive carries its own export. The last line signs
 * the sha256 of every line before it with the audit key (HMAC-SHA256): a changed, added or removed
 * line is caught even where the hash chains would let it pass (a cut at the end of the file).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../domain/errors.js';
import { LEDGER_STREAM_ID, periodDays } from '../../domain/orders/closures.js';
import { type Actor, EVENT_SCHEMA_VERSION } from '../../domain/orders/events.js';
import { parisDay } from '../../domain/site/time-zone.js';
import type { Sql } from '../db/client.js';
import { appendEvent } from '../orders/store.js';
import { exportLog } from './verify.js';

export interface ArchiveSignature {
  kind: 'signature';
  algorithm: 'hmac-sha256';
  contentSha256: string;
  signature: string;
}

export const signArchive = (key: string, contentSha256: string) =>
  createHmac('sha256', key).update(`h27-archive\n${contentSha256}`).digest('hex');

export function archiveSignatureValid(key: string, line: ArchiveSignature, contentSha256: string): boolean {
  if (line.contentSha256 !== contentSha256) return false;
  const expected = Buffer.from(signArchive(key, contentSha256), 'hex');
  const actual = Buffer.from(line.signature, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A year ("2026") or the whole log ("tout"), as the period named in the archive. */
export function archivePeriod(period: string, now = new Date()) {
  if (period === 'tout') return { period, firstDay: '0001-01-01', lastDay: parisDay(now) };
  if (!/^\d{4}$/.test(period))
    throw new DomainError('invalid', 'INVALID_PERIOD', 'Période d’archive invalide.');
  return { period, ...periodDays('year', period) };
}

/** Records the export, then writes the archive and its signature line; returns the lines' count. */
export async function writeArchive(
  sql: Sql,
  key: string,
  period: string,
  actor: Actor,
  write: (line: string) => Promise<void> | void,
): Promise<{ events: number }> {
  const named = archivePeriod(period);
  await sql.begin(async (tx) => {
    const [head] = await tx<{ version: number; headHash: string }[]>`
      select version, head_hash from event_streams where stream_id = ${LEDGER_STREAM_ID} for update`;
    await appendEvent(tx, LEDGER_STREAM_ID, head?.version ?? 0, head?.headHash ?? null, {
      type: 'ArchiveExported',
      data: named,
      metadata: {
        actor,
        at: new Date().toISOString(),
        requestId: 'archive',
        schemaVersion: EVENT_SCHEMA_VERSION,
      },
    });
  });
  const digest = createHash('sha256');
  const events = await exportLog(sql, async (line) => {
    digest.update(line);
    await write(line);
  });
  const contentSha256 = digest.digest('hex');
  const signature: ArchiveSignature = {
    kind: 'signature',
    algorithm: 'hmac-sha256',
    contentSha256,
    signature: signArchive(key, contentSha256),
  };
  await write(`${JSON.stringify(signature)}\n`);
  return { events };
}
