import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3107);
// The e2e server's data folder (database, mails), known to the tests too: workers inherit it.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `h27-e2e-${port}`);
const chromePath =
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Tests wait on events, never on elapsed time; the budget only bounds how long a stuck test takes.
  // Some scenarios walk a dozen pages and took 50 s on a shared two-core machine at load 20.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(chromePath ? { executablePath: chromePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } },
      grep: /@phone/,
    },
  ],
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
