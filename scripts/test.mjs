// `npm test`: typecheck, lint, the unit and integration tiers (vitest), then the e2e tier on a
// production build. The database mode is the environment's (DATABASE_URL, else the embedded
// PostgreSQL).
//
// TEST_SECOND_DATABASE_URL (CI): the integration tier runs a second time on that database, and then
// every bench:* at a tiny size (bench:smoke), beside the e2e tier instead of after it. The e2e tier
// waits on pages and timers more than it computes, so the two share a two-core machine well. Both
// must pass. E2E_PROJECTS (desktop, phone; default both) picks the browser projects of the e2e tier.
import { spawn } from 'node:child_process';

const run = (command, args, env = process.env, label = null) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const lines = [];
    if (label) {
      // Buffered, printed once done: two tiers' outputs never interleave.
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
await step('unit and integration tiers', 'npx', ['vitest', 'run']);

const second = process.env.TEST_SECOND_DATABASE_URL;
const beside = second
  ? (async () => {
      const env = { ...process.env, DATABASE_URL: second };
      const tier = await run('npx', ['vitest', 'run', '--project', 'integration'], env, 'second mode');
      if (tier.code !== 0) return { ...tier, name: `integration tier on ${second}` };
      const benches = await run('npm', ['run', 'bench:smoke'], env, 'bench:smoke');
      return { code: benches.code, output: tier.output + benches.output, name: 'bench:smoke' };
    })()
  : null;

console.log(
  `\n=== e2e tier${second ? ` (beside the integration tier on ${second}, then bench:smoke)` : ''} ===`,
);
const e2e = await run('npm', ['run', 'test:e2e']);
if (beside) {
  const result = await beside;
  console.log(`\n=== integration tier on ${second}, then bench:smoke ===\n${result.output}`);
  if (result.code !== 0) {
    console.error(`${result.name} failed (exit ${result.code})`);
    process.exit(result.code);
  }
}
if (e2e.code !== 0) {
  console.error(`e2e tier failed (exit ${e2e.code})`);
  process.exit(e2e.code);
}
