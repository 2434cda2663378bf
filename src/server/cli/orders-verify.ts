// `npm run orders:verify [-- --file log.ndjson] [-- --no-checkpoint]`: proves the order log was not
// tampered with; reports each problem with its position and exits 1 on any. After a clean check of
// the database it writes a signed checkpoint sealing the log so far.
import { createReadStream } from 'node:fs';
import readline from 'node:readline';
import { type AuditReport, verifyDatabase, verifyLines, writeCheckpoint } from '../orders/audit.js';
import { flagValue, hasFlag, progress, withOrderLog } from './orders-cli.js';

function print(report: AuditReport, source: string) {
  const sealed = report.checkpoint
    ? `checkpoint #${report.checkpoint.id} (${report.checkpoint.eventCount} events sealed)`
    : 'no checkpoint yet';
  console.log(`Verified ${report.events} events in ${report.streams} streams from ${source}; ${sealed}.`);
  for (const p of report.problems) console.log(`  [${p.kind}] ${p.message}`);
  console.log(report.ok ? 'OK: no tampering found.' : `TAMPERED: ${report.problems.length} problem(s).`);
}

await withOrderLog(async ({ sql, config }) => {
  const file = flagValue('--file');
  if (file) {
    const lines = readline.createInterface({
      input: createReadStream(file),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    const report = await verifyLines(lines, config.AUDIT_KEY);
    print(report, file);
    return report.ok ? 0 : 1;
  }
  const report = await verifyDatabase(sql, config.AUDIT_KEY, progress('verify'));
  print(report, 'the database');
  if (!report.ok) return 1;
  if (!hasFlag('--no-checkpoint')) {
    const c = await writeCheckpoint(sql, config.AUDIT_KEY);
    console.log(
      `Checkpoint #${c.id} written: ${c.eventCount} events sealed up to position ${c.maxPosition}.`,
    );
  }
  return 0;
});
