/**
 * Issue 22's revenue rule, end to end: one fixture (failed, refunded, partially refunded, unpaid,
 * cancelled), computed by hand, read through the dashboard, Paramètres › Statistiques, /compte and
 * the replay: all answer with the one rule of src/domain/dashboard/revenue.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../../src/domain/site/time-zone.js';
import type { SessionUser } from '../../src/server/context.js';
import { accountTotals } from '../../src/server/customers/orders.js';
import { revenueByDay } from '../../src/server/dashboard/dashboard.js';
import { shopStats } from '../../src/server/dashboard/stats.js';
import { setOrderStatus } from '../../src/server/orders/commands.js';
import { markPaymentFailed, recordPayment, refundOrder } from '../../src/server/orders/money.js';
import { replayOrders } from '../../src/server/orders/replay.js';
import type { TestDatabase } from '../support/db.js';
import { createProduct, customerForm, placeOrder } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
let db: TestDatabase;
let customerB: SessionUser;
let byAdmin: { actor: { kind: 'admin'; userId: string }; requestId: string };
const today = parisDay(new Date());

async function order(priceCents: number) {
  const product = await createProduct(db.sql, { priceCents, stockQuantity: 10 });
  return await placeOrder(
    db.sql,
    {
      customerId: customerB.id,
      customer: customerForm,
      deliveryMethod: 'pickup',
      lines: [{ productId: product.id, quantity: 1 }],
    },
    { actor: { kind: 'user', userId: customerB.id }, requestId: 'r' },
  );
}
const pay = (id: string, amountCents: number) =>
  recordPayment(db.sql, id, { amountCents, method: 'cash', day: today }, byAdmin);
const refund = (id: string, extraCents: number) =>
  refundOrder(
    db.sql,
    id,
    { lines: [], shipping: false, extraCents, method: 'cash', reason: 'goodwill', restock: false },
    byAdmin,
  );

beforeAll(async () => {
  shop = await testShop();
  ({ db } = shop);
  ({ customerB } = shop.users);
  byAdmin = { actor: { kind: 'admin', userId: shop.users.admin.id }, requestId: 'a' };
  const partial = await order(3000);
  await pay(partial.id, 3000);
  await refund(partial.id, 500);
  const refunded = await order(2000);
  await pay(refunded.id, 2000);
  await refund(refunded.id, 2000);
  const failed = await order(1000);
  await markPaymentFailed(db.sql, failed.id, { note: 'Carte refusée' }, byAdmin);
  await order(1500); // unpaid
  const cancelled = await order(800);
  await setOrderStatus(db.sql, cancelled.id, 'cancelled', byAdmin);
  const half = await order(4000);
  await pay(half.id, 2000);
});
afterAll(async () => {
  await shop.drop();
});

describe('one fixture, one rule everywhere', () => {
  it("chiffre d'affaires: 25,00 + 15,00 + 40,00 = 80,00 € over 3 orders (dashboard and Statistiques)", async () => {
    expect(await revenueByDay(db.sql, { from: today, to: today })).toEqual([
      { day: today, revenueCents: 8000, orders: 3 },
    ]);
    const stats = await shopStats(db.sql, { DATABASE_URL: 'postgres://x' });
    expect(stats.revenueCents).toBe(8000);
  });

  it('total dépensé: 30,00 − 5,00 + 20,00 − 20,00 + 20,00 = 45,00 €', async () => {
    expect(await accountTotals(db.sql, customerB.id)).toEqual({ orderCount: 6, totalSpentCents: 4500 });
  });

  it('the replay rebuilds the same figures', async () => {
    expect((await replayOrders(db.sql)).differences).toEqual([]);
  });
});
