import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { test } from './test';

/** The seeded admin (src/server/db/seed.ts). */
export const ADMIN = { email: 'admin@hygiene-anti-nuisibles-27.fr', password: 'admin12345' };

/**
 * A client address of this page's own (198.18.0.0/15, a benchmarking range): per-address limits
 * (sign-in, orders, contact form) are not shared with other tests. Returns it.
 */
export async function ownAddress(page: Page): Promise<string> {
  const ip = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  return ip;
}

/**
 * Signs `page`'s browser context in as the seeded admin through the auth API, as the sign-in form
 * does, then opens `to` and waits for the back-office to render it. The sign-in form itself is
 * tested in admin.spec.ts and admin-audit.spec.ts; the other tests start signed in, without
 * loading the login page and the dashboard first.
 */
export async function signInAsAdmin(page: Page, to = '/admin/dashboard'): Promise<void> {
  const ip = await ownAddress(page);
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const answer = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin, 'x-forwarded-for': ip },
    data: ADMIN,
  });
  expect(answer.ok(), 'the admin signs in').toBe(true);
  await page.goto(to);
  await expect(page.getByTestId('page-badge')).toBeVisible();
}

/** The stored settings through the API, with the page's cookies (an admin's). */
export async function storedSettings(request: APIRequestContext): Promise<Record<string, unknown>> {
  const res = await request.get('/api/trpc/settings.get');
  expect(res.ok()).toBe(true);
  return (await res.json()).result.data.settings as Record<string, unknown>;
}

/**
 * A request context of its own signed in as the seeded admin through the auth API, from a client
 * address of its own (198.19.0.0/16). The caller disposes of it.
 */
export async function adminApi(): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL ?? '';
  const origin = new URL(baseURL).origin;
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin, 'x-forwarded-for': `198.19.${randomInt(0, 256)}.${randomInt(1, 255)}` },
  });
  expect((await api.post('/api/auth/sign-in/email', { data: ADMIN })).ok(), 'the admin signs in').toBe(true);
  return api;
}

/**
 * For a spec that changes the shop's settings: keeps them before each test and puts them back after
 * it from a request context of its own. A test's own `finally` cannot: once the test times out its
 * page is closed, and the restore through it fails. Seen in CI on a loaded machine: the first-run
 * spec timed out with the legal mentions blank, and every later spec found the checkout closed.
 */
export function keepShopSettings(): void {
  let before: Record<string, unknown> | null = null;
  test.beforeEach(async () => {
    const api = await adminApi();
    try {
      before = await storedSettings(api);
    } finally {
      await api.dispose();
    }
  });
  test.afterEach(async () => {
    if (!before) return;
    const api = await adminApi();
    try {
      const res = await api.post('/api/trpc/settings.update', { data: before });
      expect(res.ok(), `settings.update: ${await res.text()}`).toBe(true);
    } finally {
      await api.dispose();
    }
  });
}
