// `npm run orders:verify [-- --file log.ndjson] [-- --witness FILE | --no-witness] [-- --no-checkpoint]`: proves
// the order log was not tampered with; reports each problem with its position and exits 1 on any.
// The database is also checked against the checkpoints copied to the witness file (AUDIT_WITNESS_FILE,
// or --witness FILE); a log with checkpoints and no witness exits 1 unless --no-witness. After
// a clean check of the database it writes a signed checkpoint (appended to AUDIT_WITNESS_FILE).
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import readline from 'node:readline';
import {
  type AuditReport,
  latestWitnessed,
  missingWitness,
  parseWitness,
  sealLog,
  verifyDatabase,
  verifyLines,
} from '../audit/verify.js';
import { flagValue, hasFlag, progress, withConfig, withOrderLog } from './orders-cli.js';

function print(report: AuditReport, source: string) {
  const sealed = report.checkpoint
    ? `checkpoint #${report.checkpoint.id} (${report.checkpoint.eventCount} events sealed)`
    : 'no checkpoint yet';
  console.log(`Verified ${report.events} events in ${report.streams} streams from ${source}; ${sealed}.`);
  console.log(`${report.unsealed} event(s) not yet sealed by a checkpoint.`);
  for (const p of report.problems) console.log(`  [${p.kind}] ${p.message}`);
  console.log(report.ok ? 'OK: no tampering found.' : `TAMPERED: ${report.problems.length} problem(s).`);
}

const file = flagValue('--file');
// A file is checked with the key alone: no database is opened (none may be running).
if (file) {
  await withConfig(async (config) => {
    const lines = readline.createInterface({
      input: createReadStream(file),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    const report = await verifyLines(lines, config.AUDIT_KEY);
    print(report, file);
    return report.ok ? 0 : 1;
  });
} else {
  await withOrderLog(verifyTheDatabase);
}

async function verifyTheDatabase({ sql, config }: Parameters<Parameters<typeof withOrderLog>[0]>[0]) {
  // By default, the witness the server keeps (AUDIT_WITNESS_FILE), when it exists.
  const witnessFile = flagValue('--witness');
  const witnessed = witnessFile
    ? parseWitness(await readFile(witnessFile, 'utf8'))
    : await latestWitnessed(config.AUDIT_WITNESS_FILE);
  const missing = hasFlag('--no-witness')
    ? null
    : await missingWitness(sql, witnessed, witnessFile ?? config.AUDIT_WITNESS_FILE);
  if (missing) {
    console.log(missing);
    return 1;
  }
  const report = await verifyDatabase(sql, config.AUDIT_KEY, progress('verify'), { witnessed });
  print(
    report,
    witnessed.length ? `the database and ${witnessed.length} witnessed checkpoint(s)` : 'the database',
  );
  if (!report.ok) return 1;
  if (!hasFlag('--no-checkpoint')) {
    const c = await sealLog(sql, config.AUDIT_KEY, config.AUDIT_WITNESS_FILE);
    console.log(
      `Checkpoint #${c.id} written: ${c.eventCount} events sealed up to position ${c.maxPosition}.`,
    );
  }
  return 0;
}
