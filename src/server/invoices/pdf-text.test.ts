/*
 * The invoice PDF read back as text (pdftotext) and its attachment (pdfdetach): names in any script
 * (issue 39 finding 9), the paid date with the means, the due date, and the unit price the XML has.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { invoiceOrder, paidLedger, SELLER, SHOP_FACTS } from '../../../tests/support/invoices.js';
import { buildInvoice, documentNumber } from '../../domain/invoices/document.js';
import { sellerIdentitySchema } from '../../domain/invoices/identity.js';
import type { OrderState } from '../../domain/orders/decider.js';
import { EMPTY_LEDGER } from '../../domain/orders/money.js';
import { renderDocumentPdf } from './pdf.js';

const identity = sellerIdentitySchema.parse(SELLER);
const invoiceOf = (order: OrderState) =>
  buildInvoice({
    order,
    identity,
    shop: SHOP_FACTS,
    numbered: {
      series: 'FA-2026',
      sequence: 1,
      number: documentNumber('FA-2026', 1),
      issuedAt: '2026-11-25T10:00:00.000Z',
    },
  });

/** pdftotext's reading, and the attached factur-x.xml. */
async function read(order: OrderState) {
  const pdf = await renderDocumentPdf(invoiceOf(order));
  const dir = mkdtempSync(path.join(tmpdir(), 'invoice-'));
  const file = path.join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(
    /[\u00a0\u202f]/g,
    ' ',
  );
  execFileSync('pdfdetach', ['-save', '1', '-o', path.join(dir, 'fx.xml'), file]);
  return { text, xml: readFileSync(path.join(dir, 'fx.xml'), 'utf8') };
}

const base = invoiceOrder();

describe('the invoice PDF as read back', () => {
  it('prints names in Greek, Cyrillic, Arabic, Hebrew and Chinese, and a bidi override changes nothing', async () => {
    const names = ['Ελένη', 'Παπαδοπούλου', 'Борис', 'Пастернак', 'محمد', 'דוד', '王小明'];
    const { text } = await read(
      invoiceOrder({
        customer: {
          ...base.customer,
          firstName: `${names.slice(0, 4).join(' ')}`,
          lastName: `${names.slice(4).join(' ')} \u202Eabc`,
        },
        lines: [{ ...base.lines[0]!, title: 'Piège 山田 Ωmega' }, base.lines[1]!],
      }),
    );
    for (const name of names) expect(text).toContain(name);
    expect(text).toContain('山田');
    expect(text).toContain('abc');
  });
  it('a paid invoice says « Payée le … » with the means of payment', async () => {
    const { text, xml } = await read(base);
    expect(text).toContain('Payée le 20/11/2026 (Carte bancaire).');
    expect(xml).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>');
  });
  it('an unpaid invoice prints its due date', async () => {
    const { text } = await read(invoiceOrder({ ledger: EMPTY_LEDGER }));
    expect(text).toContain('Paiement à 30 jours, au plus tard le 25/12/2026.');
    expect(text).not.toContain('Payée le');
  });
  it('the unit price printed is the one the XML carries: 3 × 8,323 € = 24,97 €', async () => {
    const { text, xml } = await read(
      invoiceOrder({
        lines: [{ ...base.lines[0]!, unitPriceCents: 999, totalPriceCents: 2997 }],
        shippingCostCents: 0,
        subtotalCents: 2997,
        totalAmountCents: 2997,
        taxCents: 500,
        ledger: paidLedger(2997),
      }),
    );
    expect(text).toMatch(/3 8,323 € — 20 % 24,97 €/);
    expect(xml).toContain('<ram:ChargeAmount>8.323</ram:ChargeAmount>');
  });
});
