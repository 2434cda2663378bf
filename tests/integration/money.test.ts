import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../../src/domain/site/time-zone.js';
import { writeArchive } from '../../src/server/audit/archive.js';
import { closeThrough, listClosures } from '../../src/server/audit/closures.js';
import { verifyDatabase, verifyLines } from '../../src/server/audit/verify.js';
import type { SessionUser } from '../../src/server/context.js';
import { accountTotals, listCustomerOrders } from '../../src/server/customers/orders.js';
import { revenueByDay } from '../../src/server/dashboard/dashboard.js';
import { adminOrderDetails, listAdminOrders, writeOrdersCsv } from '../../src/server/orders/admin-orders.js';
import { recordPayment } from '../../src/server/orders/money.js';
import { replayOrders } from '../../src/server/orders/replay.js';
import type { TestDatabase } from '../support/db.js';
import { createProduct, customerForm, placeOrder, stockOf } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
let db: TestDatabase;
let admin: SessionUser;
let customerA: SessionUser;
const KEY = 'test-audit-key-that-is-long-enough-0123456789';

beforeAll(async () => {
  shop = await testShop({ AUDIT_KEY: KEY });
  ({ db } = shop);
  ({ customerA, admin } = shop.users);
});
afterAll(async () => {
  await shop.drop();
});

const now = new Date();
const today = parisDay(now);
const yesterday = parisDay(new Date(now.getTime() - 24 * 3600 * 1000));
const frenchYesterday = yesterday.split('-').reverse().join('/');

describe('an order paid half in cash, half by cheque, then one line refunded with restock', () => {
  let orderId: string;
  let lineA: string;
  let productA: string;

  beforeAll(async () => {
    // By hand: A 10,00 € × 2 + B 25,00 € × 1 = 45,00 €, picked up (no delivery), VAT 20 % included:
    // 4500 × 20 / 120 = 750 cents.
    const a = await createProduct(db.sql, { title: 'Piège à guêpes', priceCents: 1000, stockQuantity: 10 });
    const b = await createProduct(db.sql, { title: 'Tapette à rats', priceCents: 2500, stockQuantity: 10 });
    productA = a.id;
    const order = await placeOrder(
      db.sql,
      {
        customerId: customerA.id,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 1 },
        ],
      },
      // Placed yesterday: a payment is never dated before its order's day (third probe, finding 8).
      { actor: { kind: 'user', userId: customerA.id }, requestId: 'r1', at: `${yesterday}T10:00:00.000Z` },
    );
    orderId = order.id;
    expect(order.totalAmountCents).toBe(4500);
    expect(order.taxCents).toBe(750);
    const caller = shop.as('admin');
    await caller.orders.recordPayment({ orderId, amountCents: 2250, method: 'cash', day: yesterday });
    await caller.orders.recordPayment({
      orderId,
      amountCents: 2250,
      method: 'cheque',
      day: yesterday,
      reference: 'CHQ 1234567',
    });
    const details = await adminOrderDetails(db.sql, orderId);
    lineA = details.lines.find((l) => l.productId === a.id)?.id as string;
    await caller.orders.refund({
      orderId,
      lines: [{ itemId: lineA, quantity: 1 }],
      shipping: false,
      extraCents: 0,
      method: 'cash',
      reason: 'returned',
      note: 'Piège abîmé',
      restock: true,
    });
  });

  it('details: due 45,00 €, paid 45,00 €, refunded 10,00 €, left 0, refundable 35,00 €', async () => {
    const details = await adminOrderDetails(db.sql, orderId);
    expect(details.money).toEqual({
      dueCents: 4500,
      paidCents: 4500,
      refundedCents: 1000,
      leftCents: 0,
      refundableCents: 3500,
      status: 'partially_refunded',
    });
    expect(details.paymentStatus).toBe('partially_refunded');
    expect(details.movements.map((m) => [m.kind, m.amountCents, m.method, m.reference])).toEqual([
      ['payment', 2250, 'cash', null],
      ['payment', 2250, 'cheque', 'CHQ 1234567'],
      ['refund', 1000, 'cash', null],
    ]);
    expect(details.movements.every((m) => m.by !== 'Système')).toBe(true);
    expect(details.lines.find((l) => l.id === lineA)?.refundedQuantity).toBe(1);
  });

  it('the refunded line went back into stock in the same transaction: 10 − 2 + 1 = 9', async () => {
    expect(await stockOf(db.sql, productA)).toBe(9);
  });

  it('list, /compte, dashboard and CSV agree', async () => {
    const page = await listAdminOrders(db.sql, { search: '', status: 'all' });
    const row = page.items.find((r) => r.id === orderId);
    expect(row).toMatchObject({ paymentStatus: 'partially_refunded', paidCents: 4500, refundedCents: 1000 });

    const [mine] = await listCustomerOrders(db.sql, customerA.id);
    expect(mine).toMatchObject({ paymentStatus: 'partially_refunded', paidCents: 4500, refundedCents: 1000 });
    // Total dépensé: paid 45,00 − refunded 10,00 = 35,00 €.
    expect(await accountTotals(db.sql, customerA.id)).toEqual({ orderCount: 1, totalSpentCents: 3500 });

    // Chiffre d'affaires of the day it was placed: 45,00 − 10,00 = 35,00 €.
    expect(await revenueByDay(db.sql, { from: yesterday, to: yesterday })).toEqual([
      { day: yesterday, revenueCents: 3500, orders: 1 },
    ]);

    let csv = '';
    await writeOrdersCsv(db.sql, { search: '', status: 'all', withdrawal: 'all' }, async (chunk) => {
      csv += chunk;
    });
    expect(csv).toContain('Payé (€);Remboursé (€)');
    expect(csv).toMatch(/45,00;Livrée|45,00;En attente;Partiellement remboursée;45,00;10,00/);
  });

  it('the replay rebuilds the same read tables', async () => {
    const report = await replayOrders(db.sql);
    expect(report.differences).toEqual([]);
  });

  it("yesterday's closure: 2 movements, 22,50 € cash and 22,50 € cheque, VAT 7,50 €; it verifies", async () => {
    const written = await closeThrough(db.sql, yesterday, { kind: 'admin', userId: admin.id });
    expect(written.map((c) => [c.kind, c.period])).toContainEqual(['day', yesterday]);
    const [closure] = (await listClosures(db.sql)).filter((c) => c.kind === 'day');
    expect(closure).toMatchObject({
      period: yesterday,
      movementCount: 2,
      netCents: 4500,
      grandTotalCents: 4500,
      totals: {
        movementCount: 2,
        netCents: 4500,
        byMethod: { cash: 2250, cheque: 2250 },
        byVat: [{ rate: 20, amountCents: 4500, vatCents: 750 }],
      },
    });
    const report = await verifyDatabase(db.sql, KEY);
    expect(report.problems).toEqual([]);
    expect(report.closures).toBe(1);
  });

  it('a payment dated in the closed day is refused in French and changes nothing', async () => {
    const other = await placeOrder(
      db.sql,
      {
        customerId: null,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: productA, quantity: 1 }],
      },
      { actor: { kind: 'guest' }, requestId: 'r2', at: `${yesterday}T10:00:00.000Z` },
    );
    await expect(
      recordPayment(
        db.sql,
        other.id,
        { amountCents: 1000, method: 'cash', day: yesterday },
        { actor: { kind: 'admin', userId: admin.id }, requestId: 'r3' },
      ),
    ).rejects.toMatchObject({
      code: 'PERIOD_CLOSED',
      message: `La journée du ${frenchYesterday} est clôturée : aucun mouvement ne peut y être enregistré. Enregistrez-le à la date du jour.`,
    });
    expect((await adminOrderDetails(db.sql, other.id)).money.paidCents).toBe(0);
    // Today stays open.
    await recordPayment(
      db.sql,
      other.id,
      { amountCents: 1000, method: 'card', day: today },
      { actor: { kind: 'admin', userId: admin.id }, requestId: 'r4' },
    );
    expect((await adminOrderDetails(db.sql, other.id)).money.status).toBe('paid');
  });

  it('a signed archive: the export is an event, orders:verify --file accepts it and catches an edited line', async () => {
    const lines: string[] = [];
    await writeArchive(
      db.sql,
      KEY,
      String(new Date().getFullYear()),
      { kind: 'admin', userId: admin.id },
      (l) => {
        lines.push(l);
      },
    );
    const [exported] = await db.sql<{ data: { period: string }; metadata: { actor: { userId: string } } }[]>`
      select data, metadata from events where type = 'ArchiveExported'`;
    expect(exported?.metadata.actor.userId).toBe(admin.id);
    const text = lines.join('');
    expect(text).toContain('"type":"ArchiveExported"');
    expect(text).toContain('"type":"ClosureWritten"');
    const verify = (content: string) =>
      verifyLines(
        (async function* () {
          yield* content.split('\n');
        })(),
        KEY,
      );
    const clean = await verify(text);
    expect(clean.problems).toEqual([]);
    expect(clean.closures).toBe(1);
    // A header line changed: no hash chain covers it, the signature does.
    const edited = text.replace('"format":"h27-order-log"', '"format":"h27-order-log","note":"x"');
    const report = await verify(edited);
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.message)).toContain(
      'archive: the signature does not match its lines (archive altered or other key)',
    );
  });

  it('deleting a closure row, or editing a payment event, is caught by the verifier', async () => {
    const [row] = await db.sql<
      { position: number }[]
    >`select position from money_closures where kind = 'day'`;
    await db.sql`delete from money_closures where position = ${row!.position}`;
    let report = await verifyDatabase(db.sql, KEY);
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.message).join('\n')).toContain(
      'missing from money_closures (deleted)',
    );
    // Deleting the closure's event too is caught by the log's own chain (the ledger stream's head).
    await db.sql`delete from events where position = ${row!.position}`;
    report = await verifyDatabase(db.sql, KEY);
    expect(report.problems.some((p) => p.kind === 'missing' || p.kind === 'head')).toBe(true);

    await db.sql`
      update events set data = jsonb_set(data, '{amountCents}', '2000')
       where stream_id = ${orderId} and type = 'PaymentRecorded' and data ->> 'method' = 'cash'`;
    report = await verifyDatabase(db.sql, KEY);
    expect(report.problems.some((p) => p.kind === 'hash')).toBe(true);
  });
});
