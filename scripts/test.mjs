// `npm test`: typecheck, lint, the production build, then the e2e tier (Playwright) beside the
// unit and integration tiers (Vitest). The database mode is the environment's (DATABASE_URL, else
// the embedded PostgreSQL).
//
// The e2e tier waits on pages, timers and sockets far more than it computes (about half a core
// per spec file), so it runs beside the Vitest tiers instead of after them; its output is printed
// once it is done, so the two never interleave. Both must pass.
//
// TEST_SECOND_DATABASE_URL (CI): after the first run, the integration tier runs a second time on
// that database, then every bench:* at a tiny size (bench:smoke), still beside the e2e tier.
// The e2e tier always runs whole: every browser project of playwright.config.ts.
import { spawn } from 'node:child_process';

const run = (command, args, env = process.env, label = null) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const lines = [];
    if (label) {
      child.stdout.on('data', (chunk) => lines.push(chunk));
      child.stderr.on('data', (chunk) => lines.push(chunk));
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(lines).toString() }));
  });

async function step(name, command, args, env) {
  console.log(`\n=== ${name} ===`);
  const { code } = await run(command, args, env);
  if (code !== 0) {
    console.error(`${name} failed (exit ${code})`);
    process.exit(code);
  }
}

await step('typecheck', 'npm', ['run', 'typecheck']);
await step('lint', 'npm', ['run', 'lint']);
// Built before anything runs beside it: integration tests that start a server must never see a
// dist/ half written.
await step('production build (for the e2e tier)', 'node', ['scripts/start.mjs', '--build-only']);

console.log('\n=== e2e tier (started; its output follows the Vitest tiers) ===');
const e2e = run('npx', ['playwright', 'test'], process.env, 'e2e');

const failures = [];
console.log('\n=== unit and integration tiers ===');
if ((await run('npx', ['vitest', 'run'])).code !== 0) failures.push('unit and integration tiers');

const second = process.env.TEST_SECOND_DATABASE_URL;
if (second && failures.length === 0) {
  const env = { ...process.env, DATABASE_URL: second };
  console.log(`\n=== integration tier on ${second} ===`);
  if ((await run('npx', ['vitest', 'run', '--project', 'integration'], env)).code !== 0)
    failures.push(`integration tier on ${second}`);
  else {
    console.log('\n=== bench:smoke ===');
    if ((await run('npm', ['run', 'bench:smoke'], env)).code !== 0) failures.push('bench:smoke');
  }
}

const { code, output } = await e2e;
console.log(`\n=== e2e tier ===\n${output}`);
if (code !== 0) failures.push('e2e tier');
if (failures.length > 0) {
  console.error(`Failed: ${failures.join(', ')}`);
  process.exit(1);
}
