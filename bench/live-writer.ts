/**
 * bench:live's instance B, in a worker thread (its own event loop and connection pool, as another
 * process would have): places checkouts when the benchmark asks and answers when each committed.
 */
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { createSql } from '../src/server/db/client.js';
import { announceCommitsLive } from '../src/server/live/signals.js';
import { setLogLevel } from '../src/server/logger.js';
import { customerForm, placeOrder } from '../tests/support/orders.js';

type Command =
  | { cmd: 'steady'; rate: number; total: number }
  | { cmd: 'closed'; writers: number; seconds: number }
  | { cmd: 'end' };

setLogLevel('warn');
// Another instance: its commits reach instance A through NOTIFY, as the app wires it at start.
announceCommitsLive();
const { url, productId } = workerData as { url: string; productId: string };
const sql = createSql(url, 10);
const now = () => performance.timeOrigin + performance.now();

async function place(commits: (string | number)[]) {
  const order = await placeOrder(
    sql,
    {
      customerId: null,
      customer: customerForm,
      deliveryMethod: 'pickup',
      lines: [{ productId, quantity: 1 }],
    },
    { actor: { kind: 'guest' }, requestId: randomUUID() },
  );
  commits.push(order.id, now());
}

parentPort!.on('message', async (message: Command) => {
  const commits: (string | number)[] = [];
  if (message.cmd === 'steady') {
    // Open loop: one checkout every 1/rate s, whatever the previous ones are doing.
    const start = now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < message.total; i++) {
      const wait = start + (i * 1000) / message.rate - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(place(commits));
    }
    await Promise.all(inFlight);
    parentPort!.postMessage({ type: 'steady', commits });
  } else if (message.cmd === 'closed') {
    // Closed loop: `writers` checkouts at a time, for `seconds`.
    const end = now() + message.seconds * 1000;
    const t0 = now();
    await Promise.all(
      Array.from({ length: message.writers }, async () => {
        while (now() < end) await place(commits);
      }),
    );
    parentPort!.postMessage({ type: 'closed', rate: commits.length / 2 / ((now() - t0) / 1000), commits });
  } else {
    await sql.end({ timeout: 5 });
    parentPort!.postMessage({ type: 'end' });
  }
});
