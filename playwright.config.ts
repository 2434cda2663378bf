import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium';

const port = Number(process.env.E2E_PORT ?? 3107);
// The e2e server's data folder (database, mails), known to the tests too: workers inherit it.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `h27-e2e-${port}`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  // One retry: CI shares a two-core machine with other jobs, and twice a single timing-sensitive
  // step (a tap before hydration, a notice measured mid-fade) failed a whole run. A test that only
  // passes on its retry is still listed as "flaky" in the output, to be fixed; a real break fails
  // both tries.
  retries: 1,
  // Tests wait on events, never on elapsed time; the budget only bounds how long a stuck test takes.
  // Some scenarios walk a dozen pages and took 50 s on a shared two-core machine at load 20.
  // An expectation waits up to 20 s: at load 40 (CI beside other jobs) a sign-in redirect took
  // over 10 s. Passing runs never wait that long.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(['--disable-quic']),
  },
  // E2E_PROJECTS=desktop (CI) runs the desktop project only; by default both.
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } },
      grep: /@phone/,
    },
  ].filter((p) => !process.env.E2E_PROJECTS || process.env.E2E_PROJECTS.split(',').includes(p.name)),
  webServer: {
    // The production build, started as `npm start` starts it, on a fresh database.
    command: 'node tests/e2e/serve.mjs',
    url: `http://localhost:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), E2E_DATA_DIR: process.env.E2E_DATA_DIR },
  },
});
