/**
 * "Sauvegarder la base": a consistent snapshot (one REPEATABLE READ, read-only transaction) of the
 * business tables and the order log, streamed as NDJSON, signed as a whole; and its restore into an
 * empty database (`npm run db:restore`). See docs/decisions/011-settings.md.
 *
 * File (format 2): a header line (format, version, the schema's latest migration, the signing key's
 * id, the tables), then one line per row ({"kind":"row","t": table, "r": row as row_to_json}),
 * tables in foreign-key order, then an end line: each table's row count, the total, and an
 * HMAC-SHA256 with the audit key over every line before it and those counts. Any edit (a role, an
 * order's total, a price), a cut, a line moved or added breaks it.
 *
 * Restore: a first pass reads the whole file and checks everything (format, signature, counts,
 * schema, tables, columns) before anything is written; a second pass loads it in one transaction,
 * checking the signature again (the file may not change in between), then verifies the order log,
 * the closures and the documents, checks that the read tables are what the log replays to, and
 * seals the log for this database, before the one commit. Any
 * refusal is a RestoreError with a French message, and leaves the database as it was.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DomainError } from '../../domain/errors.js';
import { exportFileName } from '../../domain/site/time-zone.js';
import { type AuditReport, type Checkpoint, verifyIn, writeCheckpointIn } from '../audit/verify.js';
import type { Services } from '../context.js';
import type { Sql, Tx } from '../db/client.js';
import { errors } from '../errors.js';
import { streamDownload } from '../http/download.js';
import { replyError, requireRole } from '../http/staff-gate.js';
import { replayInterventions } from '../interventions/replay.js';
import { canonicalJson } from '../orders/canonical.js';
import { replayOrdersIn } from '../orders/replay.js';

export const BACKUP_FORMAT = 'h27-backup';
/** 1: unsigned (refused on restore); 2: signed as a whole. */
export const BACKUP_VERSION = 2;

/** Kept out of a backup: the migrations' own bookkeeping, and short-lived rows (sessions, tokens, counters). */
const SKIPPED = new Set(['schema_migrations', 'sessions', 'verifications', 'rate_limits', 'abuse_counters']);

/**
 * The shop's records: a restore refuses a database where any of them holds a row (it restores into
 * a new, empty database). Other tables holding rows (settings or markers a migration or a start may
 * write) are emptied first; tables already empty are never truncated, so the append-only tables'
 * triggers (price history, invoice documents) need no exception for a restore.
 */
const SHOP_RECORDS = [
  'users',
  'products',
  'orders',
  'events',
  'audit_checkpoints',
  'money_closures',
  'invoice_documents',
  'personal_records',
  'product_price_history',
];

export interface BackupHeader {
  kind: 'header';
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The latest migration applied to the database backed up. */
  schema: string;
  /** Which key signed the file (an HMAC of a constant: says nothing of the key). */
  keyId: string;
  tables: string[];
}

export interface BackupEnd {
  kind: 'end';
  rows: number;
  /** Rows per table, every table of the header named (0 included). */
  counts: Record<string, number>;
  /** HMAC-SHA256 (audit key, hex) of "h27-backup\n", every line before this one, and the counts. */
  signature: string;
}

type Line = BackupHeader | { kind: 'row'; t: string; r: Record<string, unknown> } | BackupEnd;

export const backupKeyId = (key: string) =>
  createHmac('sha256', key).update('h27-backup-key-id').digest('hex').slice(0, 16);

/** The MAC of a backup: every line before the end line as written (one "\n" each), then the counts. */
export class BackupMac {
  private readonly hmac;
  constructor(key: string) {
    this.hmac = createHmac('sha256', key).update('h27-backup\n');
  }
  line(text: string) {
    this.hmac.update(text.endsWith('\n') ? text : `${text}\n`);
  }
  finish(rows: number, counts: Record<string, number>): string {
    return this.hmac.update(canonicalJson({ rows, counts })).digest('hex');
  }
}

const sameHex = (a: string, b: string) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && x.length === y.length && timingSafeEqual(x, y);
};

/** The latest migration applied to this database ('' when none). */
async function schemaVersion(sql: Tx): Promise<string> {
  const [row] = await sql<{ v: string | null }[]>`select max(version) as v from schema_migrations`;
  return row?.v ?? '';
}

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

/** Streams the backup to `write`, one NDJSON line at a time, signed with `key`; returns the number of rows. */
export async function writeBackup(
  sql: Sql,
  key: string,
  write: (line: string) => Promise<void> | void,
): Promise<number> {
  return await sql.begin('isolation level repeatable read read only', async (tx) => {
    const tables = await tablesInOrder(tx);
    const mac = new BackupMac(key);
    const emit = async (text: string) => {
      mac.line(text);
      await write(text);
    };
    const header: BackupHeader = {
      kind: 'header',
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      schema: await schemaVersion(tx),
      keyId: backupKeyId(key),
      tables,
    };
    await emit(`${JSON.stringify(header)}\n`);
    let rows = 0;
    const counts: Record<string, number> = {};
    for (const table of tables) {
      counts[table] = 0;
      // row_to_json gives every column as PostgreSQL writes it (bytea as \x hex, xid8 as text); `t.*`
      // is the whole row even where a column shares the alias's name (site_devices has x and y).
      // for await: a write that throws (a download that ended) closes the cursor and the transaction.
      const cursor = tx<{ j: string }[]>`select row_to_json(t.*)::text as j from ${tx(table)} t`.cursor(500);
      for await (const batch of cursor) {
        for (const { j } of batch) {
          await emit(`{"kind":"row","t":${JSON.stringify(table)},"r":${j}}\n`);
          counts[table] += 1;
          rows += 1;
        }
      }
    }
    const end: BackupEnd = { kind: 'end', rows, counts, signature: mac.finish(rows, counts) };
    await write(`${JSON.stringify(end)}\n`);
    return rows;
  });
}

// --- Restore -------------------------------------------------------------------------------------

const NOTHING = 'Rien n’a été restauré.';

/** What a refused restore says (the CLI prints it, exit 2). */
export const RESTORE_MESSAGES = {
  notABackup: `Ce fichier n’est pas une sauvegarde de la boutique (en-tête « h27-backup » absent). ${NOTHING}`,
  unreadable: (line: number) => `Ligne ${line} de la sauvegarde illisible. ${NOTHING}`,
  unsigned: (version: number) =>
    `Cette sauvegarde (format ${version}) n’est pas signée : elle ne peut pas être vérifiée. Faites une nouvelle sauvegarde avec cette version de la boutique. ${NOTHING}`,
  newerFormat: (version: number) =>
    `Cette sauvegarde est au format ${version}, plus récent que celui que cette version de la boutique sait lire (${BACKUP_VERSION}) : restaurez-la avec la version qui l’a faite. ${NOTHING}`,
  truncated: `La sauvegarde est incomplète (pas de ligne de fin). ${NOTHING}`,
  afterEnd: (line: number) => `Ligne ${line} : la sauvegarde continue après sa ligne de fin. ${NOTHING}`,
  otherKey: `Cette sauvegarde a été signée avec une autre clé : lancez la restauration avec l’AUDIT_KEY du serveur qui l’a faite (à défaut, son AUTH_SECRET). ${NOTHING}`,
  badSignature: `La signature de la sauvegarde ne correspond pas à son contenu : le fichier a été modifié ou coupé. ${NOTHING}`,
  newerSchema: (backup: string, here: string) =>
    `Cette sauvegarde vient d’une version plus récente de la boutique (migration ${backup}, ici ${here}) : restaurez-la avec la version qui l’a faite. ${NOTHING}`,
  olderSchema: (backup: string, here: string) =>
    `Cette sauvegarde vient d’une version plus ancienne de la boutique (migration ${backup}, ici ${here}) : restaurez-la avec la version qui l’a faite, puis démarrez celle-ci, qui mettra la base à jour. ${NOTHING}`,
  unknownTables: (list: string) =>
    `La sauvegarde contient des tables inconnues de cette base : ${list}. ${NOTHING}`,
  unknownColumns: (list: string) =>
    `La sauvegarde contient des colonnes inconnues de cette base : ${list}. ${NOTHING}`,
  counts: `Les lignes de la sauvegarde ne correspondent pas aux nombres annoncés par sa ligne de fin. ${NOTHING}`,
  notEmpty: (tables: string) =>
    `La base n’est pas vide (${tables}) : restaurez dans une base neuve et vide. ${NOTHING}`,
  changed: `Le fichier de sauvegarde a changé pendant la restauration. ${NOTHING}`,
  logDoesNotVerify: (problems: string) =>
    `Le journal des commandes de cette sauvegarde ne se vérifie pas (${problems}). ${NOTHING}`,
  readTablesDiffer: (count: number, first: string) =>
    `Les tables de cette sauvegarde ne sont pas ce que donne son journal rejoué : ${count} ligne${count > 1 ? 's' : ''} diffère${count > 1 ? 'nt' : ''} (${first}). ${NOTHING}`,
} as const;

export type RestoreErrorCode =
  | 'NOT_A_BACKUP'
  | 'UNREADABLE_LINE'
  | 'UNSIGNED_BACKUP'
  | 'NEWER_FORMAT'
  | 'TRUNCATED_BACKUP'
  | 'OTHER_KEY'
  | 'BAD_SIGNATURE'
  | 'NEWER_SCHEMA'
  | 'OLDER_SCHEMA'
  | 'UNKNOWN_TABLES'
  | 'UNKNOWN_COLUMNS'
  | 'ROW_COUNTS'
  | 'NOT_EMPTY'
  | 'CHANGED_DURING_RESTORE'
  | 'LOG_DOES_NOT_VERIFY'
  | 'READ_TABLES_DIFFER';

export class RestoreError extends DomainError {
  constructor(
    override readonly code: RestoreErrorCode,
    message: string,
  ) {
    super('invalid', code, message);
  }
}

/** The backup's lines, read again from the start at each call (a restore reads the file twice). */
export type BackupSource = () => AsyncIterable<string>;

interface Checked {
  header: BackupHeader;
  end: BackupEnd;
}

/** Every public table's columns: name → stored (false for generated columns, never inserted). */
async function columnsOf(sql: Tx): Promise<Map<string, Map<string, boolean>>> {
  const rows = await sql<{ table: string; column: string; stored: boolean }[]>`
    select c.relname as table, a.attname as column, a.attgenerated = '' as stored
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`;
  const out = new Map<string, Map<string, boolean>>();
  for (const r of rows) {
    const table = out.get(r.table) ?? new Map<string, boolean>();
    table.set(r.column, r.stored);
    out.set(r.table, table);
  }
  return out;
}

function parseLine(raw: string, n: number): Line {
  try {
    const value = JSON.parse(raw) as Line;
    if (value && typeof value === 'object' && typeof value.kind === 'string') return value;
  } catch {
    // refused below
  }
  throw new RestoreError('UNREADABLE_LINE', RESTORE_MESSAGES.unreadable(n));
}

/**
 * The first pass: reads the whole file and checks it, writing nothing. The header first (a newer
 * format may sign otherwise), then the signature, and only then what the signed content says
 * (schema, tables, columns): an edited file is refused as edited.
 */
async function checkBackup(sql: Sql, source: BackupSource, key: string): Promise<Checked> {
  const columns = await columnsOf(sql);
  const mac = new BackupMac(key);
  let header: BackupHeader | null = null;
  let end: BackupEnd | null = null;
  const read: Record<string, number> = {};
  let rows = 0;
  const unknownTables = new Set<string>();
  const unknownColumns = new Set<string>();
  const checkedKeys = new Map<string, string>();
  let n = 0;
  for await (const raw of source()) {
    n += 1;
    if (!raw.trim()) continue;
    const line = parseLine(raw, n);
    if (end) throw new RestoreError('TRUNCATED_BACKUP', RESTORE_MESSAGES.afterEnd(n));
    if (!header) {
      if (line.kind !== 'header' || line.format !== BACKUP_FORMAT || typeof line.version !== 'number')
        throw new RestoreError('NOT_A_BACKUP', RESTORE_MESSAGES.notABackup);
      if (line.version > BACKUP_VERSION)
        throw new RestoreError('NEWER_FORMAT', RESTORE_MESSAGES.newerFormat(line.version));
      if (line.version < BACKUP_VERSION)
        throw new RestoreError('UNSIGNED_BACKUP', RESTORE_MESSAGES.unsigned(line.version));
      if (line.keyId !== backupKeyId(key)) throw new RestoreError('OTHER_KEY', RESTORE_MESSAGES.otherKey);
      if (!Array.isArray(line.tables)) throw new RestoreError('NOT_A_BACKUP', RESTORE_MESSAGES.notABackup);
      header = line;
      mac.line(raw);
      for (const t of header.tables) read[t] = 0;
      continue;
    }
    if (line.kind === 'end') {
      end = line;
      continue;
    }
    mac.line(raw);
    if (line.kind !== 'row' || typeof line.t !== 'string' || !line.r || typeof line.r !== 'object')
      throw new RestoreError('UNREADABLE_LINE', RESTORE_MESSAGES.unreadable(n));
    rows += 1;
    read[line.t] = (read[line.t] ?? 0) + 1;
    const known = columns.get(line.t);
    if (!known || SKIPPED.has(line.t)) {
      unknownTables.add(line.t);
      continue;
    }
    // Rows of a table share their columns (row_to_json): each set of keys is checked once.
    const keys = Object.keys(line.r).join(',');
    if (checkedKeys.get(line.t) === keys) continue;
    checkedKeys.set(line.t, keys);
    for (const column of Object.keys(line.r))
      if (!known.has(column)) unknownColumns.add(`${line.t}.${column}`);
  }
  if (!header) throw new RestoreError('NOT_A_BACKUP', RESTORE_MESSAGES.notABackup);
  if (!end) throw new RestoreError('TRUNCATED_BACKUP', RESTORE_MESSAGES.truncated);
  if (
    typeof end.signature !== 'string' ||
    !end.counts ||
    typeof end.counts !== 'object' ||
    !sameHex(mac.finish(end.rows, end.counts), end.signature)
  )
    throw new RestoreError('BAD_SIGNATURE', RESTORE_MESSAGES.badSignature);
  // Signed from here on: what the file says is what the server that made it wrote.
  const here = await schemaVersion(sql);
  if (header.schema > here)
    throw new RestoreError('NEWER_SCHEMA', RESTORE_MESSAGES.newerSchema(header.schema, here));
  if (header.schema < here)
    throw new RestoreError('OLDER_SCHEMA', RESTORE_MESSAGES.olderSchema(header.schema, here));
  for (const t of header.tables) if (!columns.has(t) || SKIPPED.has(t)) unknownTables.add(t);
  if (unknownTables.size)
    throw new RestoreError('UNKNOWN_TABLES', RESTORE_MESSAGES.unknownTables([...unknownTables].join(', ')));
  if (unknownColumns.size)
    throw new RestoreError(
      'UNKNOWN_COLUMNS',
      RESTORE_MESSAGES.unknownColumns([...unknownColumns].sort().join(', ')),
    );
  const named = Object.keys(end.counts).sort().join(',');
  if (
    rows !== end.rows ||
    named !== [...header.tables].sort().join(',') ||
    Object.entries(read).some(([t, count]) => end.counts[t] !== count)
  )
    throw new RestoreError('ROW_COUNTS', RESTORE_MESSAGES.counts);
  return { header, end };
}

/**
 * The restored read tables against a replay of the restored log, in the restore's transaction: the
 * number of differing rows and the first few named (table, row, columns), or null when they agree.
 */
async function readTablesDiffer(tx: Tx): Promise<{ count: number; first: string[] } | null> {
  const orders = await replayOrdersIn(tx, { maxDifferences: 3 });
  // The intervention replay opens its own transaction: here it runs in this one.
  const inThisTransaction = { begin: (_mode: string, run: (t: Tx) => unknown) => run(tx) } as unknown as Sql;
  const interventions = await replayInterventions(inThisTransaction);
  const count = orders.differenceCount + interventions.differences.length;
  if (count === 0) return null;
  const named = (table: string, d: { id: string; kind: string; columns: string[] }) =>
    `${table} ${d.id} ${d.kind === 'missing' ? 'absente' : d.kind === 'extra' ? 'en trop' : `: ${d.columns.join(', ')}`}`;
  const first = [
    ...orders.differences.map((d) => named(d.table, d)),
    ...interventions.differences.map((d) => named('interventions', d)),
  ].slice(0, 3);
  return { count, first };
}

export interface RestoreResult {
  rows: number;
  counts: Record<string, number>;
  /** The verification of the restored log, closures and documents (ok: it is what was committed). */
  report: AuditReport;
  /** The checkpoint sealing the restored log for this database. */
  checkpoint: Checkpoint;
}

/**
 * Restores a backup into a database whose schema is migrated (to the backup's migration) and which
 * holds none of the shop's records: checked as a whole first, then loaded, verified and sealed in
 * one transaction. `auditKey`: the key of the server that made the backup; the restored log is
 * sealed with it, so the restored server must run with it (README, Restore).
 */
export async function restoreBackup(
  sql: Sql,
  source: BackupSource,
  options: { auditKey: string },
): Promise<RestoreResult> {
  const key = options.auditKey;
  const { header, end } = await checkBackup(sql, source, key);
  return await sql.begin(async (tx) => {
    const holding: string[] = [];
    const toEmpty: string[] = [];
    for (const table of header.tables) {
      const [row] = await tx<{ any: boolean }[]>`select exists (select 1 from ${tx(table)}) as any`;
      if (!row?.any) continue;
      if (SHOP_RECORDS.includes(table)) holding.push(table);
      else toEmpty.push(table);
    }
    if (holding.length) throw new RestoreError('NOT_EMPTY', RESTORE_MESSAGES.notEmpty(holding.join(', ')));
    // Only tables holding rows: an empty table's truncate would still run its triggers.
    if (toEmpty.length) await tx`truncate ${tx(toEmpty)} cascade`;

    const columns = await columnsOf(tx);
    const mac = new BackupMac(key);
    const batch = { table: '', rows: [] as unknown[] };
    const flush = async () => {
      if (batch.rows.length === 0) return;
      const cols = [...(columns.get(batch.table) ?? [])].filter(([, stored]) => stored).map(([c]) => c);
      await tx`
        insert into ${tx(batch.table)} (${tx(cols)}) overriding system value
        select ${tx(cols)} from json_populate_recordset(null::${tx(batch.table)}, ${tx.json(batch.rows as never)}::json)`;
      batch.rows = [];
    };
    let count = 0;
    let signature = '';
    let n = 0;
    for await (const raw of source()) {
      n += 1;
      if (!raw.trim()) continue;
      const line = parseLine(raw, n);
      if (line.kind === 'end') {
        signature = mac.finish(line.rows, line.counts);
        break;
      }
      mac.line(raw);
      if (line.kind !== 'row') continue;
      if (batch.table !== line.t) {
        await flush();
        batch.table = line.t;
      }
      batch.rows.push(line.r);
      count += 1;
      if (batch.rows.length >= 500) await flush();
    }
    await flush();
    // The second read must be the file the first one checked.
    if (!sameHex(signature, end.signature) || count !== end.rows)
      throw new RestoreError('CHANGED_DURING_RESTORE', RESTORE_MESSAGES.changed);

    // The restored log, its closures and its documents (invoices, credit notes) verify before
    // anything is committed: a backup of a tampered database is refused as a whole.
    const report = await verifyIn(tx, key);
    if (!report.ok) {
      throw new RestoreError(
        'LOG_DOES_NOT_VERIFY',
        RESTORE_MESSAGES.logDoesNotVerify(
          report.problems
            .slice(0, 5)
            .map((p) => p.message)
            .join('; '),
        ),
      );
    }
    // The read tables are what the log replays to (third probe, finding 11): a backup re-signed
    // by someone holding the key, whose orders, lines, sales or interventions contradict the log,
    // is refused here, not left for an orders:replay nobody runs.
    const readTables = await readTablesDiffer(tx);
    if (readTables) {
      throw new RestoreError(
        'READ_TABLES_DIFFER',
        RESTORE_MESSAGES.readTablesDiffer(readTables.count, readTables.first.join('; ')),
      );
    }
    // A restored shop is never seeded (the demo catalogue, an admin of ADMIN_PASSWORD): a shop that
    // ran with SEED=false has no seed markers of its own, and a start with the default would seed.
    for (const marker of ['seed:catalog', 'seed:settings', 'seed:admin']) {
      await tx`
        insert into app_meta (key, value)
        values (${marker}, ${tx.json({ restoredAt: new Date().toISOString(), backupOf: header.createdAt })})
        on conflict (key) do nothing`;
    }
    // Identity and serial counters continue after the restored rows (setval is not undone by a
    // rollback: it runs once nothing can refuse the restore any more).
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
    // Transaction ids belong to the cluster that wrote them: the restored events take one below any
    // of this cluster's, and a fresh checkpoint (this cluster's horizon) seals them all, so events
    // appended from now on are told apart from the restored ones.
    await tx`update events set tx_id = '3'::xid8`;
    const checkpoint = await writeCheckpointIn(tx, key);
    return { rows: count, counts: end.counts, report, checkpoint };
  });
}

export const BACKUP_PATH = '/api/admin/backup';

/** GET /api/admin/backup: the backup as a download, for signed-in admins only (from our own pages). */
export async function handleBackupDownload(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!(await requireRole(services, req, res, 'admin', { methods: ['GET'] }))) return;
  // A download cut short leaves a file without its end line (and its signature), refused on restore.
  const rows = await streamDownload(
    res,
    {
      contentType: 'application/x-ndjson; charset=utf-8',
      fileName: exportFileName('sauvegarde', 'ndjson', new Date()),
      what: 'Backup',
    },
    (write) => writeBackup(services.sql, services.config.AUDIT_KEY, write),
  );
  if (rows === false) replyError(res, errors.downloadBusy());
}
