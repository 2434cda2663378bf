/**
 * `npm run bench:images`: the image upload pipeline, in one run against its baselines.
 *
 * 1. Rate: storing a 12-megapixel camera JPEG (checks, EXIF orientation, three WebP widths, the
 *    PostgreSQL insert) against a bare sharp resize of the same file to one width.
 *    Goal: the pipeline at least 25% of the bare resize's rate.
 * 2. Blocking: the storefront product list (tRPC over the real HTTP server) under steady load, idle
 *    and then while 20 such photos are uploaded to the real upload route.
 *    Goal: p95 while processing at most 1.5x the idle p95.
 *
 * Options (environment): BENCH_ROUNDS (photos per rate measure, default 5), BENCH_CONNECTIONS (10),
 * BENCH_IDLE_SECONDS (8), BENCH_UPLOADS (20), BENCH_PRODUCTS (10000).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import postgres from 'postgres';
import sharp from 'sharp';
import { createAuth } from '../src/server/auth/auth.js';
import { loadConfig } from '../src/server/config.js';
import type { Services } from '../src/server/context.js';
import { createSql, withDatabase } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { createHttpServer } from '../src/server/http/server.js';
import { storeImage } from '../src/server/images/images.js';
import { IMAGE_WIDTHS } from '../src/server/images/process.js';
import { setLogLevel } from '../src/server/logger.js';
import { photoJpeg } from '../tests/support/images.js';
import { fmt, openBenchServer, type RunResult, signInAdmin, startLoad } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 8);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);

/** Uploads, from their own thread: `count` POSTs of the file at once, as a browser tab would queue them. */
const uploadWorker = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { url, cookie, file, count } = workerData;
const body = readFileSync(file);
const started = Date.now();
Promise.all(Array.from({ length: count }, (_, i) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'photo-' + i + '.jpg', cookie }, body })
    .then((r) => r.status)
    .catch(() => 0),
)).then((statuses) => parentPort.postMessage({ statuses, seconds: (Date.now() - started) / 1000 }));
`;

function uploadAll(url: string, cookie: string, file: string, count: number) {
  return new Promise<{ statuses: number[]; seconds: number }>((resolve, reject) => {
    const worker = new Worker(uploadWorker, { eval: true, workerData: { url, cookie, file, count } });
    worker.once('error', reject);
    worker.once('message', (m) => {
      resolve(m);
      void worker.terminate();
    });
  });
}

async function time<T>(rounds: number, task: () => Promise<T>): Promise<number> {
  await task(); // warm-up
  const start = performance.now();
  for (let i = 0; i < rounds; i++) await task();
  return rounds / ((performance.now() - start) / 1000);
}

async function main() {
  setLogLevel('warn');
  const server = await openBenchServer();
  const name = `h27_bench_images_${process.pid}`;
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name}`);
  await admin.unsafe(`create database ${name}`);
  const url = withDatabase(server.url, name);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'h27-bench-images-'));
  let httpServer: http.Server | null = null;
  const sql = createSql(url, 10);
  try {
    await migrate(sql);
    console.log(`Database: fresh database on the ${server.mode}`);
    const photo = await photoJpeg({ orientation: 6 });
    const meta = await sharp(photo).metadata();
    const file = path.join(dir, 'photo.jpg');
    await writeFile(file, photo);
    console.log(
      `Photo: ${meta.width}x${meta.height} JPEG (${((meta.width! * meta.height!) / 1e6).toFixed(1)} MP), ${(photo.length / 1024 / 1024).toFixed(1)} MB, EXIF orientation ${meta.orientation}`,
    );
    console.log(
      `Baseline: sharp in this process with ${sharp.concurrency()} libvips threads; the pipeline: the server's image worker (1 thread, lower priority)\n`,
    );

    // 1. Rate against a bare resize of the same file to one width, alternated twice.
    const bareRates: number[] = [];
    const pipelineRates: number[] = [];
    for (let round = 0; round < 2; round++) {
      bareRates.push(await time(ROUNDS, () => sharp(photo).resize({ width: 1280 }).webp().toBuffer()));
      pipelineRates.push(await time(ROUNDS, () => storeImage(sql, photo, 'photo.jpg')));
    }
    const bare = Math.max(...bareRates);
    const pipeline = Math.max(...pipelineRates);
    console.log(
      `bare sharp resize to 1280 px (WebP)      ${bare.toFixed(2)} images/s   (runs: ${bareRates.map((r) => r.toFixed(2)).join(', ')})`,
    );
    console.log(
      `pipeline (checks, rotate, ${IMAGE_WIDTHS.length} WebP widths, store) ${pipeline.toFixed(2)} images/s   (runs: ${pipelineRates.map((r) => r.toFixed(2)).join(', ')})`,
    );
    const rateRatio = pipeline / bare;
    console.log(
      `pipeline / bare: ${(rateRatio * 100).toFixed(0)}% (goal >= 25%) ${rateRatio >= 0.25 ? 'OK' : 'BELOW GOAL'}\n`,
    );

    // 2. The storefront while images are processed.
    await sql`
      insert into products (title, slug, mini_description, price_cents, stock_quantity, created_at)
      select 'Produit n°' || n, 'produit-bench-' || n, 'Un produit contre les nuisibles.', 500 + n % 9500, n % 60,
             now() - make_interval(mins => n)
        from generate_series(1, ${PRODUCTS}) as n`;
    await sql`analyze`;
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const base = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: 'production',
      // Production mode refuses a missing secret (issue 23: this bench crashed on a fresh clone).
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATABASE_URL: url,
      SEED: 'false',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: path.join(dir, 'data'),
    });
    const services: Services = { sql, config, auth: createAuth(sql, config) };
    httpServer = (await createHttpServer(services, { dev: false })).server;
    httpServer.keepAliveTimeout = 65_000;
    await new Promise<void>((r) => httpServer!.listen(port, '127.0.0.1', () => r()));
    const cookie = await signInAdmin(services, base, 'images');
    const list = `${base}/api/trpc/catalog.list`;

    const row = (label: string, r: RunResult) =>
      `${label.padEnd(30)} ${fmt(r.rps).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   errors ${r.errors}`;
    await startLoad(list, 2, CONNECTIONS).result; // warm-up
    const idle = await startLoad(list, IDLE_SECONDS, CONNECTIONS).result;
    const busyRun = startLoad(list, 600, CONNECTIONS);
    const uploads = await uploadAll(`${base}/api/admin/images`, cookie, file, UPLOADS);
    busyRun.stop();
    const busy = await busyRun.result;
    const idleAfter = await startLoad(list, IDLE_SECONDS, CONNECTIONS).result;
    const ok = uploads.statuses.filter((s) => s === 201).length;
    console.log(
      `Storefront product list, ${CONNECTIONS} keep-alive connections; ${UPLOADS} uploads of the photo sent at once: ${ok} stored in ${uploads.seconds.toFixed(1)} s`,
    );
    console.log(row('idle', idle));
    console.log(row(`while ${UPLOADS} images are processed`, busy));
    console.log(row('idle again', idleAfter));
    const idleP95 = Math.min(idle.p95, idleAfter.p95);
    const p95Ratio = busy.p95 / idleP95;
    console.log(
      `\np95 while processing / idle: ${p95Ratio.toFixed(2)}x (goal <= 1.5x) ${p95Ratio <= 1.5 ? 'OK' : 'ABOVE GOAL'}`,
    );
    if (ok !== UPLOADS) console.log(`Upload statuses: ${uploads.statuses.join(', ')}`);
  } finally {
    if (httpServer) {
      httpServer.closeAllConnections();
      await new Promise((resolve) => httpServer!.close(resolve));
    }
    await sql.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
