/*
 * What a document says about its money and its goods (issue 34): the paid date from the payments
 * ledger, the due date of an unpaid invoice, the unit price the PDF and the XML share, the delivery
 * date, itemised credit notes typed 381 citing their own order's invoice, negative amounts in the
 * register CSV, and text that can never break the XML (issue 39 finding 3).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { invoiceOrder, paidLedger, SELLER, SHOP_FACTS } from '../../../tests/support/invoices.js';
import { checkoutFormSchema, placeOrderInputSchema } from '../../domain/checkout/schema.js';
import { CONTROL_CHARACTERS_MESSAGE } from '../../domain/common/fields.js';
import { businessCustomerSchema } from '../../domain/invoices/business.js';
import {
  buildCreditNote,
  buildInvoice,
  documentNumber,
  netUnitPrice,
  PAID_TERMS,
  refundCreditRequest,
  settlementMention,
} from '../../domain/invoices/document.js';
import { facturXml } from '../../domain/invoices/factur-x.js';
import { sellerIdentitySchema } from '../../domain/invoices/identity.js';
import { paidInFull } from '../../domain/invoices/payment.js';
import { registerCsv } from '../../domain/invoices/register.js';
import type { OrderState } from '../../domain/orders/decider.js';
import { EMPTY_LEDGER, type Ledger, legacyLedger } from '../../domain/orders/money.js';

const identity = sellerIdentitySchema.parse(SELLER);
const numbered = (series: string, sequence: number, issuedAt = '2026-11-25T10:00:00.000Z') => ({
  series,
  sequence,
  number: documentNumber(series, sequence),
  issuedAt,
});
const invoiceOf = (order: OrderState, issuedAt?: string) =>
  buildInvoice({ order, identity, shop: SHOP_FACTS, numbered: numbered('FA-2026', 1, issuedAt) });
const tag = (xml: string, name: string) => xml.match(new RegExp(`<ram:${name}>([^<]*)</ram:${name}>`))?.[1];

const payment = (id: string, cents: number, method: string, day: string, at: string) => ({
  ...paidLedger(cents).payments[0]!,
  paymentId: id,
  method,
  day,
  at,
});

describe('the paid date: one rule, from the payments ledger', () => {
  const total = 7959;
  it('is the day of the payment that completed the total; one cent short is not paid', () => {
    const short: Ledger = {
      ...EMPTY_LEDGER,
      payments: [payment('a', total - 1, 'cash', '2026-11-20', '2026-11-20T09:00:00Z')],
    };
    expect(paidInFull(short, total)).toBeNull();
    const full: Ledger = {
      ...short,
      payments: [...short.payments, payment('b', 1, 'cheque', '2026-11-22', '2026-11-22T09:00:00Z')],
    };
    expect(paidInFull(full, total)).toEqual({
      day: '2026-11-22',
      methods: ['Espèces', 'Chèque'],
      paidCents: total,
    });
  });
  it('a correction that takes the total back out unpays; a new payment pays again, on its day', () => {
    const p1 = payment('a', total, 'cash', '2026-11-20', '2026-11-20T09:00:00Z');
    const corrected: Ledger = {
      ...EMPTY_LEDGER,
      payments: [{ ...p1, cancelledBy: 'c' }],
      corrections: [
        {
          paymentId: 'c',
          cancelsPaymentId: 'a',
          amountCents: total,
          method: 'cash',
          day: '2026-11-21',
          note: null,
          at: '2026-11-21T09:00:00Z',
          by: null,
        },
      ],
    };
    expect(paidInFull(corrected, total)).toBeNull();
    const again = {
      ...corrected,
      payments: [
        ...corrected.payments,
        payment('d', total, 'transfer', '2026-11-23', '2026-11-23T09:00:00Z'),
      ],
    };
    expect(paidInFull(again, total)).toMatchObject({ day: '2026-11-23', methods: ['Virement'] });
  });
  it('an order paid through the old status (upcast) has the day of that status', () => {
    expect(paidInFull(legacyLedger('paid', total, '2026-03-02T10:00:00.000Z', 2), total)?.day).toBe(
      '2026-03-02',
    );
  });
});

describe('a paid invoice and an unpaid one', () => {
  it('paid: « Payée le … » with the means; the XML says prepaid = total, due 0, billing mode B2', () => {
    const doc = invoiceOf(invoiceOrder());
    expect(doc.paidAt).toBe('2026-11-20');
    expect(doc.paymentTerms).toBe(PAID_TERMS);
    expect(settlementMention(doc)).toBe('Payée le 20/11/2026 (Carte bancaire).');
    const xml = facturXml(doc);
    expect(tag(xml, 'TotalPrepaidAmount')).toBe('79.59');
    expect(tag(xml, 'DuePayableAmount')).toBe('0.00');
    expect(xml).toContain('<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>B2</ram:ID>');
  });
  it('unpaid: the due date, 30 days after the issue, is printed and in the XML (C. com. L441-9)', () => {
    const doc = invoiceOf(invoiceOrder({ ledger: EMPTY_LEDGER }), '2026-12-31T23:30:00.000Z');
    // Issued on 1 January in Paris: due on 31 January.
    expect(doc.dueDate).toBe('2027-01-31');
    expect(doc.paymentTerms).toBe('Paiement à 30 jours, au plus tard le 31/01/2027.');
    expect(settlementMention(doc)).toBeNull();
    const xml = facturXml(doc);
    expect(tag(xml, 'TotalPrepaidAmount')).toBe('0.00');
    expect(tag(xml, 'DuePayableAmount')).toBe('79.59');
    expect(xml).toContain('<ram:DueDateDateTime><udt:DateTimeString format="102">20270131<');
    expect(xml).toContain('<ram:ID>B1</ram:ID>');
  });
  it('partly paid: prepaid is what was paid, due the rest', () => {
    const doc = invoiceOf(invoiceOrder({ ledger: paidLedger(2000) }));
    const xml = facturXml(doc);
    expect(tag(xml, 'TotalPrepaidAmount')).toBe('20.00');
    expect(tag(xml, 'DuePayableAmount')).toBe('59.59');
  });
});

describe('unit prices and dates the PDF and the XML share', () => {
  it('3 × 9,99 € TTC at 20 %: the unit price is 8,323 € HT in both (it was 8,32 € printed, 8.3233 in the XML), and 3 × it gives the line total', () => {
    const base = invoiceOrder();
    const order = invoiceOrder({
      lines: [{ ...base.lines[0]!, unitPriceCents: 999, totalPriceCents: 2997 }],
      shippingCostCents: 0,
      subtotalCents: 2997,
      totalAmountCents: 2997,
      taxCents: 500,
      ledger: paidLedger(2997),
    });
    const doc = invoiceOf(order);
    const line = doc.lines[0]!;
    expect(line.totalExclCents).toBe(2497);
    expect(netUnitPrice(line)).toBe('8.323');
    expect(Math.round(Number(netUnitPrice(line)) * 3 * 100)).toBe(2497);
    expect(facturXml(doc)).toContain('<ram:ChargeAmount>8.323</ram:ChargeAmount>');
    // A price that divides keeps two decimals.
    expect(netUnitPrice({ quantity: 3, totalExclCents: 3225 })).toBe('10.75');
  });
  it('the XML delivery date is the day the goods were delivered (Paris), not the order date', () => {
    const delivered = invoiceOf(invoiceOrder({ deliveredAt: '2026-11-23T23:30:00.000Z' }));
    expect(delivered.deliveryDate).toBe('2026-11-24');
    expect(facturXml(delivered)).toContain(
      '<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">20261124<',
    );
    const notYet = invoiceOf(invoiceOrder({ deliveredAt: null }));
    expect(facturXml(notYet)).not.toContain('ActualDeliverySupplyChainEvent');
    expect(facturXml(notYet)).not.toContain('20261120</udt:DateTimeString></ram:OccurrenceDateTime>');
  });
});

describe('credit notes', () => {
  const order = invoiceOrder();
  const invoice = invoiceOf(order);
  const credit = (request: Parameters<typeof buildCreditNote>[0]['request'], orderId = order.id) =>
    buildCreditNote({
      orderId,
      invoice,
      identity,
      shop: SHOP_FACTS,
      numbered: numbered('AV-2026', 1),
      creditedCents: 0,
      request,
    });
  it('a refund is itemised: its lines with quantities, the delivery, the extra, the reason and note', () => {
    const request = refundCreditRequest(order, {
      lines: [{ itemId: 'i1', quantity: 2, amountCents: 2580 }],
      shippingCents: 599,
      extraCents: 300,
      amountCents: 2580 + 599 + 300,
      reason: 'damaged',
      note: 'Pièges cassés',
      day: '2026-11-26',
      method: 'cheque',
    });
    const note = credit(request);
    expect(note.lines.map((l) => [l.description, l.quantity, l.totalInclCents])).toEqual([
      ['Piège', 2, 2580],
      ['Frais de livraison', 1, 599],
      ['Remboursement complémentaire sur la facture FA-2026-000001', 1, 300],
    ]);
    expect(note.totalInclCents).toBe(3479);
    expect(note.reason).toBe('Produit endommagé ou défectueux – Pièges cassés');
    expect(settlementMention(note)).toBe('Remboursé le 26/11/2026 (Chèque).');
  });
  it('is typed 381 in Factur-X and cites its own invoice; another order’s invoice is refused', () => {
    const note = credit({ amountCents: 1000, reason: 'Geste commercial' });
    const xml = facturXml(note);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).not.toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml).toContain(
      `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`,
    );
    expect(() => credit({ amountCents: 1000, reason: 'x' }, 'another-order')).toThrow(
      'Un avoir ne peut citer que la facture de sa propre commande.',
    );
  });
  it('the register CSV writes a credit as a negative number, not as guarded text', () => {
    const note = credit({ amountCents: 1817, reason: 'x' });
    const csv = registerCsv([
      {
        kind: 'credit_note',
        number: note.number,
        issuedAt: note.issuedAt,
        orderNumber: note.orderNumber,
        customerName: note.customer.name,
        citesNumber: invoice.number,
        vat: note.vat,
      } as Parameters<typeof registerCsv>[0][number],
    ]);
    expect(csv).toContain(';-18,17\r\n');
    expect(csv).not.toContain("'-");
  });
});

describe('control characters and bidi overrides (issue 39 finding 3)', () => {
  const controls = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1));
  const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
  const form = {
    firstName: 'Marie',
    lastName: 'Lefèvre',
    email: 'm@example.fr',
    phone: '0611223344',
    address: '12 rue des Tilleuls',
    city: 'Évreux',
    zipCode: '27000',
  };
  it('the checkout refuses each of them in a name, an address or a company, with a French message', () => {
    for (const ch of [...controls.filter((c) => c !== '\t' && c !== '\n' && c !== '\r'), ...bidi]) {
      for (const field of ['firstName', 'lastName', 'address', 'city'] as const) {
        const parsed = checkoutFormSchema.safeParse({ ...form, [field]: `A${ch}B` });
        expect(parsed.error?.issues.map((i) => i.message)).toContain(CONTROL_CHARACTERS_MESSAGE);
      }
      expect(
        businessCustomerSchema.safeParse({ companyName: `A${ch}B`, siren: '552100554' }).error?.issues[0]
          ?.message,
      ).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
    // A line break inside a name is refused too; a note keeps its line breaks.
    expect(checkoutFormSchema.safeParse({ ...form, lastName: 'A\nB' }).success).toBe(false);
    const input = {
      ...form,
      deliveryMethod: 'delivery',
      lines: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1 }],
      idempotencyKey: '00000000-0000-4000-8000-000000000002',
      shownTotal: { totalAmountCents: 100, taxCents: 17 },
    };
    const noteOk = placeOrderInputSchema.safeParse({ ...input, notes: 'Code porte\n1234\tB' });
    expect(noteOk.error?.issues.map((i) => i.path.join('.')) ?? []).not.toContain('notes');
    const noteBad = placeOrderInputSchema.safeParse({ ...input, notes: 'Code \u0007 porte' });
    expect(noteBad.error?.issues.map((i) => i.message)).toContain(CONTROL_CHARACTERS_MESSAGE);
  });
  it('the XML stays well formed whatever a stored order holds (every control character, xmllint)', () => {
    const all = [...controls, ...bidi, '\uFFFE', '\uD800'].join('');
    const base = invoiceOrder();
    const doc = invoiceOf(
      invoiceOrder({
        customer: { ...base.customer, firstName: `Ma${all}rie`, address: `12${all} rue` },
        lines: [{ ...base.lines[0]!, title: `Piège${all}` }, base.lines[1]!],
        business: { companyName: `Camping${all}`, siren: '552100554', vatNumber: '' },
      }),
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'factur-x-'));
    const file = path.join(dir, 'factur-x.xml');
    writeFileSync(file, facturXml(doc));
    // xmllint exits non-zero on any well-formedness error.
    expect(execFileSync('xmllint', ['--noout', file], { encoding: 'utf8', stdio: 'pipe' })).toBe('');
  });
});
