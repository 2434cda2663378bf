// `npm run orders:export [-- --out log.ndjson]`: writes the order log (events, stream heads,
// checkpoints) as NDJSON, to the file or to stdout; `orders:verify --file` checks such a file.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { exportLog } from '../audit/verify.js';
import { flagValue, withOrderLog } from './orders-cli.js';

await withOrderLog(async ({ sql }) => {
  const out = flagValue('--out');
  const stream = out ? createWriteStream(out) : process.stdout;
  const count = await exportLog(sql, async (line) => {
    if (!stream.write(line)) await once(stream, 'drain');
  });
  if (out) {
    await new Promise<void>((resolve, reject) =>
      (stream as ReturnType<typeof createWriteStream>).end((e?: Error | null) => (e ? reject(e) : resolve())),
    );
    console.error(`Exported ${count} events to ${out}.`);
  }
  return 0;
});
