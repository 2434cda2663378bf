/**
 * `npm run bench:pool`: the database pool over time. 8 clients send `select 1` through the app's
 * pool (db/client.ts createSql, 10 connections) for BENCH_WINDOWS windows of BENCH_SECONDS; each
 * window's rate is compared with the first's, measured in the same run. A pool whose per-query cost
 * grows with the queries it has served shows it here: postgres.js 3.4.9's connection queues grew by
 * one slot per query and every query scanned them (8 clients fell from 22,800/s to 9,600/s within
 * 18 seconds; patches/postgres+3.4.9.patch, docs/decisions/050-order-read-cache.md). Goal: the last
 * window at least 80% of the first; exits 1 below it (except in bench:smoke's tiny run).
 *
 * Options (environment): BENCH_SECONDS (per window, default 3), BENCH_WINDOWS (default 6).
 */
import { fmt, runOnBenchDatabase } from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WINDOWS = Math.max(2, Number(process.env.BENCH_WINDOWS ?? 6));
const CLIENTS = 8;
const GOAL = 0.8;

await runOnBenchDatabase('pool', 10, async (sql, target) => {
  console.log(
    `Pool over time on ${target.mode}: ${CLIENTS} clients, select 1, ${WINDOWS} windows of ${SECONDS} s`,
  );
  // Every connection open before the first window.
  await Promise.all(Array.from({ length: 10 }, () => sql`select pg_sleep(0.05)`));
  const rates: number[] = [];
  let served = 0;
  for (let w = 0; w < WINDOWS; w++) {
    const end = performance.now() + SECONDS * 1000;
    const start = performance.now();
    const cpu = process.cpuUsage();
    let done = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          await sql`select 1`;
          done += 1;
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    served += done;
    const rate = done / ((performance.now() - start) / 1000);
    rates.push(rate);
    console.log(
      `  window ${w + 1}: ${fmt(rate)} queries/s, Node CPU ${(((used.user + used.system) / 1000 / done) * 1000).toFixed(1)} µs per query (${fmt(served)} served so far)`,
    );
  }
  const ratio = (rates.at(-1) as number) / (rates[0] as number);
  console.log(
    `\nlast window / first window: ${(ratio * 100).toFixed(0)}% (goal >= ${GOAL * 100}%) ${ratio >= GOAL ? 'OK' : 'MISSED'}`,
  );
  // bench:smoke's tiny run (BENCH_TINY) only checks that the bench runs.
  if (ratio < GOAL && !process.env.BENCH_TINY) process.exitCode = 1;
});
