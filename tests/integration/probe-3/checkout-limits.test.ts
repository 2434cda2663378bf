/**
 * Probe 3, finding 5: refused checkouts counted towards the 5-per-email limit, so five free
 * requests with someone's email stopped them ordering for an hour. Only accepted orders count now;
 * refused attempts have their own, larger limit per client address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/db.js';
import { browserClient, type RunningApp, startHttpApp } from '../../support/http-app.js';
import { createProduct, placeInput, withShownTotal } from '../../support/orders.js';

let db: TestDatabase;
let app: RunningApp;
let productId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  app = await startHttpApp(db, {
    TRUSTED_PROXIES: '127.0.0.1',
    CHECKOUT_LIMIT_PER_IP: '3',
    CHECKOUT_LIMIT_PER_EMAIL: '2',
  });
  productId = (await createProduct(db.sql, { stockQuantity: 100 })).id;
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const place = async (ip: string, email: string, valid = true) => {
  const input = await withShownTotal(db.sql, placeInput([{ productId, quantity: 1 }], { email }));
  // A refused attempt: the total shown beside the button is not the server's.
  const body = valid ? input : { ...input, shownTotal: { ...input.shownTotal, totalAmountCents: 1 } };
  const res = await browserClient(app, app.url, { 'x-forwarded-for': ip }).post(
    '/api/trpc/checkout.place',
    body,
  );
  return res.status;
};

describe('checkout limits', () => {
  it("refused attempts with someone's email do not stop them ordering", async () => {
    const victim = 'victime-limite@example.fr';
    const refused = [];
    for (let i = 0; i < 6; i++) refused.push(await place(`203.0.113.${100 + i}`, victim, false));
    expect(refused.every((s) => s === 400 || s === 409)).toBe(true);
    // The owner of the mailbox orders from home: accepted twice (the per-email limit), then 429.
    expect([
      await place('198.51.100.7', victim),
      await place('198.51.100.7', victim),
      await place('198.51.100.8', victim),
    ]).toEqual([200, 200, 429]);
  });

  it('refused attempts from one address have their own limit: four times the accepted orders’ one', async () => {
    const ip = '203.0.113.200';
    const statuses = [];
    for (let i = 0; i < 13; i++) statuses.push(await place(ip, `essai${i}@example.fr`, false));
    expect(statuses.slice(0, 12).every((s) => s !== 429)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});
