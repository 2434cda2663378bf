import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEGAL_NOTICES, DEMO_PAYMENT, DEMO_SELLER } from '../../src/domain/settings/readiness.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { settingsDefaults, storeInitialSettings } from '../../src/server/settings/store.js';
import { freePort } from '../support/http-app.js';
import { checkoutForm, createProduct, shownTotalFor } from '../support/orders.js';

/*
 * Issue 23, finding 8: the order-log commands beside a shop running on the default embedded
 * PostgreSQL. The shop runs as `npm start` runs it (production mode, loopback, its own DATA_DIR, no
 * DATABASE_URL); each command is then run as an operator would, with the same DATA_DIR.
 */

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

let dataDir: string;
let shop: ChildProcess;
let url: string;
/** The environment of the shop and the commands: DATA_DIR only, never a DATABASE_URL. */
let env: NodeJS.ProcessEnv;

/**
 * The shop here always runs on its embedded PostgreSQL: the test is the same whatever the suite's
 * database mode, so the server mode (DATABASE_URL set) does not run it a second time.
 */
const embeddedMode = !process.env.DATABASE_URL;

beforeAll(async () => {
  if (!embeddedMode) return;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'h27-beside-'));
  // Run as root, the embedded PostgreSQL runs as the postgres user, which must reach its folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  url = `http://localhost:${port}`;
  const { DATABASE_URL: _server, NODE_ENV: _mode, ...inherited } = process.env;
  env = { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  // Node itself (tsx as a loader), so that the pid is the server's and SIGTERM reaches it.
  shop = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SEED: 'false' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  shop.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  // Up when /healthz answers (the embedded cluster is made on first start: bounded, not timed).
  const deadline = Date.now() + 360_000;
  for (;;) {
    if (shop.exitCode !== null) throw new Error(`The shop stopped: ${stderr}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`The shop did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // A first start makes the cluster (initdb) and migrates: minutes at worst on a loaded machine.
}, 400_000);

afterAll(async () => {
  if (shop && shop.exitCode === null) {
    const exited = new Promise((r) => shop.once('exit', r));
    shop.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * One order through the shop's own checkout, so the log holds something to check; its product is
 * written through the connection the shop published (the running cluster, its owner's password).
 */
async function placeOrder() {
  const published = JSON.parse(await readFile(path.join(dataDir, 'postgres.running'), 'utf8'));
  const password = (await readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
  const { host, port } = published as { host: string; port: number };
  const sql = postgres({
    host,
    port,
    user: 'postgres',
    password,
    database: 'shop',
    max: 1,
    transform: postgres.camel,
  });
  let productId: string;
  let shownTotal: Awaited<ReturnType<typeof shownTotalFor>>;
  try {
    // Without SEED the shop has no legal mentions, and a production shop sells nothing until they
    // are complete (issue 35): the demo's fictitious identity completes them.
    await storeInitialSettings(sql as never, {
      ...settingsDefaults({ SHOP_EMAIL: 'contact@example.fr', SHOP_PHONE: '02 32 12 34 56' }),
      ...DEMO_LEGAL_NOTICES,
      ...DEMO_PAYMENT,
    });
    await saveIdentity(sql as never, DEMO_SELLER, null);
    productId = (await createProduct(sql as never)).id;
    shownTotal = await shownTotalFor(sql as never, [{ productId, quantity: 1 }], 'pickup');
  } finally {
    await sql.end();
  }
  const headers = { 'content-type': 'application/json', origin: url };
  const body = JSON.stringify({
    ...checkoutForm,
    deliveryMethod: 'pickup',
    lines: [{ productId, quantity: 1 }],
    shownTotal,
    idempotencyKey: randomUUID(),
  });
  // The shop reads its settings through a one-second cache: closed (503) until it sees them.
  let placed = await fetch(`${url}/api/trpc/checkout.place`, { method: 'POST', headers, body });
  for (let attempt = 0; placed.status === 503 && attempt < 40; attempt++) {
    await new Promise((r) => setTimeout(r, 250));
    placed = await fetch(`${url}/api/trpc/checkout.place`, { method: 'POST', headers, body });
  }
  expect(placed.status).toBe(200);
}

describe.skipIf(!embeddedMode)(
  'the order-log commands beside a running shop on the embedded database',
  () => {
    it('publishes its cluster for its owner only, and orders:verify, replay, export and verify --file each exit 0', async () => {
      await placeOrder();
      const published = path.join(dataDir, 'postgres.running');
      expect((await stat(published)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(published, 'utf8'))).toMatchObject({ pid: shop.pid });

      const verify = await run(tsx, ['src/server/cli/orders-verify.ts'], { env });
      expect(verify.stdout).toContain('OK: no tampering found.');
      expect(verify.stdout).toMatch(/Verified [1-9]\d* events/);

      const replay = await run(tsx, ['src/server/cli/orders-replay.ts'], { env });
      expect(replay.stdout).toContain('The live tables equal the rebuild.');

      const file = path.join(dataDir, 'log.ndjson');
      await run(tsx, ['src/server/cli/orders-export.ts', '--out', file], { env });
      const fromFile = await run(tsx, ['src/server/cli/orders-verify.ts', '--file', file], { env });
      expect(fromFile.stdout).toContain('OK: no tampering found.');

      // The shop kept serving throughout, on its own cluster.
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    });

    it('removes the published cluster when the shop stops', async () => {
      const exited = new Promise((r) => shop.once('exit', r));
      shop.kill('SIGTERM');
      await exited;
      await expect(stat(path.join(dataDir, 'postgres.running'))).rejects.toMatchObject({ code: 'ENOENT' });
    });
  },
);
