/**
 * "Sauvegarder la base": a consistent snapshot (one REPEATABLE READ, read-only transaction) of the
 * business tables and the order log, streamed as NDJSON; and its restore into an empty database
 * (`npm run db:restore`). See docs/decisions/011-settings.md.
 *
 * File: a header line, then one line per row ({"t": table, "r": row as row_to_json}), tables in
 * foreign-key order, then an end line with the row count (a truncated file is refused).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportFileName } from '../../domain/site/time-zone.js';
import { verifyIn, writeCheckpointIn } from '../audit/verify.js';
import type { Services } from '../context.js';
import type { Sql, Tx } from '../db/client.js';
import { errors } from '../errors.js';
import { streamDownload } from '../http/download.js';
import { replyError, requireRole } from '../http/staff-gate.js';

export const BACKUP_FORMAT = 'h27-backup';

/** Kept out of a backup: the migrations' own bookkeeping, and short-lived rows (sessions, tokens, counters). */
const SKIPPED = new Set(['schema_migrations', 'sessions', 'verifications', 'rate_limits', 'abuse_counters']);

type Line =
  | { kind: 'header'; format: typeof BACKUP_FORMAT; version: 1; createdAt: string; tables: string[] }
  | { kind: 'row'; t: string; r: Record<string, unknown> }
  | { kind: 'end'; rows: number };

/** The public tables in an order where every table comes after those it references. */
async function tablesInOrder(sql: Tx): Promise<string[]> {
  const tables = (
    await sql<{ name: string }[]>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`
  )
    .map((r) => r.name)
    .filter((t) => !SKIPPED.has(t));
  const refs = await sql<{ child: string; parent: string }[]>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c where c.contype = 'f'`;
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (seen.has(t) || path.has(t)) return;
    path.add(t);
    for (const r of refs)
      if (r.child === t && r.parent !== t && tables.includes(r.parent)) visit(r.parent, path);
    seen.add(t);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

/** Streams the backup to `write`, one NDJSON line at a time; returns the number of rows. */
export async function writeBackup(sql: Sql, write: (line: string) => Promise<void> | void): Promise<number> {
  return await sql.begin('isolation level repeatable read read only', async (tx) => {
    const tables = await tablesInOrder(tx);
    const line = (l: Line) => write(`${JSON.stringify(l)}\n`);
    await line({
      kind: 'header',
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      tables,
    });
    let rows = 0;
    for (const table of tables) {
      // row_to_json gives every column as PostgreSQL writes it (bytea as \x hex, xid8 as text).
      const cursor = tx<{ j: string }[]>`select row_to_json(t)::text as j from ${tx(table)} t`.cursor(500);
      for await (const batch of cursor) {
        for (const { j } of batch) {
          await write(`{"kind":"row","t":${JSON.stringify(table)},"r":${j}}\n`);
          rows += 1;
        }
      }
    }
    await line({ kind: 'end', rows });
    return rows;
  });
}

export class RestoreError extends Error {}

/**
 * Loads a backup into a database whose schema is migrated and which holds no business data yet
 * (checked: no product, order, event or account). Everything is loaded in one transaction; identity
 * counters are moved past the restored rows. Then, when `auditKey` is given, the restored order log
 * is verified against its own signed checkpoint, and sealed again for this cluster (see
 * docs/decisions/011-settings.md: transaction ids are local to a cluster).
 */
export async function restoreBackup(
  sql: Sql,
  lines: AsyncIterable<string>,
  options: { auditKey?: string } = {},
): Promise<{ rows: number; verified: boolean | null; problems: string[] }> {
  const rows = await sql.begin(async (tx) => {
    const [used] = await tx<{ n: number }[]>`
      select (select count(*) from products) + (select count(*) from events) + (select count(*) from users)
             + (select count(*) from orders) as n`;
    if ((used?.n ?? 0) > 0) {
      throw new RestoreError('The database is not empty: restore into a new, empty database.');
    }
    const known = new Set(await tablesInOrder(tx));
    let header: Extract<Line, { kind: 'header' }> | null = null;
    let count = 0;
    let ended = false;
    const batch = { table: '', rows: [] as unknown[] };
    const flush = async () => {
      if (batch.rows.length === 0) return;
      const columns = await tx<{ name: string }[]>`
        select attname as name from pg_attribute
         where attrelid = ${batch.table}::regclass and attnum > 0 and not attisdropped and attgenerated = ''`;
      const cols = columns.map((c) => c.name);
      await tx`
        insert into ${tx(batch.table)} (${tx(cols)}) overriding system value
        select ${tx(cols)} from json_populate_recordset(null::${tx(batch.table)}, ${tx.json(batch.rows as never)}::json)`;
      batch.rows = [];
    };
    for await (const raw of lines) {
      if (!raw.trim()) continue;
      const line = JSON.parse(raw) as Line;
      if (ended) throw new RestoreError('Lines after the end of the backup.');
      if (!header) {
        if (line.kind !== 'header' || line.format !== BACKUP_FORMAT || line.version !== 1) {
          throw new RestoreError('Not a backup of this shop (missing h27-backup header).');
        }
        header = line;
        const unknown = header.tables.filter((t) => !known.has(t));
        if (unknown.length) throw new RestoreError(`Tables unknown to this schema: ${unknown.join(', ')}`);
        // Rows a migration may have written (none today) make way for the backup's.
        if (header.tables.length) await tx`truncate ${tx(header.tables)} cascade`;
        continue;
      }
      if (line.kind === 'end') {
        await flush();
        if (line.rows !== count)
          throw new RestoreError(`The backup says ${line.rows} rows, ${count} were read.`);
        ended = true;
        continue;
      }
      if (line.kind !== 'row' || !header.tables.includes(line.t)) throw new RestoreError('Unexpected line.');
      if (batch.table !== line.t) {
        await flush();
        batch.table = line.t;
      }
      batch.rows.push(line.r);
      count += 1;
      if (batch.rows.length >= 500) await flush();
    }
    if (!ended) throw new RestoreError('The backup is truncated (no end line).');
    // Identity and serial counters continue after the restored rows.
    const sequences = await tx<{ tbl: string; col: string; seq: string }[]>`
      select c.relname as tbl, a.attname as col, pg_get_serial_sequence(c.relname, a.attname) as seq
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
         and pg_get_serial_sequence(c.relname, a.attname) is not null`;
    for (const s of sequences) {
      await tx`
        select setval(${s.seq}, coalesce((select max(${tx(s.col)}) from ${tx(s.tbl)}), 1),
                      (select max(${tx(s.col)}) from ${tx(s.tbl)}) is not null)`;
    }
    if (!options.auditKey) return count;
    // Verified before anything is committed: a log that does not verify leaves nothing behind, so
    // the restore can be run again (issue 23, finding 7).
    const report = await verifyIn(tx, options.auditKey);
    if (!report.ok) {
      throw new RestoreError(
        `The order log of this backup does not verify with this AUDIT_KEY; nothing was restored. ${report.problems
          .slice(0, 5)
          .map((p) => p.message)
          .join('; ')}`,
      );
    }
    // Transaction ids belong to the cluster that wrote them: the restored events take one below any
    // of this cluster's, and a fresh checkpoint (this cluster's horizon) seals them all, so events
    // appended from now on are told apart from the restored ones.
    await tx`update events set tx_id = '3'::xid8`;
    await writeCheckpointIn(tx, options.auditKey);
    return count;
  });
  return { rows, verified: options.auditKey ? true : null, problems: [] };
}

export const BACKUP_PATH = '/api/admin/backup';

/** GET /api/admin/backup: the backup as a download, for signed-in admins only (from our own pages). */
export async function handleBackupDownload(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!(await requireRole(services, req, res, 'admin', { methods: ['GET'] }))) return;
  // A download cut short leaves a file without its end line, refused on restore.
  const rows = await streamDownload(
    res,
    {
      contentType: 'application/x-ndjson; charset=utf-8',
      fileName: exportFileName('sauvegarde', 'ndjson', new Date()),
      what: 'Backup',
    },
    (write) => writeBackup(services.sql, write),
  );
  if (rows === false) replyError(res, errors.downloadBusy());
}
