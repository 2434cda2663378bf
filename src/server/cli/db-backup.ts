// `npm run db:backup [-- --out backup.ndjson]`: the same consistent backup as the back-office's
// "Sauvegarder la base" button, to the file or to stdout.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { writeBackup } from '../backup/backup.js';
import { flagValue, withOrderLog } from './orders-cli.js';

await withOrderLog(async ({ sql, config }) => {
  const out = flagValue('--out');
  const stream = out ? createWriteStream(out) : process.stdout;
  const rows = await writeBackup(sql, config.AUDIT_KEY, async (line) => {
    if (!stream.write(line)) await once(stream, 'drain');
  });
  if (out) {
    await new Promise<void>((resolve, reject) =>
      (stream as ReturnType<typeof createWriteStream>).end((e?: Error | null) => (e ? reject(e) : resolve())),
    );
  }
  console.error(`Backed up ${rows} rows${out ? ` to ${out}` : ''}.`);
  return 0;
});
