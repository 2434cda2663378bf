/*
 * Issue 34: an invoice issued by « Enregistrer un paiement » knows it is paid (the paid date came
 * from the old payment-status events only: paidAt was null, the XML said everything was due), a
 * refund by lines gets an itemised credit note (lines, quantities, delivery, reason), a second
 * refund's credit note credits what that refund gave back and nothing of the first, and a credit
 * note cites its own order's invoice, never another's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentSnapshot, documentDate } from '../../src/domain/invoices/document.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { verifyDocuments } from '../../src/server/invoices/verify.js';
import type { TestDatabase } from '../support/db.js';
import { SELLER } from '../support/invoices.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
let db: TestDatabase;

beforeAll(async () => {
  shop = await testShop();
  ({ db } = shop);
  await saveIdentity(db.sql, SELLER, null);
});
afterAll(async () => {
  await shop.drop();
});

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

async function newOrder() {
  const product = await createProduct(db.sql, { title: 'Piège à guêpes écologique', stockQuantity: 50 });
  return await placeOrder(
    db.sql,
    {
      customerId: null,
      customer: customerForm,
      deliveryMethod: 'delivery',
      lines: [{ productId: product.id, quantity: 3 }],
      business: null,
    },
    guest,
  );
}

async function documentsOf(orderId: string) {
  return await db.sql<{ type: string; document: DocumentSnapshot; pdf: Buffer }[]>`
    select e.type, e.data -> 'document' as document, d.pdf
      from events e join invoice_documents d on d.number = e.data #>> '{document,number}'
     where e.stream_id = ${orderId} and e.type in ('InvoiceIssued', 'CreditNoteIssued') order by e.position`;
}

function read(pdf: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'invoice-'));
  const file = path.join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(
    /[\s\u00a0\u202f]+/g,
    ' ',
  );
  execFileSync('pdfdetach', ['-save', '1', '-o', path.join(dir, 'fx.xml'), file]);
  return { text, xml: readFileSync(path.join(dir, 'fx.xml'), 'utf8') };
}

describe('documents issued by the money commands', () => {
  it('paid in two payments through « Enregistrer un paiement »: « Payée le … » with both means, XML due 0', async () => {
    const order = await newOrder();
    const admin = shop.as('admin');
    await admin.orders.recordPayment({ orderId: order.id, amountCents: 1000, method: 'cash', day: today() });
    await admin.orders.recordPayment({
      orderId: order.id,
      amountCents: order.totalAmountCents - 1000,
      method: 'cheque',
      day: today(),
    });
    const [invoice] = await documentsOf(order.id);
    expect(invoice?.type).toBe('InvoiceIssued');
    expect(invoice?.document.paidAt).toBe(today());
    expect(invoice?.document.paymentMethods).toEqual(['Espèces', 'Chèque']);
    const { text, xml } = read(invoice!.pdf);
    expect(text).toContain(`Payée le ${documentDate(today())} (Espèces, Chèque).`);
    const total = (order.totalAmountCents / 100).toFixed(2);
    expect(xml).toContain(`<ram:TotalPrepaidAmount>${total}</ram:TotalPrepaidAmount>`);
    expect(xml).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>');
  });

  it('a refund by lines gets an itemised credit note: product, quantity, delivery, reason; typed 381', async () => {
    const order = await newOrder();
    const admin = shop.as('admin');
    await admin.orders.recordPayment({
      orderId: order.id,
      amountCents: order.totalAmountCents,
      method: 'card',
      day: today(),
    });
    const [item] = await db.sql<{ id: string }[]>`select id from order_items where order_id = ${order.id}`;
    await admin.orders.refund({
      orderId: order.id,
      lines: [{ itemId: item!.id, quantity: 2 }],
      shipping: true,
      extraCents: 0,
      method: 'card',
      reason: 'damaged',
      note: 'Arrivés cassés',
      restock: false,
    });
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => d.type)).toEqual(['InvoiceIssued', 'CreditNoteIssued']);
    const note = docs[1]!.document;
    expect(note.lines.map((l) => [l.description, l.quantity])).toEqual([
      ['Piège à guêpes écologique', 2],
      ['Frais de livraison', 1],
    ]);
    expect(note.reason).toBe('Produit endommagé ou défectueux – Arrivés cassés');
    expect(note.cites?.number).toBe(docs[0]!.document.number);
    const { text, xml } = read(docs[1]!.pdf);
    expect(text).toContain('Piège à guêpes écologique 2');
    expect(text).toContain('Frais de livraison 1');
    expect(text).toContain('Motif : Produit endommagé ou défectueux – Arrivés cassés');
    expect(text).toContain(`Remboursé le ${documentDate(today())} (Carte bancaire).`);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
  });
});

/** An order of 3 × 4,90 € and 2 × 2,45 € delivered (below the free delivery), paid in full by card today. */
async function paidTwoLineOrder() {
  const first = await createProduct(db.sql, { title: 'Piège à rats', priceCents: 490, stockQuantity: 50 });
  const second = await createProduct(db.sql, { title: 'Appât souris', priceCents: 245, stockQuantity: 50 });
  const order = await placeOrder(
    db.sql,
    {
      customerId: null,
      customer: customerForm,
      deliveryMethod: 'delivery',
      lines: [
        { productId: first.id, quantity: 3 },
        { productId: second.id, quantity: 2 },
      ],
      business: null,
    },
    guest,
  );
  await shop.as('admin').orders.recordPayment({
    orderId: order.id,
    amountCents: order.totalAmountCents,
    method: 'card',
    day: today(),
  });
  const items = await db.sql<{ id: string; productId: string }[]>`
    select id, product_id from order_items where order_id = ${order.id}`;
  const itemOf = (productId: string) => items.find((i) => i.productId === productId)!.id;
  return { order, trap: itemOf(first.id), bait: itemOf(second.id) };
}

const refund = (orderId: string, lines: { itemId: string; quantity: number }[], more = {}) =>
  shop.as('admin').orders.refund({
    orderId,
    lines,
    shipping: false,
    extraCents: 0,
    method: 'card',
    reason: 'returned',
    restock: false,
    ...more,
  });

describe('second occurrences: each refund credits what it gave back', () => {
  it('a second and a third refund: each credit note carries its own refund only, never the first one again', async () => {
    const { order, trap, bait } = await paidTwoLineOrder();
    // 1st: one trap and the delivery; 2nd: one more trap and both baits; 3rd: a 1,00 € gesture.
    await refund(order.id, [{ itemId: trap, quantity: 1 }], { shipping: true });
    await refund(order.id, [
      { itemId: trap, quantity: 1 },
      { itemId: bait, quantity: 2 },
    ]);
    await refund(order.id, [], { extraCents: 100, reason: 'goodwill' });

    const docs = await documentsOf(order.id);
    expect(docs.map((d) => d.type)).toEqual([
      'InvoiceIssued',
      'CreditNoteIssued',
      'CreditNoteIssued',
      'CreditNoteIssued',
    ]);
    const [invoice, first, second, third] = docs.map((d) => d.document);
    const lines = (d: DocumentSnapshot | undefined) =>
      d?.lines.map((l) => [l.description, l.quantity, l.totalInclCents]);
    const delivery = order.shippingCostCents;
    expect(delivery).toBeGreaterThan(0);
    expect(lines(first)).toEqual([
      ['Piège à rats', 1, 490],
      ['Frais de livraison', 1, delivery],
    ]);
    expect(first?.totalInclCents).toBe(490 + delivery);
    expect(lines(second)).toEqual([
      ['Piège à rats', 1, 490],
      ['Appât souris', 2, 490],
    ]);
    expect(second?.totalInclCents).toBe(490 + 490);
    expect(third?.lines.map((l) => l.description)).toEqual([
      `Remboursement partiel de la facture ${invoice?.number}`,
    ]);
    expect(third?.totalInclCents).toBe(100);
    for (const note of [first, second, third]) expect(note?.cites?.number).toBe(invoice?.number);

    // The credit notes add up to what was refunded, and the register's VAT follows each note.
    const [row] = await db.sql<
      { refundedCents: number }[]
    >`select refunded_cents from orders where id = ${order.id}`;
    expect([first, second, third].reduce((s, d) => s + (d?.totalInclCents ?? 0), 0)).toBe(row?.refundedCents);
    const { text } = read(docs[2]!.pdf);
    expect(text).toContain('Appât souris 2');
    expect(text).not.toContain('Frais de livraison');
  });

  it('a cancellation after a refund credits the rest of the invoice, not its whole total', async () => {
    const { order, bait } = await paidTwoLineOrder();
    await refund(order.id, [{ itemId: bait, quantity: 1 }]);
    await shop.as('admin').orders.cancelAndRefund({ orderId: order.id, method: 'card' });
    const docs = (await documentsOf(order.id)).map((d) => d.document);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note', 'credit_note']);
    expect(docs[1]?.totalInclCents).toBe(245);
    expect(docs[2]?.totalInclCents).toBe(order.totalAmountCents - 245);
  });
});

describe('a credit note cites its own order’s invoice (through the back-office procedures)', () => {
  it('two invoiced orders: refunding and cancelling the older credits its own invoice, even with a newer one issued', async () => {
    const older = await paidTwoLineOrder();
    const newer = await paidTwoLineOrder();
    const [olderInvoice] = (await documentsOf(older.order.id)).map((d) => d.document);
    const [newerInvoice] = (await documentsOf(newer.order.id)).map((d) => d.document);
    expect(olderInvoice?.number).not.toBe(newerInvoice?.number);

    await refund(older.order.id, [{ itemId: older.trap, quantity: 1 }]);
    await shop.as('admin').orders.cancelAndRefund({ orderId: older.order.id, method: 'card' });
    const notes = (await documentsOf(older.order.id))
      .map((d) => d.document)
      .filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(2);
    for (const note of notes) {
      expect(note.orderId).toBe(older.order.id);
      expect(note.cites).toEqual({ number: olderInvoice?.number, issuedAt: olderInvoice?.issuedAt });
    }
    // The newer order is untouched: its invoice stands alone, nothing credits it.
    expect((await documentsOf(newer.order.id)).map((d) => d.type)).toEqual(['InvoiceIssued']);
    // And the audit, which names a credit note citing another order's invoice, finds nothing.
    expect((await verifyDocuments(db.sql)).problems).toEqual([]);
  });

  it("refuses a refund naming another order's line, in French, and issues no credit note", async () => {
    const mine = await paidTwoLineOrder();
    const other = await paidTwoLineOrder();
    await expect(refund(mine.order.id, [{ itemId: other.trap, quantity: 1 }])).rejects.toThrow(
      'Ligne de commande inconnue.',
    );
    expect((await documentsOf(mine.order.id)).map((d) => d.type)).toEqual(['InvoiceIssued']);
    expect((await documentsOf(other.order.id)).map((d) => d.type)).toEqual(['InvoiceIssued']);
  });
});
