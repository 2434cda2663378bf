// `npm run bench:smoke [-- name ...]`: every bench:* of package.json at a tiny size, one after the
// other, so that a benchmark can never rot unnoticed (issue 23: bench:images crashed on a fresh
// clone). Only crashes fail it (exit code of the bench); the figures mean nothing at this size,
// the figures' runs stay manual (README, Scripts). Run by .ci/run once, on the PostgreSQL server.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TINY = {
  BENCH_SECONDS: '1',
  BENCH_CONNECTIONS: '2',
  BENCH_PRODUCTS: '40',
  BENCH_ORDERS: '60',
  BENCH_CUSTOMERS: '30',
  BENCH_EVENTS: '200',
  BENCH_RUNS: '2',
  BENCH_ROUNDS: '1',
  BENCH_IDLE_SECONDS: '1',
  BENCH_UPLOADS: '2',
  BENCH_SOCKETS: '4',
  BENCH_RATE: '5',
  BENCH_WRITERS: '1',
  // bench:money's own switch for its tiny run.
  BENCH_TINY: '1',
};
/** A bench that takes longer than this at the tiny size has a problem of its own. */
const TIMEOUT_MS = 180_000;

const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
const wanted = process.argv.slice(2);
const benches = Object.keys(scripts)
  .filter((name) => name.startsWith('bench:') && name !== 'bench:smoke')
  .filter((name) => wanted.length === 0 || wanted.includes(name) || wanted.includes(name.slice(6)));

const failed = [];
for (const name of benches) {
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', name], {
    env: { ...process.env, ...TINY },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: TIMEOUT_MS,
    encoding: 'utf8',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status === 0) {
    console.log(`ok    ${name} (${seconds} s)`);
  } else {
    failed.push(name);
    console.log(
      `FAIL  ${name} (${seconds} s, ${run.signal ? `killed: ${run.signal}` : `exit ${run.status}`})`,
    );
    console.log(`${run.stdout ?? ''}${run.stderr ?? ''}`.split('\n').slice(-30).join('\n'));
  }
}
if (failed.length) {
  console.error(`bench:smoke: ${failed.length} bench(es) broken: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`bench:smoke: ${benches.length} bench(es) ran at a tiny size.`);
