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
import { stripVTControlCharacters } from 'node:util';

// `held`: the output is kept and printed by the caller (the e2e tier); `tee`: printed as it comes
// and kept as well (the Vitest tiers, whose failures are printed again at the very end).
const run = (command, args, env = process.env, mode = 'inherit') =>
  new Promise((resolve) => {
    const child = spawn(command, args, {
      env,
      stdio: mode === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const lines = [];
    if (mode !== 'inherit') {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ])
        stream.on('data', (chunk) => {
          lines.push(chunk);
          if (mode === 'tee') out.write(chunk);
        });
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(lines).toString() }));
  });

// What a failed Vitest run says failed, from its summary sections (« Failed Tests », « Unhandled
// Errors ») on: each FAIL line with the error line after it. The e2e tier's output follows the
// Vitest tiers, so a CI log of which only the tail is kept would otherwise hide them.
const failedTests = (output) => {
  const lines = stripVTControlCharacters(output).split('\n');
  const start = lines.findIndex((line) => /⎯ (Failed Tests|Unhandled Errors?|Failed Suites)/.test(line));
  if (start === -1) return '(no summary found: see the tier above)';
  const picked = [];
  for (const line of lines.slice(start)) {
    if (/^\s*FAIL\s/.test(line) || /⎯ (Unhandled|Failed)/.test(line)) picked.push(line.trim());
    else if (/^\s*(\w*Error|Error)\b.*:/.test(line)) picked.push(`    ${line.trim()}`);
  }
  return picked.slice(0, 60).join('\n');
};

const failures = [];
/** The failed Vitest tiers' summaries, printed again at the very end. */
const vitestFailures = [];

/** One Vitest tier, printed as it runs; a failure is counted and its summary kept. True if it passed. */
async function vitestTier(name, args, env = process.env) {
  const { code, output } = await run('npx', ['vitest', 'run', ...args], env, 'tee');
  if (code === 0) return true;
  failures.push(name);
  vitestFailures.push(`${name}:\n${failedTests(output)}`);
  return false;
}

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
const e2e = run('npx', ['playwright', 'test'], process.env, 'held');

console.log('\n=== unit and integration tiers ===');
const firstPassed = await vitestTier('unit and integration tiers', []);

const second = process.env.TEST_SECOND_DATABASE_URL;
if (second && firstPassed) {
  const env = { ...process.env, DATABASE_URL: second };
  console.log(`\n=== integration tier on ${second} ===`);
  if (await vitestTier(`integration tier on ${second}`, ['--project', 'integration'], env)) {
    console.log('\n=== bench:smoke ===');
    if ((await run('npm', ['run', 'bench:smoke'], env)).code !== 0) failures.push('bench:smoke');
  }
}

const { code, output } = await e2e;
console.log(`\n=== e2e tier ===\n${output}`);
if (code !== 0) failures.push('e2e tier');
if (failures.length > 0) {
  for (const text of vitestFailures) console.error(`\n=== what failed in the ${text}`);
  console.error(`Failed: ${failures.join(', ')}`);
  process.exit(1);
}
