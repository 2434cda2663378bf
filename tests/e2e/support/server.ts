import path from 'node:path';
import { test } from '@playwright/test';

/**
 * The two e2e servers of playwright.config.ts, each the production build on a database and a data
 * folder of its own: the storefront's (E2E_PORT, default 3107) and the shared state's (50 ports
 * above), so that the specs that change what the whole shop shares run beside the storefront's
 * instead of after them. Ports and folders are derived here only: the config and the tests agree.
 */
export const STOREFRONT_PORT = Number(process.env.E2E_PORT ?? 3107);
export const SHARED_STATE_PORT = STOREFRONT_PORT + 50;

/** A server's data folder (database, mails): its port's subfolder of E2E_DATA_DIR. */
export function dataDirOf(port: number): string {
  const root = process.env.E2E_DATA_DIR;
  if (!root) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts');
  return path.join(root, String(port));
}

/** The server the running test's project talks to: its port and data folder. */
export function currentServer(): { port: number; dataDir: string } {
  const base = test.info().project.use.baseURL;
  const port = base ? Number(new URL(base).port) : STOREFRONT_PORT;
  return { port, dataDir: dataDirOf(port) };
}
