/**
 * Probe 3, finding 12: the guest data export of the signed order page (`withdrawal.data`, a ZIP
 * with PDFs built on each call) had no per-address limit. Now GUEST_EXPORT_LIMIT per address,
 * shared through PostgreSQL; other addresses are not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_EXPORT_LIMIT } from '../../../src/server/limits/abuse.js';
import { orderToken } from '../../../src/server/orders/order-link.js';
import { createTestDatabase, type TestDatabase } from '../../support/db.js';
import { type RunningApp, startHttpApp } from '../../support/http-app.js';
import { createProduct, customerForm, guest, placeOrder } from '../../support/orders.js';

let db: TestDatabase;
let app: RunningApp;
let token: string;
beforeAll(async () => {
  db = await createTestDatabase();
  app = await startHttpApp(db, { TRUSTED_PROXIES: '127.0.0.1' });
  const product = await createProduct(db.sql);
  const order = await placeOrder(
    db.sql,
    {
      customerId: null,
      customer: customerForm,
      deliveryMethod: 'delivery',
      lines: [{ productId: product.id, quantity: 1 }],
    },
    guest,
  );
  token = orderToken(app.services.config.AUTH_SECRET, order.id);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const exportFrom = async (ip: string) => {
  const res = await fetch(
    `http://127.0.0.1:${app.port}/api/trpc/withdrawal.data?input=${encodeURIComponent(JSON.stringify({ token }))}`,
    { headers: { 'x-forwarded-for': ip } },
  );
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
};

describe('the guest data export', () => {
  it('is limited per client address; another address still gets it', async () => {
    for (let i = 0; i < GUEST_EXPORT_LIMIT.max; i++)
      expect((await exportFrom('203.0.113.50')).status).toBe(200);
    const refused = await exportFrom('203.0.113.50');
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toMatch(
      /^Trop de téléchargements depuis votre adresse\. Réessayez dans \d+ minute/,
    );
    expect((await exportFrom('203.0.113.51')).status).toBe(200);
  });
});
