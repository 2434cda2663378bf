/**
 * The dashboard's figures on a fixed data set, placed, cancelled, refunded and deleted through the
 * real order commands, against figures computed by hand. "Now" is fixed: Monday 23 November 2026,
 * 11:00 in Paris (10:00 UTC). Paris days: today is 11-23, the 7 days are 11-17..11-23 (previous
 * 11-10..11-16), the 30 days are 10-25..11-23 (previous 09-25..10-24).
 */
import type { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import type { SessionUser } from '../../src/server/context.js';
import {
  bestSellers,
  latestOrders,
  lowStock,
  newCustomers,
  ordersByStatus,
  revenueByCategory,
  revenueSummary,
} from '../../src/server/dashboard/dashboard.js';
import { deleteOrder, setOrderStatus } from '../../src/server/orders/commands.js';
import { recordPayment, refundOrder } from '../../src/server/orders/money.js';
import { replayOrders } from '../../src/server/orders/replay.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';
import {
  createProduct,
  customerForm,
  placeOrder,
  setPaymentForTest,
  type TestProduct,
} from '../support/orders.js';

const NOW = new Date('2026-11-23T10:00:00Z');
const MONTH = { from: '2026-10-25', to: '2026-11-23' };

let db: TestDatabase;
let services: ReturnType<typeof createTestServices>;
let admin: SessionUser;
let A: TestProduct;
let B: TestProduct;
let C: TestProduct;
const orders: Record<string, { id: string; orderNumber: string; totalAmountCents: number }> = {};

async function place(name: string, at: string, lines: [TestProduct, number][]) {
  const order = await placeOrder(
    db.sql,
    {
      customerId: null,
      customer: { ...customerForm, lastName: name },
      deliveryMethod: 'pickup',
      lines: lines.map(([product, quantity]) => ({ productId: product.id, quantity })),
    },
    { actor: { kind: 'guest' }, requestId: `test-${name}`, at },
  );
  orders[name] = order;
  return order;
}

const byAdmin = (at: string) => ({
  actor: { kind: 'admin' as const, userId: admin.id },
  requestId: 'test',
  at,
});

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  admin = await createUser(services, { role: 'admin' });
  A = await createProduct(db.sql, { title: 'Piège à rats', priceCents: 1000, infiniteStock: true });
  B = await createProduct(db.sql, { title: 'Piège à frelons', priceCents: 2500, infiniteStock: true });
  C = await createProduct(db.sql, { title: 'Appât', priceCents: 500, infiniteStock: true });
  await db.sql`update products set category = 'Rongeurs' where id = ${A.id}`;
  await db.sql`update products set category = 'Guêpes et frelons' where id = ${B.id}`;
  // Low stock: 0 and 4 are listed, 6 and unlimited are not.
  await createProduct(db.sql, { title: 'Piège épuisé', stockQuantity: 0 });
  await createProduct(db.sql, { title: 'Piège presque épuisé', stockQuantity: 4 });
  await createProduct(db.sql, { title: 'Piège en stock', stockQuantity: 6 });

  // Today (Paris), 00:30: still the 22nd in UTC.
  await place('o1', '2026-11-22T23:30:00Z', [[A, 2]]); // 2000, counts
  await place('o2', '2026-11-23T08:00:00Z', [[B, 1]]); // 2500, paid: counts
  await setPaymentForTest(db.sql, orders.o2!.id, 'paid', byAdmin('2026-11-23T08:05:00Z'));
  await place('o3', '2026-11-23T07:00:00Z', [[A, 1]]); // 1000, cancelled: never counts
  await setOrderStatus(db.sql, orders.o3!.id, 'cancelled', byAdmin('2026-11-23T07:10:00Z'));
  // Yesterday.
  await place('o4', '2026-11-22T12:00:00Z', [[B, 2]]); // 5000, paid then refunded: never counts
  await setPaymentForTest(db.sql, orders.o4!.id, 'paid', byAdmin('2026-11-22T12:10:00Z'));
  await setPaymentForTest(db.sql, orders.o4!.id, 'refunded', byAdmin('2026-11-22T13:00:00Z'));
  await place('o5', '2026-11-22T15:00:00Z', [[C, 4]]); // 2000, counts
  // Three days ago, cancelled then deleted: gone from everything.
  await place('o6', '2026-11-20T10:00:00Z', [
    [A, 1],
    [B, 1],
  ]);
  await setOrderStatus(db.sql, orders.o6!.id, 'cancelled', byAdmin('2026-11-20T11:00:00Z'));
  await deleteOrder(db.sql, orders.o6!.id, 'Doublon', byAdmin('2026-11-20T11:05:00Z'));
  await place('o7', '2026-11-17T09:00:00Z', [[A, 1]]); // 1000, delivered: counts (first day of the 7)
  await setOrderStatus(db.sql, orders.o7!.id, 'delivered', byAdmin('2026-11-19T09:00:00Z'));
  await place('o8', '2026-11-16T09:00:00Z', [[B, 1]]); // 2500: previous 7 days, in the 30
  await place('o9', '2026-11-01T09:00:00Z', [[C, 2]]); // 1000, payment failed: never counts
  await setPaymentForTest(db.sql, orders.o9!.id, 'failed', byAdmin('2026-11-01T09:30:00Z'));
  // 25 October, 00:30 in Paris (summer time until 03:00 that night): first day of the 30.
  await place('o11', '2026-10-24T22:30:00Z', [[B, 1]]); // 2500, counts
  await place('o10', '2026-10-20T09:00:00Z', [[A, 3]]); // 3000: previous 30 days

  // Customers: two accounts in the 30 days, one in the 30 before, one older; admins never count.
  for (const createdAt of [
    '2026-11-20T10:00:00Z',
    '2026-10-25T08:00:00Z',
    '2026-10-01T08:00:00Z',
    '2026-06-01T08:00:00Z',
  ]) {
    const user = await createUser(services);
    await db.sql`update profiles set created_at = ${createdAt} where id = ${user.id}`;
  }
  await db.sql`update profiles set created_at = ${'2026-11-21T08:00:00Z'} where id = ${admin.id}`;
});
afterAll(async () => {
  await db.drop();
});

describe('dashboard figures', () => {
  it('the order totals are the lines (pickup, no delivery cost)', () => {
    expect(orders.o1!.totalAmountCents).toBe(2000);
    expect(orders.o6!.totalAmountCents).toBe(3500);
  });

  it('revenue today, over 7 and 30 days, against the period before', async () => {
    const summary = await revenueSummary(db.sql, NOW);
    expect(summary.today).toBe('2026-11-23');
    expect(summary.periods).toEqual([
      // Today: o1 + o2; yesterday: o5 (o4 refunded).
      {
        key: 'today',
        days: 1,
        revenueCents: 4500,
        orders: 2,
        previousRevenueCents: 2000,
        previousOrders: 1,
        changePercent: 125,
      },
      // 11-17..11-23: o1, o2, o5, o7; 11-10..11-16: o8.
      {
        key: 'week',
        days: 7,
        revenueCents: 7500,
        orders: 4,
        previousRevenueCents: 2500,
        previousOrders: 1,
        changePercent: 200,
      },
      // 10-25..11-23: the week + o8 + o11; 09-25..10-24: o10.
      {
        key: 'month',
        days: 30,
        revenueCents: 12500,
        orders: 6,
        previousRevenueCents: 3000,
        previousOrders: 1,
        changePercent: 316.7,
      },
    ]);
    // 12500 / 6 = 2083.33; the 30 days before: 3000.
    expect(summary.averageBasket).toEqual({ cents: 2083, previousCents: 3000, changePercent: -30.6 });
    expect(summary.days).toHaveLength(30);
    expect(summary.days[0]).toEqual({ day: '2026-10-25', revenueCents: 2500, orders: 1 });
    expect(summary.days.at(-1)).toEqual({ day: '2026-11-23', revenueCents: 4500, orders: 2 });
    expect(summary.days.find((d) => d.day === '2026-11-22')?.revenueCents).toBe(2000);
    expect(summary.days.find((d) => d.day === '2026-11-20')?.revenueCents).toBe(0);
    expect(summary.days.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(12500);
  });

  it('orders by status over 30 days: every status, deleted orders gone', async () => {
    const result = await ordersByStatus(db.sql, NOW);
    const counts = Object.fromEntries(result.statuses.map((s) => [s.status, s.orders]));
    // o1 o2 o4 o5 o8 o9 o11 pending, o7 delivered, o3 cancelled; o6 deleted, o10 too old.
    expect(counts).toEqual({
      pending: 7,
      confirmed: 0,
      processing: 0,
      shipped: 0,
      delivered: 1,
      cancelled: 1,
    });
    expect(result.total).toBe(9);
  });

  it('new customers over 30 days, against the 30 before', async () => {
    expect(await newCustomers(db.sql, NOW)).toEqual({
      count: 2,
      previous: 1,
      changePercent: 100,
      from: '2026-10-25',
    });
  });

  it('products at 5 or fewer in stock, lowest first', async () => {
    const low = await lowStock(db.sql);
    expect(low.total).toBe(2);
    expect(low.items.map((p) => [p.title, p.stockQuantity])).toEqual([
      ['Piège épuisé', 0],
      ['Piège presque épuisé', 4],
    ]);
    // The shop's own threshold (Paramètres › Notifications), as the procedure passes it.
    const lower = await lowStock(db.sql, 3);
    expect([lower.threshold, lower.total, lower.items.map((p) => p.title)]).toEqual([3, 1, ['Piège épuisé']]);
  });

  it('latest orders, newest first, without the deleted one', async () => {
    const latest = await latestOrders(db.sql);
    expect(latest.map((o) => o.orderNumber).slice(0, 3)).toEqual([
      orders.o2!.orderNumber,
      orders.o3!.orderNumber,
      orders.o1!.orderNumber,
    ]);
    expect(latest.some((o) => o.id === orders.o6!.id)).toBe(false);
    expect(latest[0]).toMatchObject({ customerName: 'Marie o2', totalAmountCents: 2500, status: 'pending' });
  });

  it('best sellers over a period: counted orders only, by quantity then amount', async () => {
    const best = await bestSellers(db.sql, MONTH);
    // C: o5 ×4; B: o2 + o8 + o11; A: o1 ×2 + o7 (o3 cancelled, o6 deleted, o4 refunded, o9 failed).
    expect(best.items.map((i) => [i.title, i.quantity, i.revenueCents])).toEqual([
      ['Appât', 4, 2000],
      ['Piège à frelons', 3, 7500],
      ['Piège à rats', 3, 3000],
    ]);
    expect(best.totals).toEqual({ revenueCents: 12500, orders: 6 });
  });

  it('revenue by category over a period', async () => {
    const categories = await revenueByCategory(db.sql, MONTH);
    expect(categories.items.map((i) => [i.category, i.revenueCents, i.quantity])).toEqual([
      ['Guêpes et frelons', 7500, 3],
      ['Rongeurs', 3000, 3],
      ['Sans catégorie', 2000, 4],
    ]);
    // One day: today only.
    const today = await revenueByCategory(db.sql, { from: '2026-11-23', to: '2026-11-23' });
    expect(today.items.map((i) => [i.category, i.revenueCents])).toEqual([
      ['Guêpes et frelons', 2500],
      ['Rongeurs', 2000],
    ]);
  });

  it('a product deleted since keeps the title its order lines recorded', async () => {
    await db.sql`delete from products where id = ${C.id}`;
    const best = await bestSellers(db.sql, MONTH);
    expect(best.items[0]).toMatchObject({ title: 'Appât', quantity: 4 });
    const categories = await revenueByCategory(db.sql, MONTH);
    expect(categories.items.find((i) => i.category === 'Sans catégorie')?.revenueCents).toBe(2000);
  });

  it('refunding or cancelling moves the figures; the procedures read the same figures', async () => {
    const caller = callerAs(services, admin);
    const before = await caller.dashboard.bestSellers(MONTH);
    expect(before.totals).toEqual({ revenueCents: 12500, orders: 6 });
    await setPaymentForTest(db.sql, orders.o8!.id, 'refunded', byAdmin('2026-11-23T09:00:00Z'));
    await setOrderStatus(db.sql, orders.o11!.id, 'cancelled', byAdmin('2026-11-23T09:00:00Z'));
    const after = await caller.dashboard.revenueByCategory(MONTH);
    expect(after.totals).toEqual({ revenueCents: 7500, orders: 4 });
    expect(after.items.find((i) => i.category === 'Guêpes et frelons')?.revenueCents).toBe(2500);
    const summary = await revenueSummary(db.sql, NOW);
    expect(summary.periods.map((p) => p.revenueCents)).toEqual([4500, 7500, 7500]);
    // A refund is final (issue 24): the order is not counted again; a correction would be a new sale.
  });

  it('the daily sales the analytics read equal their rebuild from the log, and a replay restores them', async () => {
    // Every placement, cancellation, refund, deletion and payment above kept it in step.
    expect((await replayOrders(db.sql)).differenceCount).toBe(0);
    const best = await bestSellers(db.sql, MONTH);
    const categories = await revenueByCategory(db.sql, MONTH);
    expect(best.items.map((i) => [i.title, i.quantity])).toEqual([
      ['Appât', 4],
      ['Piège à rats', 3],
      // o8 stays refunded (a refund is final): its hornet trap is not counted.
      ['Piège à frelons', 1],
    ]);
    // Lost or damaged: the replay reports it, and rebuilds it with the read tables.
    await db.sql`delete from daily_product_sales where product_id = ${A.id}`;
    await db.sql`update daily_product_sales set quantity = quantity + 5 where product_id = ${B.id}`;
    const damaged = await replayOrders(db.sql);
    expect(new Set(damaged.differences.map((d) => d.table))).toEqual(new Set(['daily_product_sales']));
    expect(new Set(damaged.differences.map((d) => d.kind))).toEqual(new Set(['missing', 'changed']));
    const applied = await replayOrders(db.sql, { apply: true });
    expect(applied.applied).toBe(true);
    expect(await bestSellers(db.sql, MONTH)).toEqual(best);
    expect(await revenueByCategory(db.sql, MONTH)).toEqual(categories);
    expect((await replayOrders(db.sql)).differenceCount).toBe(0);
  });

  it('a refund of some lines takes them out of best sellers and category revenue; the rebuild agrees', async () => {
    const D = await createProduct(db.sql, {
      title: "Station d'appâtage",
      priceCents: 1200,
      infiniteStock: true,
    });
    await db.sql`update products set category = 'Rongeurs' where id = ${D.id}`;
    const day = { from: '2026-11-23', to: '2026-11-23' };
    const rodents = async () =>
      (await revenueByCategory(db.sql, day)).items.find((i) => i.category === 'Rongeurs')?.revenueCents ?? 0;
    const before = await rodents();
    const order = await place('o12', '2026-11-23T09:30:00Z', [[D, 3]]); // 3600
    await recordPayment(
      db.sql,
      order.id,
      { amountCents: 3600, method: 'cash', day: '2026-11-23' },
      byAdmin('2026-11-23T09:31:00Z'),
    );
    const itemId = (
      await db.sql<{ id: string }[]>`select id from order_items where order_id = ${order.id}`
    )[0]!.id;
    // One of the three stations comes back: 12,00 € refunded, the order is « Partiellement remboursée ».
    await refundOrder(
      db.sql,
      order.id,
      {
        lines: [{ itemId, quantity: 1 }],
        shipping: false,
        extraCents: 0,
        method: 'cash',
        reason: 'returned',
        restock: true,
      },
      byAdmin('2026-11-23T09:40:00Z'),
    );
    const sold = (await bestSellers(db.sql, day)).items.find((i) => i.title === "Station d'appâtage");
    expect(sold).toMatchObject({ quantity: 2, revenueCents: 2400 });
    expect((await rodents()) - before).toBe(2400);
    // A gesture tied to no line lowers the order's revenue, not a product's.
    await refundOrder(
      db.sql,
      order.id,
      { lines: [], shipping: false, extraCents: 500, method: 'cash', reason: 'goodwill', restock: false },
      byAdmin('2026-11-23T09:45:00Z'),
    );
    expect(
      (await bestSellers(db.sql, day)).items.find((i) => i.title === "Station d'appâtage"),
    ).toMatchObject({
      quantity: 2,
      revenueCents: 2400,
    });
    expect((await replayOrders(db.sql)).differenceCount).toBe(0);
  });

  it('a bad period is refused with a French message', async () => {
    const caller = callerAs(services, admin);
    const refusal = async (call: Promise<unknown>) => {
      const error = await call.then(
        () => null,
        (e: TRPCError) => e,
      );
      return { code: error?.code, message: (error?.cause as ZodError | undefined)?.issues[0]?.message };
    };
    expect(await refusal(caller.dashboard.bestSellers({ from: '2026-11-23', to: '2026-11-01' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'La date de début doit précéder la date de fin',
    });
    expect(
      await refusal(caller.dashboard.revenueByCategory({ from: '2026-02-30', to: '2026-03-01' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Date invalide',
    });
  });
});
