/**
 * Probe 3, finding 4: dot segments and doubled slashes (`/./api/…`, `//api/…`, `/%2e/api/…`)
 * skipped the request guard (Origin, body limits, per-address in-flight limit) while the router
 * resolved them to the API. One normalisation before the guard now gives both the same path; and
 * the storefront's per-address limit of unknown product pages counts every spelling of
 * /produit/… (a first attempt was reverted for breaking that limit). Requests are sent raw:
 * `fetch` would resolve the dot segments itself and test nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalRequestTarget } from '../../../src/server/http/guards.js';
import { TOO_MANY_PAGES_MESSAGE, UNKNOWN_PRODUCT_LIMIT } from '../../../src/server/storefront/pages.js';
import { createTestDatabase, type TestDatabase } from '../../support/db.js';
import { browserClient, holdDateStill, type RunningApp, startHttpApp } from '../../support/http-app.js';
import { createProduct } from '../../support/orders.js';
import { rawRequest } from '../../support/raw-http.js';

let db: TestDatabase;
let app: RunningApp;
beforeAll(async () => {
  db = await createTestDatabase();
  // Loopback is a trusted proxy here, so that a test can speak for other client addresses.
  app = await startHttpApp(db, { TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

/** Spellings of `/api` a router resolves to it. */
const VARIANTS = [
  '/./api',
  '//api',
  '/%2e/api',
  '/%2E/api',
  '/x/../api',
  '/x/%2e%2e/api',
  '/.//api',
  '/\\api',
  '/x/.%2E/api',
];

describe('one spelling of a request target', () => {
  it('resolves dot segments, %2e, backslashes and repeated slashes, keeping the query', () => {
    for (const prefix of VARIANTS) {
      expect(normalRequestTarget(`${prefix}/trpc/catalog.list?input=%7B%7D`), prefix).toEqual({
        pathname: '/api/trpc/catalog.list',
        url: '/api/trpc/catalog.list?input=%7B%7D',
      });
    }
    // An absolute-form target is its path.
    expect(normalRequestTarget('http://evil.example/api/trpc/x')?.pathname).toBe('/api/trpc/x');
  });

  it('is what the router reads, and a fixed point', () => {
    const samples = [
      ...VARIANTS.map((v) => `${v}/auth/x`),
      '/produit//a/../b',
      '/a//../api',
      '/produit/é',
      '/%2e%2e/%2e%2e/x',
      '/boutique?q=a//b',
    ];
    for (const raw of samples) {
      const once = normalRequestTarget(raw)!;
      expect(normalRequestTarget(once.url), raw).toEqual(once);
      expect(new URL(once.url, 'http://localhost').pathname, raw).toBe(once.pathname);
    }
  });
});

describe('the guard sees the path the router sees', () => {
  it('a cross-site mutation through any spelling of /api is refused with 403', async () => {
    const victim = browserClient(app);
    await victim.signUp(`victime-${Date.now()}@example.fr`);
    for (const prefix of VARIANTS) {
      const res = await rawRequest(app.port, `${prefix}/trpc/account.updateProfile`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://evil.example',
          cookie: victim.cookie,
        },
        body: JSON.stringify({ firstName: 'Pirate', lastName: 'Pirate' }),
      });
      expect(res.status, prefix).toBe(403);
    }
    expect((await victim.trpc().account.profile.query()).firstName).toBe('Jean');
  });

  it('the 8 KB sign-in body limit holds through any spelling of /api/auth', async () => {
    for (const prefix of VARIANTS) {
      const res = await rawRequest(app.port, `${prefix}/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url },
        body: JSON.stringify({ email: 'a@b.fr', password: 'x'.repeat(20_000) }),
      });
      expect(res.status, prefix).toBe(413);
      expect(res.text).toMatch(/trop volumineuse/);
    }
  });

  it('a malformed path is refused with the French 400, whatever its spelling', async () => {
    for (const target of ['/api/trpc/%E0%A4%A', '/./api/%zz']) {
      const res = await rawRequest(app.port, target);
      expect(res.status, target).toBe(400);
      expect(res.text).toContain('encodage');
    }
  });
});

describe('unknown product pages from one address, whatever the spelling (issue 23, finding 10)', () => {
  it('every spelling counts towards the limit; a cached page and other addresses are still served', async () => {
    const product = await createProduct(db.sql, { title: 'Piège orthographe' });
    // The known page's cache entry and the limit's window cannot run out mid-test (a CI run once
    // got 429 on the known page: its cache entry had expired).
    holdDateStill();
    const from = (address: string, target: string) =>
      rawRequest(app.port, target, { headers: { 'x-forwarded-for': address } });
    const prober = '203.0.113.40';
    const known = await from(prober, `//produit/${product.id}`);
    expect(known.status).toBe(200);
    expect(known.text).toContain('Piège orthographe');
    const spellings = ['/produit/', '//produit/', '/./produit/', '/x/../produit/', '/%2e/produit//'];
    for (let i = 0; i < UNKNOWN_PRODUCT_LIMIT.max; i++) {
      const target = `${spellings[i % spellings.length]}${randomUUID()}`;
      expect((await from(prober, target)).status, target).toBe(404);
    }
    for (const spelling of spellings) {
      const res = await from(prober, `${spelling}${randomUUID()}`);
      expect(res.status, spelling).toBe(429);
      expect(res.text).toBe(TOO_MANY_PAGES_MESSAGE);
    }
    expect((await from(prober, `/./produit/${product.id}`)).status).toBe(200);
    expect((await from('203.0.113.41', `//produit/${randomUUID()}`)).status).toBe(404);
  });
});
