import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../../src/domain/site/time-zone.js';
import type { SessionUser } from '../../src/server/context.js';
import { orderHistory } from '../../src/server/orders/history.js';
import type { TestDatabase } from '../support/db.js';
import { createProduct, customerForm, guest, placeOrder, stockOf } from '../support/orders.js';
import { type TestCaller, type TestShop, testShop } from '../support/shop.js';

const today = parisDay(new Date());
let shop: TestShop;
let db: TestDatabase;
let admin: SessionUser;
let customerA: SessionUser;

beforeAll(async () => {
  shop = await testShop();
  ({ db } = shop);
  ({ customerA, admin } = shop.users);
});
afterAll(async () => {
  await shop.drop();
});

async function newOrder(stock = 5, quantity = 2, customerId: string | null = null) {
  const product = await createProduct(db.sql, { title: 'Piège à guêpes', stockQuantity: stock });
  const order = await placeOrder(
    db.sql,
    {
      customerId,
      customer: customerForm,
      deliveryMethod: 'delivery',
      lines: [{ productId: product.id, quantity }],
    },
    customerId ? { actor: { kind: 'user', userId: customerId }, requestId: 'r1' } : guest,
  );
  return { product, order };
}

const eventCount = async (streamId: string) => {
  const [row] = await db.sql<
    { n: number }[]
  >`select count(*)::int as n from events where stream_id = ${streamId}`;
  return row?.n ?? 0;
};

describe('orders router authorization', () => {
  const calls = {
    history: (c: TestCaller, id: string) => c.orders.history({ orderId: id }),
    setStatus: (c: TestCaller, id: string) => c.orders.setStatus({ orderId: id, status: 'confirmed' }),
    recordPayment: (c: TestCaller, id: string) =>
      c.orders.recordPayment({ orderId: id, amountCents: 100, method: 'cash', day: today }),
    remove: (c: TestCaller, id: string) => c.orders.remove({ orderId: id }),
  };
  for (const [name, call] of Object.entries(calls)) {
    it(`${name}: anonymous, customer A (owner), customer B are refused; admin allowed`, async () => {
      const { order } = await newOrder(5, 1, customerA.id);
      const before = await eventCount(order.id);
      await expect(call(shop.as('anonymous'), order.id)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(call(shop.as('customerA'), order.id)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      await expect(call(shop.as('customerB'), order.id)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      expect(await eventCount(order.id)).toBe(before);
      await expect(call(shop.as('admin'), order.id)).resolves.toBeTruthy();
    });
  }
});

describe('order commands', () => {
  it('changes status and payment, records the admin as actor, and emits nothing for the same value', async () => {
    const { order } = await newOrder();
    const caller = shop.as('admin');
    const changed = await caller.orders.setStatus({ orderId: order.id, status: 'shipped' });
    expect(changed).toMatchObject({ changed: true, version: 2, status: 'shipped' });
    const same = await caller.orders.setStatus({ orderId: order.id, status: 'shipped' });
    expect(same).toMatchObject({ changed: false, version: 2 });
    await caller.orders.recordPayment({ orderId: order.id, amountCents: 2599, method: 'cheque', day: today });
    // Paid in full: a second payment is refused, nothing is written.
    await expect(
      caller.orders.recordPayment({ orderId: order.id, amountCents: 1, method: 'cash', day: today }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Cette commande est déjà entièrement payée.' });
    expect(await eventCount(order.id)).toBe(3);
    const [row] = await db.sql`select status, payment_status, version from orders where id = ${order.id}`;
    expect(row).toEqual({ status: 'shipped', paymentStatus: 'paid', version: 3 });
    const history = await caller.orders.history({ orderId: order.id });
    expect(history.map((h) => [h.version, h.type, h.summary])).toEqual([
      [
        1,
        // The spec's default delivery (5,99 € under 50 €): no settings are saved in this test.
        'OrderPlaced',
        expect.stringMatching(/^Commande CMD-\d{4}-\d{6} passée : 2 articles, total 25,99\s€$/),
      ],
      [2, 'OrderStatusChanged', 'Statut : En attente → Expédiée'],
      [
        3,
        'PaymentRecorded',
        expect.stringMatching(/^Paiement enregistré : 25,99\s€ par chèque, le \d{2}\/\d{2}\/\d{4}$/),
      ],
    ]);
    expect(history[0]?.actor).toEqual({ kind: 'guest' });
    expect(history[1]?.actor).toEqual({ kind: 'admin', userId: admin.id });
    expect(history[2]?.changes).toEqual([{ field: 'payment', from: null, to: '2599' }]);
  });

  it('refuses unknown orders, unknown statuses, stale versions and malformed input, writing nothing', async () => {
    const { order } = await newOrder();
    const caller = shop.as('admin');
    await expect(
      caller.orders.setStatus({ orderId: '7d4f8a52-8f4e-4c3e-9d1a-0a1b2c3d4e5f', status: 'shipped' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Commande introuvable.' });
    await expect(caller.orders.history({ orderId: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.orders.setStatus({ orderId: order.id, status: 'lost' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Statut inconnu : « lost »',
    });
    await expect(
      // @ts-expect-error an unknown payment method on purpose
      caller.orders.recordPayment({ orderId: order.id, amountCents: 100, method: 'gratuit', day: today }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      caller.orders.setStatus({ orderId: order.id, status: 'confirmed', expectedVersion: 7 }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // @ts-expect-error malformed on purpose
    await expect(caller.orders.setStatus({ orderId: order.id, status: 42 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await eventCount(order.id)).toBe(1);
    await expect(
      caller.orders.setStatus({ orderId: order.id, status: 'confirmed', expectedVersion: 1 }),
    ).resolves.toMatchObject({ version: 2 });
  });

  it('cancelling gives the stock back, reopening (with a reason) takes it again, refused when short', async () => {
    const { product, order } = await newOrder(5, 2);
    const caller = shop.as('admin');
    expect(await stockOf(db.sql, product.id)).toBe(3);
    await caller.orders.setStatus({ orderId: order.id, status: 'cancelled' });
    expect(await stockOf(db.sql, product.id)).toBe(5);
    await caller.orders.setStatus({ orderId: order.id, status: 'cancelled' });
    expect(await stockOf(db.sql, product.id)).toBe(5);
    // A cancelled order reopens to pending only, with a reason (domain/orders/transitions.ts).
    await expect(caller.orders.setStatus({ orderId: order.id, status: 'processing' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Une commande « Annulée » ne peut pas passer à « En traitement ».',
    });
    await expect(caller.orders.setStatus({ orderId: order.id, status: 'pending' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Indiquez le motif de ce changement de statut.',
    });
    expect(await stockOf(db.sql, product.id)).toBe(5);
    await caller.orders.setStatus({ orderId: order.id, status: 'pending', reason: 'Annulée par erreur' });
    expect(await stockOf(db.sql, product.id)).toBe(3);
    await caller.orders.setStatus({ orderId: order.id, status: 'processing' });
    expect(await stockOf(db.sql, product.id)).toBe(3);
    await caller.orders.setStatus({ orderId: order.id, status: 'shipped' });
    expect(await stockOf(db.sql, product.id)).toBe(3);
    await caller.orders.setStatus({ orderId: order.id, status: 'cancelled' });
    expect(await stockOf(db.sql, product.id)).toBe(5);
    await db.sql`update products set stock_quantity = 1 where id = ${product.id}`;
    await expect(
      caller.orders.setStatus({ orderId: order.id, status: 'pending', reason: 'Le client a rappelé' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Stock insuffisant pour « Piège à guêpes »',
    });
    expect(await stockOf(db.sql, product.id)).toBe(1);
    const [row] = await db.sql`select status from orders where id = ${order.id}`;
    expect(row?.status).toBe('cancelled');
  });

  it('a deleted order leaves the read tables, keeps its history, and refuses every command', async () => {
    const { product, order } = await newOrder(5, 2);
    const caller = shop.as('admin');
    await caller.orders.remove({ orderId: order.id, reason: 'Doublon' });
    const rows = await db.sql`select 1 from orders where id = ${order.id}`;
    const items = await db.sql`select 1 from order_items where order_id = ${order.id}`;
    expect(rows).toHaveLength(0);
    expect(items).toHaveLength(0);
    expect(await stockOf(db.sql, product.id)).toBe(3);
    const attempts = [
      () => caller.orders.setStatus({ orderId: order.id, status: 'shipped' }),
      () => caller.orders.recordPayment({ orderId: order.id, amountCents: 100, method: 'cash', day: today }),
      () => caller.orders.remove({ orderId: order.id }),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'Cette commande a été supprimée.',
      });
    }
    const history = await orderHistory(db.sql, order.id);
    expect(history.map((h) => h.summary).at(-1)).toBe('Commande supprimée : Doublon');
    expect(history).toHaveLength(2);
  });
});
