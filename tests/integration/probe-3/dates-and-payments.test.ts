/**
 * Probe 3, findings 2, 7 and 8 over HTTP, as the probe sent them: bad days reach no query (one
 * calendar rule, a French 400), a serializer's refusal poisons no connection, a payment day is a
 * real day between the order's day and today, and an order that received a payment is not deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createUser, type TestDatabase } from '../../support/db.js';
import { type BrowserClient, browserClient, type RunningApp, startHttpApp } from '../../support/http-app.js';
import { createProduct, customerForm, guest, placeOrder } from '../../support/orders.js';

let db: TestDatabase;
let app: RunningApp;
let admin: BrowserClient;
let orderId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startHttpApp(db);
  const user = await createUser(app.services, { role: 'admin' });
  admin = browserClient(app);
  expect((await admin.signIn(user.email, user.password)).status).toBe(200);
  const product = await createProduct(db.sql, { priceCents: 2000 });
  const input = { customerId: null, customer: customerForm, deliveryMethod: 'delivery' as const };
  orderId = (await placeOrder(db.sql, { ...input, lines: [{ productId: product.id, quantity: 1 }] }, guest))
    .id;
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const post = (path: string, input: unknown) => admin.post(`/api/trpc/${path}`, input);
const get = (path: string, input: unknown) =>
  fetch(`http://127.0.0.1:${app.port}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: { cookie: admin.cookie, origin: app.url },
  }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as { error?: { message: string } },
  }));

const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, new Promise<'hung'>((r) => setTimeout(() => r('hung'), ms).unref())]);

describe('finding 2: a date no calendar has', () => {
  it('12 concurrent payments dated 2026-13-01 get a French 400, concurrent reads their own rows, /healthz stays up', async () => {
    const bad = Array.from({ length: 12 }, () =>
      post('orders.recordPayment', { orderId, amountCents: 100, method: 'cash', day: '2026-13-01' }),
    );
    const reads = Array.from({ length: 12 }, () => get('orders.byId', { orderId }));
    const outcome = await within(20_000, Promise.all([Promise.all(bad), Promise.all(reads)]));
    expect(outcome).not.toBe('hung');
    const [refused, read] = outcome as [Awaited<(typeof bad)[number]>[], Awaited<ReturnType<typeof get>>[]];
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body?.error?.message).toBe('Indiquez la date du paiement.');
    }
    for (const r of read) expect(r, JSON.stringify(r.body)).toMatchObject({ status: 200 });
    const health = await within(
      5_000,
      fetch(`http://127.0.0.1:${app.port}/healthz`).then((r) => r.status),
    );
    expect(health).toBe(200);
    const [row] = await db.sql`select count(*)::int as n from events where stream_id = ${orderId}`;
    expect(row?.n).toBe(1);
  });

  it('every other date input refuses the impossible day the same way: invoices, export, closure, cursors', async () => {
    for (const [path, input] of [
      ['invoices.list', { from: '2026-13-01' }],
      ['invoices.list', { to: '2026-02-30' }],
    ] as const) {
      const r = await within(5_000, get(path, input));
      expect(r).toMatchObject({ status: 400, body: { error: { message: 'Date invalide' } } });
    }
    const closure = await within(5_000, post('audit.close', { day: '2026-02-30' }));
    expect(closure).toMatchObject({ status: 400, body: { error: { message: 'Indiquez une date.' } } });
    for (const [path, cursor] of [
      ['orders.list', `2026-13-01 10:00:00+01|${orderId}`],
      ['adminCustomers.list', `2026-13-01 10:00:00+01|${orderId}`],
      ['adminProducts.list', `2026-13-01 10:00:00+01|${orderId}`],
    ] as const) {
      const r = await within(5_000, get(path, { cursor }));
      expect(r).not.toBe('hung');
      expect((r as { status: number }).status).toBe(400);
    }
    expect(
      await within(
        5_000,
        fetch(`http://127.0.0.1:${app.port}/healthz`).then((r) => r.status),
      ),
    ).toBe(200);
  });
});

describe('finding 8: the payment day', () => {
  it('2026-02-30 is refused (it was closed as 2 March), and so is a day before the order', async () => {
    const feb30 = await post('orders.recordPayment', {
      orderId,
      amountCents: 100,
      method: 'cash',
      day: '2026-02-30',
    });
    expect(feb30).toMatchObject({
      status: 400,
      body: { error: { message: 'Indiquez la date du paiement.' } },
    });
    const before = await post('orders.recordPayment', {
      orderId,
      amountCents: 100,
      method: 'cash',
      day: '2020-01-01',
    });
    expect(before.status, JSON.stringify(before.body)).toBe(400);
    expect(before.body?.error?.message).toBe(
      'La date du paiement ne peut pas précéder le jour de la commande.',
    );
    const [row] = await db.sql`select count(*)::int as n from events where stream_id = ${orderId}`;
    expect(row?.n).toBe(1);
  });
});

describe('finding 7: an order that received a payment', () => {
  it('cannot be deleted; its payment stays cancellable and the order refundable', async () => {
    const [{ today }] =
      (await db.sql`select to_char(now() at time zone 'Europe/Paris', 'YYYY-MM-DD') as today`) as [
        { today: string },
      ];
    const paid = await post('orders.recordPayment', {
      orderId,
      amountCents: 500,
      method: 'cash',
      day: today,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const removed = await post('orders.remove', { orderId });
    expect(removed.status).toBe(409);
    expect(removed.body?.error?.message).toBe(
      'Cette commande a reçu un paiement : elle ne peut pas être supprimée. Annulez-la et remboursez-la.',
    );
    const [order] = await db.sql`select count(*)::int as n from orders where id = ${orderId}`;
    expect(order?.n).toBe(1);
    const cancelled = await post('orders.cancelAndRefund', { orderId, method: 'cash' });
    expect(cancelled.status).toBe(200);
  });
});
