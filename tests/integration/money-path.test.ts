/**
 * The money path's findings of issue 34, each pinned against a real database: a phone order keeps
 * its business buyer, documents take their series year and their date from ONE clock (Paris year),
 * and the paid orders that waited for a complete seller identity are listed, then invoiced.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LATE_PENALTY_MENTION,
  mandatoryMentions,
  RECOVERY_FEE_MENTION,
} from '../../src/domain/invoices/document.js';
import { parseOrderEvent } from '../../src/domain/orders/events.js';
import { parisDay } from '../../src/domain/site/time-zone.js';
import { closeThrough } from '../../src/server/audit/closures.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { issueInvoice } from '../../src/server/invoices/issue.js';
import { mailTransaction } from '../../src/server/mail/outbox.js';
import { SELLER } from '../support/invoices.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
const system = { kind: 'system' as const, name: 'test' };
const orderUrl = (orderId: string) => `https://shop.example/commande/${orderId}`;

beforeAll(async () => {
  shop = await testShop();
});
afterAll(async () => {
  await shop.drop();
});

const today = () => parisDay(new Date());

async function invoiceOf(orderId: string) {
  const [event] = await shop.sql<{ type: string; data: unknown; schemaVersion: number }[]>`
    select type, data, (metadata ->> 'schemaVersion')::int as schema_version
      from events where stream_id = ${orderId} and type = 'InvoiceIssued'`;
  if (!event) return null;
  const parsed = parseOrderEvent(event);
  return parsed.type === 'InvoiceIssued' ? parsed.data.document : null;
}

/** A guest's order, placed now or at `at` (a payment is never dated before its order's day). */
async function newGuestOrder(at?: string) {
  const product = await createProduct(shop.sql, { priceCents: 1290, stockQuantity: 20 });
  return await placeOrder(
    shop.sql,
    {
      customerId: null,
      customer: customerForm,
      deliveryMethod: 'pickup',
      lines: [{ productId: product.id, quantity: 2 }],
    },
    at ? { ...guest, at } : guest,
  );
}

async function payInFull(orderId: string, totalAmountCents: number) {
  return await shop
    .as('admin')
    .orders.recordPayment({ orderId, amountCents: totalAmountCents, method: 'cash', day: today() });
}

// Runs first: the identity is still empty in this database.
describe('paid orders while Paramètres › Facturation is incomplete', () => {
  it('are listed, then invoiced (in order, numbered without gap) when the identity is saved complete', async () => {
    const first = await newGuestOrder();
    const second = await newGuestOrder();
    const unpaid = await newGuestOrder();
    await payInFull(first.id, first.totalAmountCents);
    await payInFull(second.id, second.totalAmountCents);
    expect(await invoiceOf(first.id)).toBeNull();

    const awaiting = await shop.as('admin').invoices.awaiting();
    expect(awaiting.map((o) => o.orderNumber)).toEqual([first.orderNumber, second.orderNumber]);
    expect(awaiting[0]).toMatchObject({ customerName: 'Marie Lefèvre', totalAmountCents: 2580 });
    expect(awaiting.map((o) => o.id)).not.toContain(unpaid.id);

    // Saved incomplete: nothing is issued, they stay listed.
    const incomplete = await shop.as('admin').invoices.saveIdentity({ ...SELLER, siren: '' });
    expect(incomplete.issued).toEqual([]);
    expect(await shop.as('admin').invoices.awaiting()).toHaveLength(2);

    const saved = await shop.as('admin').invoices.saveIdentity(SELLER);
    const year = parisDay(new Date()).slice(0, 4);
    expect(saved.issued).toEqual([`FA-${year}-000001`, `FA-${year}-000002`]);
    expect((await invoiceOf(first.id))?.number).toBe(`FA-${year}-000001`);
    expect((await invoiceOf(second.id))?.number).toBe(`FA-${year}-000002`);
    expect(await shop.as('admin').invoices.awaiting()).toEqual([]);
    // Saving again issues nothing twice.
    expect((await shop.as('admin').invoices.saveIdentity(SELLER)).issued).toEqual([]);
  });
});

describe('« Nouvelle commande » (phone order) for a business buyer', () => {
  it('records the company, and its invoice carries the SIREN and the late-payment mentions', async () => {
    await saveIdentity(shop.sql, SELLER, null);
    const product = await createProduct(shop.sql, { priceCents: 4990, stockQuantity: 10 });
    const business = { companyName: 'Camping des Pommiers', siren: '552 100 554', vatNumber: '' };
    const order = await shop.as('admin').orders.create({
      ...customerForm,
      customerId: null,
      deliveryMethod: 'pickup',
      lines: [{ productId: product.id, quantity: 1 }],
      idempotencyKey: randomUUID(),
      business,
    });
    const [placed] = await shop.sql<{ data: { business: unknown } }[]>`
      select data from events where stream_id = ${order.id} and version = 1`;
    expect(placed?.data.business).toEqual({ ...business, siren: '552100554' });

    await payInFull(order.id, order.totalAmountCents);
    const invoice = await invoiceOf(order.id);
    expect(invoice?.customer.business).toEqual({ ...business, siren: '552100554' });
    const mentions = mandatoryMentions(invoice!);
    expect(mentions).toContain('SIREN 552100554');
    expect(mentions).toContain(LATE_PENALTY_MENTION);
    expect(mentions).toContain(RECOVERY_FEE_MENTION);
  });

  it('refuses a business buyer without a valid SIREN, in French, and places nothing', async () => {
    const product = await createProduct(shop.sql, { priceCents: 4990, stockQuantity: 10 });
    const [before] = await shop.sql<{ n: number }[]>`select count(*)::int as n from orders`;
    await expect(
      shop.as('admin').orders.create({
        ...customerForm,
        customerId: null,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
        idempotencyKey: randomUUID(),
        business: { companyName: 'Camping des Pommiers', siren: '123', vatNumber: '' },
      }),
    ).rejects.toThrow('Le SIREN doit contenir 9 chiffres valides');
    const [after] = await shop.sql<{ n: number }[]>`select count(*)::int as n from orders`;
    expect(after?.n).toBe(before?.n);
  });
});

describe('one clock for a document: its series year is the Paris year of its date', () => {
  it('31 December 23:00 UTC is 1 January in Paris: FA-2027, dated then; one millisecond earlier: FA-2026', async () => {
    await saveIdentity(shop.sql, SELLER, null);
    const late = await newGuestOrder();
    const early = await newGuestOrder();
    const midnight = new Date('2026-12-31T23:00:00.000Z');
    const before = new Date('2026-12-31T22:59:59.999Z');
    const atMidnight = await mailTransaction(shop.sql, (tx) =>
      issueInvoice(tx, late.id, system, orderUrl, async () => midnight),
    );
    expect(atMidnight.number).toBe('FA-2027-000001');
    expect(atMidnight.document.issuedAt).toBe('2026-12-31T23:00:00.000Z');
    expect(parisDay(new Date(atMidnight.document.issuedAt))).toBe('2027-01-01');
    const lastOf2026 = await mailTransaction(shop.sql, (tx) =>
      issueInvoice(tx, early.id, system, orderUrl, async () => before),
    );
    expect(lastOf2026.number).toMatch(/^FA-2026-\d{6}$/);
    expect(parisDay(new Date(lastOf2026.document.issuedAt))).toBe('2026-12-31');
  });
});

describe('closures: day, month and year, with a perpetual grand total (CGI art. 286 I 3° bis)', () => {
  const admin = { kind: 'system' as const, name: 'test-closures' };
  const at = (iso: string) => ({ now: new Date(iso) });

  it('the day in progress is refused until Paris midnight; then days, months and the year close, the grand total never reset', async () => {
    const first = await newGuestOrder('2025-01-02T10:00:00.000Z');
    const second = await newGuestOrder('2025-01-02T10:00:00.000Z');
    const pay = (orderId: string, amountCents: number, day: string) =>
      shop.as('admin').orders.recordPayment({ orderId, amountCents, method: 'cash', day });
    await pay(first.id, 1000, '2025-01-10');
    await pay(first.id, 1000, '2025-01-20');
    await pay(second.id, 1500, '2025-02-05');

    // 28 February, 23:59:59.999 in Paris: still the day in progress.
    await expect(
      closeThrough(shop.sql, '2025-02-28', admin, at('2025-02-28T22:59:59.999Z')),
    ).rejects.toMatchObject({
      code: 'DAY_NOT_OVER',
    });
    // Midnight in Paris (23:00 UTC in winter): 28 February is over; its month too.
    const written = await closeThrough(shop.sql, '2025-02-28', admin, at('2025-02-28T23:00:00.000Z'));
    expect(written.map((c) => [c.kind, c.period, c.netCents, c.grandTotalCents])).toEqual([
      ['day', '2025-01-10', 1000, 1000],
      ['day', '2025-01-20', 1000, 2000],
      ['day', '2025-02-05', 1500, 3500],
      ['month', '2025-01', 2000, 2000],
      ['month', '2025-02', 1500, 3500],
    ]);
    // The year is over only when 2025 is: the yearly closure carries the same perpetual total.
    expect(await closeThrough(shop.sql, '2025-03-31', admin, at('2025-04-01T10:00:00.000Z'))).toEqual([]);
    const year = await closeThrough(shop.sql, '2025-12-31', admin, at('2025-12-31T23:00:00.000Z'));
    expect(year.map((c) => [c.kind, c.period, c.movementCount, c.netCents, c.grandTotalCents])).toEqual([
      ['year', '2025', 3, 3500, 3500],
    ]);
    // A closed day takes no movement.
    await expect(pay(second.id, 100, '2025-02-05')).rejects.toThrow('est clôturée');
  });

  // Runs last: it closes every day up to 31 December of this year.
  it('a second year: its yearly closure carries the first one on, refunds counted out, and matches its last month', async () => {
    const third = await newGuestOrder('2026-01-02T10:00:00.000Z');
    await shop
      .as('admin')
      .orders.recordPayment({ orderId: third.id, amountCents: 1000, method: 'cheque', day: '2026-01-15' });
    // A refund is dated today (2026's open period) and goes out of the till.
    await shop.as('admin').orders.refund({
      orderId: third.id,
      lines: [],
      shipping: false,
      extraCents: 400,
      method: 'cheque',
      reason: 'goodwill',
      restock: false,
    });
    // Paris midnight ending 2026: every day, month and the year 2026 close.
    const written = await closeThrough(shop.sql, '2026-12-31', admin, at('2026-12-31T23:00:00.000Z'));
    const year = written.find((c) => c.kind === 'year' && c.period === '2026');
    // From the rule's words: payments in, corrections and refunds out, every movement of 2026.
    const [expected] = await shop.sql<{ net: string; count: string }[]>`
      select sum(case type when 'PaymentRecorded' then 1 else -1 end * (data ->> 'amountCents')::int) as net,
             count(*) as count
        from events
       where type in ('PaymentRecorded', 'PaymentCancelled', 'RefundRecorded')
         and data ->> 'day' between '2026-01-01' and '2026-12-31'`;
    expect(year?.netCents).toBe(Number(expected?.net));
    expect(year?.movementCount).toBe(Number(expected?.count));
    expect(year?.totals.byMethod.cheque).toBe(1000 - 400);
    // The perpetual total runs on from 2025's (3 500) and never restarts at the new year.
    expect(year?.grandTotalCents).toBe(3500 + Number(expected?.net));
    const months = written.filter((c) => c.kind === 'month');
    expect(months.at(-1)?.grandTotalCents).toBe(year?.grandTotalCents);
    const days = written.filter((c) => c.kind === 'day');
    expect(days.at(-1)?.grandTotalCents).toBe(year?.grandTotalCents);
  });
});
