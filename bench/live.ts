/**
 * `npm run bench:live`: live order updates across two instances, on a fresh database.
 *
 * Instance A serves the websocket: SOCKETS real `ws` clients (in a worker thread, over loopback,
 * signed in as an admin) subscribe to live.orders. Instance B (its own connection pool, as another
 * process would have) places the orders; its commits reach A through the coalesced NOTIFY and A's
 * read of the log, as in production.
 *
 * 1. Latency: orders placed at a steady RATE for SECONDS; for every event and every socket, the
 *    time from the end of the writer's commit to the socket's receipt: p50 / p95 / p99.
 *    Goal p95 < 100 ms (stretch 25 ms).
 * 2. Write throughput: WRITERS closed-loop checkout loops, rounds alternating subscribers off
 *    (sockets open, nothing subscribed) and on (every socket subscribed), the best round of each
 *    kept. Goal: on / off >= 80% (stretch 95%). Also the latency of the "on" rounds, where the
 *    feed batches most (no goal: the price of the throughput).
 *
 * Options (environment): BENCH_SOCKETS (200), BENCH_RATE (orders/s, 10), BENCH_SECONDS (10),
 * BENCH_WRITERS (8), BENCH_ROUNDS (3 per side, 4 s each).
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { createAuth } from '../src/server/auth/auth.js';
import type { Services } from '../src/server/context.js';
import { createSql } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { createHttpServer } from '../src/server/http/server.js';
import { setLogLevel } from '../src/server/logger.js';
import { benchConfig, fmt, openBenchDatabase, signInAdmin } from './support.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = 4;

/**
 * The socket clients, in plain JS for a worker thread (their own event loop, as browsers are their
 * own machines): tRPC's websocket protocol spoken directly. Messages from the parent: 'subscribe',
 * 'unsubscribe', 'report' (answers the receipts: [orderId, time] per socket and event), 'close'.
 */
const clientWorker = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
const { url, cookie, origin, sockets } = workerData;
const now = () => performance.timeOrigin + performance.now();
const clients = [];
let receipts = [];
let subscribed = 0;
let nextId = 1;
for (let i = 0; i < sockets; i++) {
  const ws = new WebSocket(url, { headers: { cookie, origin } });
  const client = { ws, subId: null, open: new Promise((r) => ws.once('open', r)) };
  ws.on('message', (raw) => {
    const text = raw.toString();
    if (text === 'PING') { ws.send('PONG'); return; }
    const msg = JSON.parse(text);
    if (msg.result && msg.result.type === 'data') {
      const at = now();
      for (const change of msg.result.data.data.changes) receipts.push(change.orderId, at);
    } else if (msg.result && msg.result.type === 'started') {
      subscribed += 1;
      if (subscribed === sockets) parentPort.postMessage({ type: 'subscribed' });
    } else if (msg.error) {
      parentPort.postMessage({ type: 'error', error: msg.error });
    }
  });
  ws.on('close', (code) => { if (!client.closing) parentPort.postMessage({ type: 'closed', code }); });
  clients.push(client);
}
Promise.all(clients.map((c) => c.open)).then(() => parentPort.postMessage({ type: 'open' }));
parentPort.on('message', (m) => {
  if (m === 'subscribe') {
    subscribed = 0;
    for (const c of clients) {
      c.subId = nextId++;
      c.ws.send(JSON.stringify({ id: c.subId, method: 'subscription', params: { path: 'live.orders', input: {} } }));
    }
  } else if (m === 'unsubscribe') {
    for (const c of clients) c.ws.send(JSON.stringify({ id: c.subId, method: 'subscription.stop' }));
    setTimeout(() => parentPort.postMessage({ type: 'unsubscribed' }), 200);
  } else if (m === 'count') {
    parentPort.postMessage({ type: 'count', count: receipts.length / 2 });
  } else if (m === 'report') {
    parentPort.postMessage({ type: 'report', receipts });
    receipts = [];
  } else if (m === 'close') {
    for (const c of clients) { c.closing = true; c.ws.close(); }
    parentPort.postMessage({ type: 'closed-all' });
  }
});
`;

function startClients(workerData: Record<string, unknown>) {
  const worker = new Worker(clientWorker, { eval: true, workerData });
  const waiting = new Map<string, (m: Record<string, unknown>) => void>();
  worker.on('message', (m: Record<string, unknown>) => {
    if (m.type === 'error' || m.type === 'closed') {
      console.error(`Socket client: ${JSON.stringify(m)}`);
      return;
    }
    const resolve = waiting.get(m.type as string);
    waiting.delete(m.type as string);
    resolve?.(m);
  });
  const next = (type: string, send?: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      waiting.set(type, resolve);
      if (send) worker.postMessage(send);
    });
  return { worker, next };
}

const quantile = (sorted: Float64Array, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function main() {
  setLogLevel('warn');
  const database = await openBenchDatabase('live');
  const config = benchConfig(database.url, 'live', {
    // One admin account and one address open every socket of the benchmark.
    WS_MAX_PER_USER: String(SOCKETS),
    WS_MAX_PER_IP: String(SOCKETS),
    CHECKOUT_LIMIT_PER_IP: '100000000',
    CHECKOUT_LIMIT_PER_EMAIL: '100000000',
  });
  const sqlA = createSql(database.url, config.DATABASE_POOL_MAX);
  let http: Awaited<ReturnType<typeof createHttpServer>> | null = null;
  let clients: ReturnType<typeof startClients> | null = null;
  let stopWriter: (() => Promise<void>) | null = null;
  try {
    console.log(`Database: fresh database on the ${database.mode}`);
    await migrate(sqlA);
    const services: Services = { sql: sqlA, config, auth: createAuth(sqlA, config) };
    http = await createHttpServer(services, { dev: false });
    await new Promise<void>((resolve) => http!.server.listen(0, '127.0.0.1', resolve));
    const port = (http.server.address() as AddressInfo).port;
    const origin = config.trustedOrigins[0] ?? '';

    const cookie = await signInAdmin(services, `http://127.0.0.1:${port}`, 'live');

    const [product] = await sqlA<{ id: string }[]>`
      insert into products (title, slug, price_cents, infinite_stock, is_available, is_visible_in_shop)
      values ('Piège du banc', 'piege-du-banc', 1990, true, true, true) returning id`;
    // The worker loads the TypeScript module through tsx, as this script is run.
    const writerModule = JSON.stringify(new URL('./live-writer.ts', import.meta.url).href);
    const writer = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${writerModule}); })`,
      { eval: true, workerData: { url: database.url, productId: product!.id } },
    );
    const ask = <T>(command: Record<string, unknown>) =>
      new Promise<T>((resolve, reject) => {
        writer.once('message', resolve);
        writer.once('error', reject);
        writer.postMessage(command);
      });
    stopWriter = async () => {
      await ask({ cmd: 'end' });
      await writer.terminate();
    };
    const commitTimes = (list: (string | number)[]) => {
      const map = new Map<string, number>();
      for (let i = 0; i < list.length; i += 2) map.set(list[i] as string, list[i + 1] as number);
      return map;
    };
    /** Every receipt since the last report, matched to its commit on B: the latencies (ms). */
    const receiptLatencies = async (commits: Map<string, number>) => {
      const { receipts } = (await clients!.next('report', 'report')) as unknown as {
        receipts: (string | number)[];
      };
      const latencies: number[] = [];
      let unknown = 0;
      for (let i = 0; i < receipts.length; i += 2) {
        const committed = commits.get(receipts[i] as string);
        if (committed === undefined) unknown += 1;
        else latencies.push((receipts[i + 1] as number) - committed);
      }
      return { latencies, unknown };
    };
    // Warm the writer's pool and statements.
    await ask({ cmd: 'steady', rate: 1000, total: 40 });

    clients = startClients({
      wsPath: createRequire(import.meta.url).resolve('ws'),
      url: `ws://127.0.0.1:${port}/api/trpc`,
      cookie,
      origin,
      sockets: SOCKETS,
    });
    await clients.next('open');
    console.log(
      `${SOCKETS} sockets open (one admin session), writers on instance B (a worker thread with its own pool).\n`,
    );

    // 1. Latency at a steady rate.
    await clients.next('subscribed', 'subscribe');
    const total = Math.round(RATE * SECONDS);
    const steady = await ask<{ commits: (string | number)[] }>({ cmd: 'steady', rate: RATE, total });
    const commits = commitTimes(steady.commits);
    // Until every socket has every event (or 60 s: a machine too busy shows as missing receipts).
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { count } = (await clients.next('count', 'count')) as { count: number };
      if (count >= commits.size * SOCKETS) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const { latencies, unknown } = await receiptLatencies(commits);
    const sorted = Float64Array.from(latencies).sort();
    const expected = commits.size * SOCKETS;
    console.log(
      `Latency, commit on B to receipt on a socket of A: ${fmt(commits.size)} orders at ${RATE}/s, ${fmt(latencies.length)} receipts (expected ${fmt(expected)}${unknown ? `, ${unknown} unmatched` : ''})`,
    );
    const p95 = quantile(sorted, 0.95);
    console.log(
      `  p50 ${quantile(sorted, 0.5).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   p99 ${quantile(sorted, 0.99).toFixed(1)} ms   max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`,
    );
    console.log(
      `  p95 goal < 100 ms: ${p95 < 100 ? 'OK' : 'BELOW GOAL'}; stretch < 25 ms: ${p95 < 25 ? 'OK' : 'not reached'}\n`,
    );

    // 2. Write throughput, subscribers off and on, alternating rounds.
    const rates: Record<'off' | 'on', number[]> = { off: [], on: [] };
    const round = () =>
      ask<{ rate: number; commits: (string | number)[] }>({
        cmd: 'closed',
        writers: WRITERS,
        seconds: ROUND_SECONDS,
      });
    // What the sockets saw while the writers ran flat out (the "on" rounds).
    const loaded: number[] = [];
    await clients.next('unsubscribed', 'unsubscribe');
    for (let r = 0; r < ROUNDS; r++) {
      rates.off.push((await round()).rate);
      await clients.next('subscribed', 'subscribe');
      const on = await round();
      rates.on.push(on.rate);
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const ms of (await receiptLatencies(commitTimes(on.commits))).latencies) loaded.push(ms);
      await clients.next('unsubscribed', 'unsubscribe');
    }
    const best = (xs: number[]) => Math.max(...xs);
    const ratio = best(rates.on) / best(rates.off);
    console.log(
      `Write throughput (checkouts/s, ${WRITERS} writers, ${ROUND_SECONDS} s rounds, best of ${ROUNDS}):`,
    );
    console.log(`  subscribers off ${fmt(best(rates.off))}   on ${fmt(best(rates.on))}`);
    console.log(
      `  on / off: ${(ratio * 100).toFixed(0)}% (goal >= 80%: ${ratio >= 0.8 ? 'OK' : 'BELOW GOAL'}; stretch >= 95%: ${ratio >= 0.95 ? 'OK' : 'not reached'})`,
    );
    console.log(`  all rounds: off ${rates.off.map(fmt).join(', ')}; on ${rates.on.map(fmt).join(', ')}`);
    const underLoad = Float64Array.from(loaded).sort();
    console.log(
      `  latency while the writers run flat out (the "on" rounds, ${fmt(underLoad.length)} receipts): p50 ${quantile(underLoad, 0.5).toFixed(1)} ms   p95 ${quantile(underLoad, 0.95).toFixed(1)} ms   p99 ${quantile(underLoad, 0.99).toFixed(1)} ms`,
    );
  } finally {
    if (clients) {
      await clients.next('closed-all', 'close');
      await clients.worker.terminate();
    }
    await stopWriter?.();
    await http?.close();
    await sqlA.end({ timeout: 5 });
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
