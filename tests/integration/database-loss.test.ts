import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShownTotal } from '../../src/domain/checkout/total-check.js';
import { type App, startApp } from '../../src/server/app.js';
import { setLogLevel } from '../../src/server/logger.js';
import { createTestDatabase, type TestDatabase, testConfig } from '../support/db.js';
import { freePort } from '../support/http-app.js';
import { createProduct, customerForm, shownTotalFor } from '../support/orders.js';

// The running app loses every database connection (a PostgreSQL restart or failover does the same)
// while checkouts and catalogue reads are in flight: the process must survive, requests in flight may
// fail but never hang, and new requests are served again within a few seconds, without a restart.
// postgres.js 3.4.9 crashed the process here (patches/postgres+3.4.9.patch, docs/decisions/003-gates.md).

let db: TestDatabase;
let app: App;
let productId: string;
let shownTotal: ShownTotal;

beforeAll(async () => {
  // The failed requests of the cut are expected: keep their error lines out of the test output.
  setLogLevel('silent');
  db = await createTestDatabase();
  productId = (await createProduct(db.sql, { infiniteStock: true, priceCents: 990 })).id;
  shownTotal = await shownTotalFor(db.sql, [{ productId, quantity: 1 }]);
  const port = String(await freePort());
  app = await startApp(testConfig(db, { PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'silent' }));
});
afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

const checkoutBody = () =>
  JSON.stringify({
    ...customerForm,
    deliveryMethod: 'delivery',
    lines: [{ productId, quantity: 1 }],
    idempotencyKey: randomUUID(),
    shownTotal,
  });

/**
 * One request; 'hung' when it takes more than 60 s (a poisoned connection never answers). The bound
 * was 15 s: in a CI run at load 17 on two cores one request passed it, and whether it was slow or
 * stuck the run could not tell. A stuck request still fails the test; a slow one no longer does.
 */
async function call(kind: 'read' | 'checkout'): Promise<number | 'hung' | 'network'> {
  const url = kind === 'read' ? `${app.url}/api/trpc/catalog.list` : `${app.url}/api/trpc/checkout.place`;
  try {
    const res = await fetch(url, {
      method: kind === 'read' ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: kind === 'read' ? undefined : checkoutBody(),
      signal: AbortSignal.timeout(60_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    return (error as Error).name === 'TimeoutError' ? 'hung' : 'network';
  }
}

/** Terminates every connection of the app's pool, as a PostgreSQL restart would; returns how many. */
async function dropAppConnections(): Promise<number> {
  const killer = postgres(db.url, { max: 1, onnotice: () => {}, connection: { application_name: 'killer' } });
  try {
    const killed = await killer`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = 'h27-shop'`;
    return killed.length;
  } finally {
    await killer.end();
  }
}

describe('database connections dropped under load', () => {
  it('keeps the server up and serving, three times in a row', async () => {
    const outcomes: (number | 'hung' | 'network')[] = [];
    let running = true;
    // 12 clients, half of them placing orders (transactions), half reading the catalogue.
    const clients = Array.from({ length: 12 }, async (_, i) => {
      while (running) outcomes.push(await call(i % 2 ? 'checkout' : 'read'));
    });
    try {
      for (let round = 0; round < 3; round += 1) {
        await new Promise((r) => setTimeout(r, 700));
        expect(await dropAppConnections()).toBeGreaterThan(0);
      }
      await new Promise((r) => setTimeout(r, 700));
    } finally {
      running = false;
      await Promise.all(clients);
    }
    expect(outcomes.filter((o) => o === 'hung')).toEqual([]);
    expect(outcomes.filter((o) => o === 'network')).toEqual([]);
    // Only success or a clean error answer while the connections were cut.
    expect(outcomes.every((o) => o === 200 || o === 500 || o === 503)).toBe(true);
    expect(outcomes.filter((o) => o === 200).length).toBeGreaterThan(0);

    // Served again within a few seconds: a read and an order succeed.
    const deadline = Date.now() + 5_000;
    let read: unknown;
    let checkout: unknown;
    do {
      read = await call('read');
      checkout = await call('checkout');
    } while ((read !== 200 || checkout !== 200) && Date.now() < deadline);
    expect({ read, checkout }).toEqual({ read: 200, checkout: 200 });
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it('serves again after its idle connections were dropped', async () => {
    expect(await call('read')).toBe(200);
    expect(await dropAppConnections()).toBeGreaterThan(0);
    const deadline = Date.now() + 5_000;
    let read: unknown;
    do read = await call('read');
    while (read !== 200 && Date.now() < deadline);
    expect(read).toBe(200);
    expect(await call('checkout')).toBe(200);
  });
});
