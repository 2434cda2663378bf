import { chmodSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type Project } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium';

import { dataDirOf, SHARED_STATE_PORT, STOREFRONT_PORT } from './tests/e2e/support/server';

// The e2e servers' data folders (database, mails) are subfolders of this one, known to the tests
// too: workers inherit it (tests/e2e/support/server.ts).
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `h27-e2e-${STOREFRONT_PORT}`);
// Readable by the embedded PostgreSQL's own user, which runs below it (`mktemp -d` makes it 0700).
mkdirSync(process.env.E2E_DATA_DIR, { recursive: true });
chmodSync(process.env.E2E_DATA_DIR, 0o755);

/**
 * The spec files that read or change what the whole shop shares: the settings (maintenance, phone,
 * delivery cost, legal identity), the back-office's figures and lists (every order and contact
 * request placed anywhere moves the dashboard, the badges and the live feed), a second instance
 * restarted. They run one at a time, on a server of their own (below). The storefront's specs run
 * two files at a time: the tier waits on pages, timers and sockets far more than it computes (about
 * half a core per file), so a second file nearly halves its time. Every spec owns the data it relies
 * on (its own customer, client address and cart, its own product with the stock it buys:
 * support/catalogue.ts), so no order of the files can make one fail (issue 40).
 */
const SHARED_STATE = /(admin[^/]*|consumer-law|invoices|live)\.spec\.ts$/;

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const phone = { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } };
const storefront = `http://localhost:${STOREFRONT_PORT}`;
const sharedState = `http://localhost:${SHARED_STATE_PORT}`;

/**
 * Two servers, side by side, every project on one of them, always (no variable drops one: CI runs
 * exactly `npm test`):
 * - the storefront's server: every storefront test at 1280 px (`desktop`) and the tests tagged
 *   @phone again at 375 px (`phone`), two files at a time;
 * - the shared state's server (its own database: nothing the storefront's specs do moves its
 *   figures), one file at a time: every test at 1280 px (`desktop-shared-state`), then the @phone
 *   ones at 375 px (`phone-shared-state`). This chain is listed first, so that it starts at once.
 * To run one spec of the chain's second project alone: `--project phone-shared-state --no-deps`.
 */
const projects: Project[] = [
  {
    name: 'desktop-shared-state',
    use: { ...desktop, baseURL: sharedState },
    testMatch: SHARED_STATE,
    workers: 1,
  },
  {
    name: 'phone-shared-state',
    use: { ...phone, baseURL: sharedState },
    testMatch: SHARED_STATE,
    grep: /@phone/,
    workers: 1,
    dependencies: ['desktop-shared-state'],
  },
  { name: 'desktop', use: { ...desktop, baseURL: storefront }, testIgnore: SHARED_STATE, workers: 2 },
  {
    name: 'phone',
    use: { ...phone, baseURL: storefront },
    testIgnore: SHARED_STATE,
    grep: /@phone/,
    workers: 2,
  },
];

/** One e2e server: the production build, started as `npm start` starts it, on a fresh database. */
const server = (port: number) => ({
  command: 'node tests/e2e/serve.mjs',
  url: `http://localhost:${port}/healthz`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: { PORT: String(port), E2E_DATA_DIR: dataDirOf(port) },
});

export default defineConfig({
  testDir: 'tests/e2e',
  // Tests of one file run in order; two files at a time: the shared state's chain in one slot, the
  // storefront's files in the other (in both once the chain is done). A third slot made the tier no
  // faster on two cores and the Vitest tiers beside it 45 % slower.
  fullyParallel: false,
  workers: 2,
  // One retry: CI shares a two-core machine with other jobs, and twice a single timing-sensitive
  // step (a tap before hydration, a notice measured mid-fade) failed a whole run. A test that only
  // passes on its retry is still listed as "flaky" in the output, to be fixed; a real break fails
  // both tries.
  retries: 1,
  // Tests wait on events, never on elapsed time; the budget only bounds how long a stuck test takes.
  // Some scenarios walk a dozen pages: 50 s on a shared two-core machine at load 20, and 96 s for
  // the dashboard's (over the 90 s this was) in a CI run at load 15 to 19 that took 54 minutes.
  // An expectation waits up to 20 s: at load 40 (CI beside other jobs) a sign-in redirect took
  // over 10 s. Passing runs never wait that long.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(['--disable-quic']),
  },
  projects,
  webServer: [server(STOREFRONT_PORT), server(SHARED_STATE_PORT)],
});
