/**
 * Tamper evidence for the order log.
 *
 * - Each event's hash (computed at append) covers its position and canonical content, including
 *   the previous hash of the same stream: editing, moving or reordering an event breaks it there.
 * - event_streams keeps each stream's head (version, position, hash): removing the last event of a
 *   stream is caught at the head's position.
 * - Signed checkpoints record the exact positions (and per-bucket digests) of every event of the
 *   transactions older than a horizon: removing a whole stream, or rewriting events and their
 *   hashes consistently, is caught against the latest checkpoint.
 * The same verifier reads the database or an NDJSON export.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type { Sql, Tx } from '../db/client.js';
import { logHorizon } from '../db/horizon.js';
import { verifyReports } from '../interventions/report-verify.js';
import { verifyDocuments } from '../invoices/verify.js';
import { canonicalJson, eventContent, eventHash } from '../orders/canonical.js';
import { eventColumns, type StoredEvent } from '../orders/store.js';
import { type ArchiveSignature, archiveSignatureValid } from './archive.js';
import { MoneyVerifier } from './money-verify.js';

export const BUCKET_SIZE = 1024;

export interface StreamHead {
  streamId: string;
  version: number;
  headPosition: number;
  headHash: string;
}

export interface Checkpoint {
  id: number;
  horizon: string;
  eventCount: number;
  maxPosition: number;
  /** Covered positions as ranges: "1-5000,5002-9000". */
  positions: string;
  /** [first position of the bucket, event count, sha256 of "position:hash\n" lines]. */
  buckets: [number, number, string][];
  signature: string;
  /** Its rank in the chain (1 for the first), signed: null on checkpoints older than the chain. */
  sequence?: number | null;
  /** The previous checkpoint's signature, signed with this one (null for the first). */
  previous?: string | null;
}

/** The columns of a checkpoint, as every reader selects them. */
const CHECKPOINT_COLUMNS =
  'id, horizon::text as horizon, event_count, max_position, positions, buckets, signature, sequence, previous_signature as previous';

export type ProblemKind =
  | 'hash'
  | 'chain'
  | 'order'
  | 'missing'
  | 'head'
  | 'checkpoint'
  | 'signature'
  | 'witness'
  | 'format'
  /** A closure of the till that does not verify (money-verify.ts). */
  | 'closure'
  /**
   * Invoices and credit notes: a gap, a wrong citation, a changed PDF (src/server/invoices/verify.ts);
   * sealed reports: a content or visit that differs from the log, a changed PDF (interventions/report-verify.ts).
   */
  | 'document';

export interface AuditProblem {
  /** The position where the problem shows (null when no single position applies). */
  position: number | null;
  kind: ProblemKind;
  message: string;
}

export interface AuditReport {
  ok: boolean;
  events: number;
  streams: number;
  checkpoint: { id: number; eventCount: number } | null;
  /** Events no checkpoint seals yet (all of them when there is no checkpoint). */
  unsealed: number;
  /** Closures of the till checked (each against the sum of its movements). */
  closures?: number;
  problems: AuditProblem[];
}

/** A stored event in the form an export writes (recordedAt as ISO text). */
export interface AuditEvent extends Omit<StoredEvent, 'recordedAt'> {
  recordedAt: string | Date;
}

// --- Checkpoint material -----------------------------------------------------------------------

class CoverageBuilder {
  private ranges: [number, number][] = [];
  private buckets = new Map<number, { count: number; hash: ReturnType<typeof createHash> }>();
  count = 0;
  max = 0;

  add(position: number, hash: string) {
    this.count += 1;
    this.max = Math.max(this.max, position);
    const last = this.ranges.at(-1);
    if (last && last[1] + 1 === position) last[1] = position;
    else this.ranges.push([position, position]);
    const start = Math.floor(position / BUCKET_SIZE) * BUCKET_SIZE;
    let bucket = this.buckets.get(start);
    if (!bucket) {
      bucket = { count: 0, hash: createHash('sha256') };
      this.buckets.set(start, bucket);
    }
    bucket.count += 1;
    bucket.hash.update(`${position}:${hash}\n`);
  }

  positionsText() {
    return this.ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',');
  }

  bucketList(): [number, number, string][] {
    return [...this.buckets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([start, b]) => [start, b.count, b.hash.digest('hex')]);
  }
}

export function parsePositions(text: string): number[] {
  if (!text) return [];
  const out: number[] = [];
  for (const part of text.split(',')) {
    const [a, b] = part.split('-').map(Number);
    if (a === undefined || Number.isNaN(a)) continue;
    for (let p = a; p <= (b ?? a); p++) out.push(p);
  }
  return out;
}

const signable = (c: Omit<Checkpoint, 'id' | 'signature'>) =>
  canonicalJson({
    horizon: c.horizon,
    eventCount: c.eventCount,
    maxPosition: c.maxPosition,
    positions: c.positions,
    buckets: c.buckets,
    // Chained checkpoints sign their rank and their predecessor; older ones kept their signature.
    ...(c.sequence == null ? {} : { sequence: c.sequence, previous: c.previous ?? null }),
  });

export const signCheckpoint = (key: string, c: Omit<Checkpoint, 'id' | 'signature'>) =>
  createHmac('sha256', key).update(signable(c)).digest('hex');

function signatureValid(key: string, c: Checkpoint): boolean {
  const expected = Buffer.from(signCheckpoint(key, c), 'hex');
  const actual = Buffer.from(c.signature, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Whether the latest checkpoint is signed with `key` (true when there is none yet). */
export async function latestCheckpointSigned(sql: Tx, key: string): Promise<boolean> {
  const [c] = await sql<Checkpoint[]>`
    select ${sql.unsafe(CHECKPOINT_COLUMNS)} from audit_checkpoints order by id desc limit 1`;
  return !c || signatureValid(key, c);
}

/**
 * Seals the log up to the oldest running transaction: every event of older transactions is final,
 * so the checkpoint can list their positions exactly. Run by `orders:verify` after a clean check.
 */
export async function writeCheckpoint(sql: Sql, key: string): Promise<Checkpoint> {
  return await sql.begin('isolation level repeatable read', (tx) => writeCheckpointIn(tx, key));
}

/** writeCheckpoint inside a transaction of the caller's (a restore seals in its own). */
export async function writeCheckpointIn(tx: Tx, key: string): Promise<Checkpoint> {
  {
    const [h] = await tx<{ horizon: string }[]>`select ${logHorizon(tx)}::text as horizon`;
    const horizon = h?.horizon ?? '0';
    const coverage = new CoverageBuilder();
    await tx<{ position: number; hash: string }[]>`
      select position, hash from events where tx_id < ${horizon}::xid8 order by position`.cursor(
      5000,
      (rows) => {
        for (const row of rows) coverage.add(row.position, row.hash);
      },
    );
    // One writer at a time (the chain has one end): the sealer's advisory lock does not cover
    // orders:verify or a restore, this lock does, until the transaction ends.
    await tx`lock table audit_checkpoints in share row exclusive mode`;
    const [chain] = await tx<{ n: number; last: string | null }[]>`
      select count(*)::int as n, (select signature from audit_checkpoints order by id desc limit 1) as last
        from audit_checkpoints`;
    const body = {
      horizon,
      eventCount: coverage.count,
      maxPosition: coverage.max,
      positions: coverage.positionsText(),
      buckets: coverage.bucketList(),
      sequence: (chain?.n ?? 0) + 1,
      previous: chain?.last ?? null,
    };
    const signature = signCheckpoint(key, body);
    const [row] = await tx<{ id: number }[]>`
      insert into audit_checkpoints
        (horizon, event_count, max_position, positions, buckets, signature, sequence, previous_signature)
      values (${horizon}::xid8, ${body.eventCount}, ${body.maxPosition}, ${body.positions},
              ${tx.json(body.buckets)}::jsonb, ${signature}, ${body.sequence}, ${body.previous})
      returning id`;
    return { id: row?.id ?? 0, ...body, signature };
  }
}

// --- The verifier --------------------------------------------------------------------------------

/** Feed events in stored order with add(), then finish() with the stream heads and checkpoints. */
export class LogVerifier {
  private problems: AuditProblem[] = [];
  private streams = new Map<string, { version: number; hash: string; position: number }>();
  private lastPosition = 0;
  private events = 0;
  private coverage = new CoverageBuilder();
  private covered: number[] = [];
  private readonly horizon: bigint | null;

  constructor(
    private readonly key: string,
    private readonly checkpoint: Checkpoint | null,
  ) {
    this.horizon = checkpoint ? BigInt(checkpoint.horizon) : null;
  }

  private report(position: number | null, kind: ProblemKind, message: string) {
    if (this.problems.length < 1000) this.problems.push({ position, kind, message });
  }

  add(event: AuditEvent) {
    this.events += 1;
    const p = event.position;
    if (p <= this.lastPosition) {
      this.report(p, 'order', `position ${p}: found after position ${this.lastPosition} (events reordered)`);
    }
    this.lastPosition = Math.max(this.lastPosition, p);
    const recordedAt = event.recordedAt instanceof Date ? event.recordedAt.toISOString() : event.recordedAt;
    const content = eventContent({ ...event, recordedAt });
    if (eventHash(p, content) !== event.hash) {
      this.report(p, 'hash', `position ${p}: content does not match its hash (event edited or moved)`);
    }
    const last = this.streams.get(event.streamId);
    const expected = (last?.version ?? 0) + 1;
    const where = `position ${p}: stream ${event.streamId} version ${event.version}`;
    if (event.version < expected) {
      this.report(
        p,
        'order',
        `${where} comes after version ${last?.version} (events reordered or duplicated)`,
      );
      return this.cover(event);
    }
    if (event.version > expected) {
      this.report(p, 'missing', `${where} follows version ${expected - 1}: version ${expected} is missing`);
    } else if (event.prevHash !== (last?.hash ?? null)) {
      this.report(p, 'chain', `${where} does not chain to the previous event of its stream`);
    }
    this.streams.set(event.streamId, { version: event.version, hash: event.hash, position: p });
    this.cover(event);
  }

  private cover(event: AuditEvent) {
    if (this.horizon !== null && BigInt(event.txId) < this.horizon) {
      this.coverage.add(event.position, event.hash);
      this.covered.push(event.position);
    }
  }

  finish(heads: Iterable<StreamHead>): AuditReport {
    const seen = new Set<string>();
    for (const head of heads) {
      seen.add(head.streamId);
      const s = this.streams.get(head.streamId);
      const at = head.headPosition;
      if (!s) {
        this.report(
          at,
          'missing',
          `position ${at}: stream ${head.streamId} has no events left (head version ${head.version})`,
        );
      } else if (s.version < head.version) {
        this.report(
          at,
          'missing',
          `position ${at}: event version ${head.version} of stream ${head.streamId} is missing (the log stops at version ${s.version})`,
        );
      } else if (s.version > head.version || s.position !== at || s.hash !== head.headHash) {
        this.report(
          s.position,
          'head',
          `position ${s.position}: stream ${head.streamId} does not end where its head says`,
        );
      }
    }
    for (const [streamId, s] of this.streams) {
      if (!seen.has(streamId))
        this.report(s.position, 'head', `position ${s.position}: stream ${streamId} has no head`);
    }
    if (this.checkpoint) this.compareCheckpoint(this.checkpoint);
    return {
      ok: this.problems.length === 0,
      events: this.events,
      streams: this.streams.size,
      checkpoint: this.checkpoint ? { id: this.checkpoint.id, eventCount: this.checkpoint.eventCount } : null,
      unsealed: this.checkpoint ? this.events - this.covered.length : this.events,
      problems: this.problems.sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
    };
  }

  private compareCheckpoint(c: Checkpoint) {
    if (!signatureValid(this.key, c)) {
      this.report(
        null,
        'signature',
        `checkpoint #${c.id}: signature does not match (checkpoint altered or other key)`,
      );
      return;
    }
    const sealed = parsePositions(c.positions);
    const actual = new Set(this.covered);
    const sealedSet = new Set(sealed);
    for (const p of sealed) {
      if (!actual.has(p))
        this.report(p, 'missing', `position ${p}: event sealed by checkpoint #${c.id} is missing`);
    }
    for (const p of this.covered) {
      if (!sealedSet.has(p))
        this.report(p, 'checkpoint', `position ${p}: event not sealed by checkpoint #${c.id}`);
    }
    const now = new Map(
      this.coverage.bucketList().map(([start, count, digest]) => [start, `${count}:${digest}`]),
    );
    for (const [start, count, digest] of c.buckets) {
      if (now.get(start) !== `${count}:${digest}`) {
        this.report(
          start,
          'checkpoint',
          `positions ${start}-${start + BUCKET_SIZE - 1}: events differ from checkpoint #${c.id}`,
        );
      }
    }
  }
}

/**
 * Verifies the log in the database, in one consistent snapshot. With witnessed checkpoints (read
 * from the witness file, outside the database), the events are also checked against the latest of
 * them, and each must still be in the database unchanged: someone holding the database and the
 * key can re-sign a rewritten log, but cannot reach the copies already written out.
 */
export async function verifyDatabase(
  sql: Sql,
  key: string,
  /** Called after each batch; a returned promise is awaited (a server run yields there, or stops). */
  onProgress?: (done: number, total: number) => void | Promise<void>,
  options: { witnessed?: Checkpoint[]; batchSize?: number } = {},
) {
  return await sql.begin('isolation level repeatable read', (tx) => verifyIn(tx, key, onProgress, options));
}

/** verifyDatabase inside a transaction of the caller's (a restore verifies before it commits). */
export async function verifyIn(
  tx: Tx,
  key: string,
  onProgress?: (done: number, total: number) => void | Promise<void>,
  options: { witnessed?: Checkpoint[]; batchSize?: number } = {},
): Promise<AuditReport> {
  {
    const checkpoints = await tx<Checkpoint[]>`
      select ${tx.unsafe(CHECKPOINT_COLUMNS)} from audit_checkpoints order by id`;
    const c = checkpoints.at(-1);
    const [t] = await tx<{ n: number }[]>`select count(*) as n from events`;
    const verifier = new LogVerifier(key, c ?? null);
    const witnessed = options.witnessed ?? [];
    const latestWitnessed = witnessed.reduce<Checkpoint | null>((a, b) => (!a || b.id > a.id ? b : a), null);
    const witnessVerifier = latestWitnessed ? new LogVerifier(key, latestWitnessed) : null;
    const money = new MoneyVerifier();
    let done = 0;
    await tx<StoredEvent[]>`select ${eventColumns(tx)} from events order by position`.cursor(
      options.batchSize ?? 5000,
      async (rows) => {
        for (const row of rows) {
          verifier.add(row);
          witnessVerifier?.add(row);
          money.add(row);
        }
        done += rows.length;
        await onProgress?.(done, t?.n ?? done);
      },
    );
    const heads = await tx<
      StreamHead[]
    >`select stream_id, version, head_position, head_hash from event_streams`;
    const report = verifier.finish(heads);
    const closures = await tx<{ position: number; kind: string; period: string; netCents: number }[]>`
      select position, kind, period, net_cents from money_closures`;
    report.problems.push(...money.finish(closures));
    report.closures = money.closureCount;
    report.problems.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    const known = new Set(report.problems.map((p) => p.message));
    report.problems.unshift(...chainProblems(key, checkpoints).filter((p) => !known.has(p.message)));
    const documents = await verifyDocuments(tx);
    report.problems.push(...documents.problems.map((p) => ({ ...p, kind: 'document' as const })));
    const reports = await verifyReports(tx);
    report.problems.push(...reports.problems.map((p) => ({ ...p, kind: 'document' as const })));
    report.ok = report.problems.length === 0;
    if (witnessVerifier) {
      const seen = new Set(report.problems.map((p) => p.message));
      for (const p of witnessVerifier.finish(heads).problems) {
        if (!seen.has(p.message)) report.problems.push({ ...p, message: `witness: ${p.message}` });
      }
      const stored = new Map(
        (await tx<{ id: number; signature: string }[]>`select id, signature from audit_checkpoints`).map(
          (r) => [r.id, r.signature],
        ),
      );
      for (const w of witnessed) {
        const signature = stored.get(w.id);
        if (signature !== w.signature) {
          report.problems.push({
            position: null,
            kind: 'witness',
            message: `checkpoint #${w.id} of the witness file is ${signature ? 'different' : 'missing'} in the database`,
          });
        }
      }
      report.problems.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
      report.ok = report.problems.length === 0;
    }
    return report;
  }
}

// --- Witness file ------------------------------------------------------------------------------

/** One line per checkpoint, appended when it is written; read back by `orders:verify --witness`. */
export function witnessLine(c: Checkpoint): string {
  return `${JSON.stringify({ ...c, witnessedAt: new Date().toISOString() })}\n`;
}

export function parseWitness(text: string): Checkpoint[] {
  const out: Checkpoint[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const { witnessedAt: _, ...c } = JSON.parse(line) as Checkpoint & { witnessedAt?: string };
    out.push(c);
  }
  return out;
}

/**
 * The latest checkpoint of the witness file the server appends to (none when it does not exist
 * yet). Only the last one is needed: the chain vouches for those before it. Read from the end, so a
 * witness of years costs the same.
 */
export async function latestWitnessed(file: string | null): Promise<Checkpoint[]> {
  if (!file) return [];
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, 8 * 1024 * 1024);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    const lines = buffer
      .toString('utf8')
      .split('\n')
      .filter((l) => l.trim());
    const last = lines.at(-1);
    return last ? parseWitness(last) : [];
  } finally {
    await handle.close();
  }
}

/** Writes a checkpoint and appends it to the witness file (when one is configured). */
export async function sealLog(sql: Sql, key: string, witnessFile: string | null): Promise<Checkpoint> {
  const checkpoint = await writeCheckpoint(sql, key);
  if (witnessFile) {
    await mkdir(path.dirname(witnessFile), { recursive: true });
    await appendFile(witnessFile, witnessLine(checkpoint), { mode: 0o600 });
  }
  return checkpoint;
}

// --- NDJSON export -------------------------------------------------------------------------------

export type ExportLine =
  | { kind: 'header'; format: 'h27-order-log'; version: 1; exportedAt: string }
  | ({ kind: 'event' } & AuditEvent)
  | ({ kind: 'head' } & StreamHead)
  | ({ kind: 'checkpoint' } & Checkpoint);

/** Writes the whole log, heads and checkpoints as NDJSON lines, in one snapshot. */
export async function exportLog(sql: Sql, write: (line: string) => Promise<void> | void): Promise<number> {
  return await sql.begin('isolation level repeatable read', async (tx) => {
    const line = (value: ExportLine) => write(`${JSON.stringify(value)}\n`);
    await line({ kind: 'header', format: 'h27-order-log', version: 1, exportedAt: new Date().toISOString() });
    let count = 0;
    // for await: a write that throws (a download that ended) closes the cursor and the transaction.
    for await (const rows of tx<
      StoredEvent[]
    >`select ${eventColumns(tx)} from events order by position`.cursor(5000)) {
      for (const row of rows) await line({ kind: 'event', ...row, recordedAt: row.recordedAt.toISOString() });
      count += rows.length;
    }
    for (const head of await tx<StreamHead[]>`
      select stream_id, version, head_position, head_hash from event_streams order by head_position`) {
      await line({ kind: 'head', ...head });
    }
    for (const c of await tx<Checkpoint[]>`
      select ${tx.unsafe(CHECKPOINT_COLUMNS)} from audit_checkpoints order by id`) {
      await line({ kind: 'checkpoint', ...c });
    }
    return count;
  });
}

/** Verifies an export: events in file order, then the heads and the file's latest checkpoint. */
export async function verifyLines(lines: AsyncIterable<string>, key: string): Promise<AuditReport> {
  const events: AuditEvent[] = [];
  const heads: StreamHead[] = [];
  let checkpoint: Checkpoint | null = null;
  const checkpoints: Checkpoint[] = [];
  const format: AuditProblem[] = [];
  let n = 0;
  // An archive (archive.ts) ends with a signature of every line before it.
  const digest = createHash('sha256');
  let signature: ArchiveSignature | null = null;
  for await (const text of lines) {
    n += 1;
    if (!text.trim()) continue;
    if (signature) {
      format.push({ position: null, kind: 'signature', message: `line ${n}: after the archive's signature` });
    }
    if (text.startsWith('{"kind":"signature"')) {
      signature = JSON.parse(text) as ArchiveSignature;
      continue;
    }
    digest.update(`${text}\n`);
    let value: ExportLine;
    try {
      value = JSON.parse(text) as ExportLine;
    } catch {
      format.push({ position: null, kind: 'format', message: `line ${n}: not JSON` });
      continue;
    }
    if (value.kind === 'event') {
      const { kind: _, ...event } = value;
      events.push(event);
    } else if (value.kind === 'head') {
      const { kind: _, ...head } = value;
      heads.push(head);
    } else if (value.kind === 'checkpoint') {
      const { kind: _, ...c } = value;
      checkpoints.push(c);
      if (!checkpoint || c.id > checkpoint.id) checkpoint = c;
    } else if (value.kind !== 'header') {
      format.push({ position: null, kind: 'format', message: `line ${n}: unknown kind` });
    }
  }
  const verifier = new LogVerifier(key, checkpoint);
  const money = new MoneyVerifier();
  for (const event of events) {
    verifier.add(event);
    money.add(event);
  }
  const report = verifier.finish(heads);
  report.problems.push(...money.finish());
  if (signature && !archiveSignatureValid(key, signature, digest.digest('hex'))) {
    report.problems.push({
      position: null,
      kind: 'signature',
      message: 'archive: the signature does not match its lines (archive altered or other key)',
    });
  }
  report.closures = money.closureCount;
  report.problems.unshift(
    ...format,
    ...chainProblems(
      key,
      checkpoints.sort((a, b) => a.id - b.id),
    ),
  );
  report.ok = report.problems.length === 0;
  return report;
}

/**
 * The checkpoints as a chain, in id order: each signature valid, and each chained one at its rank
 * with its predecessor's signature. A checkpoint removed, added or rewritten anywhere but at the
 * end breaks it; the end is what the witness file vouches for.
 */
export function chainProblems(key: string, checkpoints: readonly Checkpoint[]): AuditProblem[] {
  const problems: AuditProblem[] = [];
  let chained = false;
  checkpoints.forEach((c, i) => {
    if (!signatureValid(key, c)) {
      problems.push({
        position: null,
        kind: 'signature',
        message: `checkpoint #${c.id}: signature does not match (checkpoint altered or other key)`,
      });
      return;
    }
    if (c.sequence == null) {
      if (chained)
        problems.push({
          position: null,
          kind: 'checkpoint',
          message: `checkpoint #${c.id}: outside the chain`,
        });
      return;
    }
    chained = true;
    const previous = checkpoints[i - 1]?.signature ?? null;
    if (Number(c.sequence) !== i + 1 || (c.previous ?? null) !== previous) {
      problems.push({
        position: null,
        kind: 'checkpoint',
        message: `checkpoint #${c.id}: the checkpoint before it is missing or was changed (chain broken)`,
      });
    }
  });
  return problems;
}

/**
 * Third probe, finding 10: without its witness file, orders:verify compared the database with
 * nothing but itself, said OK and sealed. A log that has checkpoints must have its witness: the
 * message when it is missing or empty, null when all is well (or when nothing was sealed yet, so
 * no witness can exist). The operator who knows the file is elsewhere says --no-witness.
 */
export async function missingWitness(sql: Tx, witnessed: Checkpoint[], file: string): Promise<string | null> {
  if (witnessed.length > 0) return null;
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from audit_checkpoints`;
  if (!row || row.n === 0) return null;
  return `MISSING WITNESS: the database has ${row.n} checkpoint(s) but the witness file ${file} is missing or empty, so the log cannot be compared with its copy. Restore the file, point --witness at it, or run with --no-witness to check the database alone.`;
}
