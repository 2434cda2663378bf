import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentNumber, documentSeries } from '../../src/domain/invoices/document.js';
import { parisDay } from '../../src/domain/site/time-zone.js';
import { startApp } from '../../src/server/app.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { setLogLevel } from '../../src/server/logger.js';
import { onOrderDecided } from '../../src/server/orders/after-decision.js';
import { recordPayment, refundOrder } from '../../src/server/orders/money.js';
import { createTestDatabase, type TestDatabase, testConfig } from '../support/db.js';
import { freePort } from '../support/http-app.js';
import { SELLER } from '../support/invoices.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';

/*
 * Issue 34, point 1: one command path. The documents a decision implies are issued by the command
 * itself, in its transaction, through the decision port the app wires once where it is composed
 * (app.ts): here the commands are called directly, through no router and with nothing handed in.
 */

let db: TestDatabase;
let stopApp: () => Promise<void>;
const meta = { actor: { kind: 'system' as const, name: 'test' }, requestId: 'test-command-path' };

beforeAll(async () => {
  setLogLevel('warn');
  db = await createTestDatabase();
  // Nothing wired by the test support: the app's composition alone wires the port.
  onOrderDecided(async () => {})();
  const app = await startApp(testConfig(db, { PORT: String(await freePort()), HOST: '127.0.0.1' }));
  stopApp = () => app.stop();
  await saveIdentity(db.sql, SELLER, null);
});
afterAll(async () => {
  await stopApp();
  await db.drop();
});

async function newOrder() {
  const product = await createProduct(db.sql, {
    title: 'Piège à guêpes',
    priceCents: 1290,
    stockQuantity: 20,
  });
  return await placeOrder(
    db.sql,
    {
      customerId: null,
      customer: customerForm,
      deliveryMethod: 'pickup',
      lines: [{ productId: product.id, quantity: 2 }],
    },
    guest,
  );
}

const today = () => parisDay(new Date());

/** The whole total received in cash today, given to the command itself (no router). */
async function payInFull(orderId: string) {
  const [row] = await db.sql<{ total: number }[]>`
    select total_amount_cents as total from orders where id = ${orderId}`;
  return await recordPayment(
    db.sql,
    orderId,
    { amountCents: row!.total, method: 'cash', day: today() },
    meta,
  );
}

/** The order's events with the transaction that appended each. */
const eventsOf = (orderId: string) =>
  db.sql<{ type: string; txId: string }[]>`
    select type, tx_id::text as tx_id from events where stream_id = ${orderId} order by version`;

describe('the order command path issues the documents of its decision, in its transaction', () => {
  it('the payment that makes the order paid and its invoice are appended by one transaction', async () => {
    const order = await newOrder();
    const paid = await payInFull(order.id);
    const events = await eventsOf(order.id);
    const payment = events.find((e) => e.type === 'PaymentRecorded');
    const invoice = events.find((e) => e.type === 'InvoiceIssued');
    expect(invoice?.txId).toBeDefined();
    expect(invoice?.txId).toBe(payment?.txId);
    // The caller gets the order as it stands after its invoice.
    expect(paid.state?.invoice?.number).toMatch(/^FA-\d{4}-\d{6}$/);
    expect(paid.state?.version).toBe(events.length);
  });

  it('a refund of an invoiced order and its credit note are appended by one transaction', async () => {
    const order = await newOrder();
    await payInFull(order.id);
    await refundOrder(
      db.sql,
      order.id,
      {
        lines: [],
        shipping: false,
        extraCents: 500,
        method: 'cash',
        reason: 'damaged',
        restock: false,
      },
      meta,
    );
    const events = await eventsOf(order.id);
    const refund = events.find((e) => e.type === 'RefundRecorded');
    const creditNote = events.find((e) => e.type === 'CreditNoteIssued');
    expect(creditNote?.txId).toBeDefined();
    expect(creditNote?.txId).toBe(refund?.txId);
  });

  it('a failure while issuing the invoice rolls the payment back: no payment, no number taken, no mail', async () => {
    const order = await newOrder();
    // The invoice's PDF cannot be stored: its number is already taken by a stray row.
    const series = documentSeries(SELLER.invoicePrefix ?? 'FA', new Date());
    const [counter] = await db.sql<{ last: number }[]>`
      select coalesce((select last_number from number_counters where series = ${series}), 0)::int as last`;
    const next = documentNumber(series, counter!.last + 1);
    await db.sql`
      insert into invoice_documents (number, order_id, kind, pdf, sha256)
      values (${next}, gen_random_uuid(), 'invoice', ${Buffer.from('x')}, 'x')`;
    await expect(payInFull(order.id)).rejects.toThrow();
    expect((await eventsOf(order.id)).map((e) => e.type)).toEqual(['OrderPlaced']);
    const [row] = await db.sql<{ paymentStatus: string }[]>`
      select payment_status from orders where id = ${order.id}`;
    expect(row?.paymentStatus).toBe('pending');
    const [after] = await db.sql<{ last: number }[]>`
      select coalesce((select last_number from number_counters where series = ${series}), 0)::int as last`;
    expect(after?.last).toBe(counter!.last);
    const mails = await db.sql`select 1 from mail_outbox where dedupe_key = ${`invoice:${next}`}`;
    expect(mails).toHaveLength(0);
  });
});
