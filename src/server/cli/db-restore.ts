// `npm run db:restore -- --file backup.ndjson`: loads a backup (the back-office's "Sauvegarder la
// base", or `db:backup`) into an EMPTY database (DATABASE_URL, or the embedded one of DATA_DIR),
// after applying the migrations. AUDIT_KEY must be the key of the server that made the backup: the
// whole file is checked against its signature before anything is written, then loaded, verified
// (order log, closures, documents, read tables against the replayed log) and sealed for this
// database in one transaction. Exit 2 with a
// French message, and nothing written, when the file or its log is refused. The sealing checkpoint
// is appended to the witness file (AUDIT_WITNESS_FILE, by default DATA_DIR/audit-witness.ndjson) of
// the server that will serve the restored shop.
import { createReadStream } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { witnessLine } from '../audit/verify.js';
import { restoreBackup } from '../backup/backup.js';
import { flagValue, withOrderLog } from './orders-cli.js';

/** Opened when the restore starts reading: readline drops lines emitted before it is iterated. */
async function* fileLines(file: string) {
  yield* createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
}

await withOrderLog(async ({ sql, config }) => {
  const file = flagValue('--file');
  if (!file) {
    console.error('Usage: npm run db:restore -- --file backup.ndjson');
    return 2;
  }
  const result = await restoreBackup(sql, () => fileLines(file), { auditKey: config.AUDIT_KEY });
  const witness = config.AUDIT_WITNESS_FILE;
  await mkdir(path.dirname(witness), { recursive: true });
  await appendFile(witness, witnessLine(result.checkpoint), { mode: 0o600 });
  console.error(`Restored ${result.rows} rows from ${file}.`);
  console.error(
    `The backup's signature, the order log (${result.report.events} events), its closures and its documents verify; the log is sealed for this database (checkpoint #${result.checkpoint.id}, appended to ${witness}).`,
  );
  console.error('Start the restored shop with this AUDIT_KEY and this witness file.');
  return 0;
});
