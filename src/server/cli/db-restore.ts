// `npm run db:restore -- --file backup.ndjson`: loads a backup (the back-office's "Sauvegarder la
// base", or `db:backup`) into an EMPTY database (DATABASE_URL, or the embedded one of DATA_DIR),
// after applying the migrations; then verifies the restored order log with AUDIT_KEY (the key of
// the server that wrote it) and seals it for this database, all in one transaction: exit 2 and
// nothing written when the file or its log is refused.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
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
  // A backup that does not load or whose order log does not verify is refused as a whole (one
  // transaction): the error is printed, exit 2, and the database is left as it was.
  const result = await restoreBackup(sql, fileLines(file), { auditKey: config.AUDIT_KEY });
  console.error(`Restored ${result.rows} rows from ${file}.`);
  console.error('The restored order log verifies and is sealed for this database.');
  return 0;
});
