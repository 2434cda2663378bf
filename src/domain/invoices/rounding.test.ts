/*
 * Line rounding (issue 34, a planted shape whose fixture never reached the code). The rule, as
 * EN 16931 states it and the builder applies it:
 * - the VAT of a rate is computed once, on that rate's total (BR-CO-17: the VAT category tax amount
 *   is its taxable amount × the rate, to the cent), never as the sum of each line's rounded VAT;
 *   with prices VAT included it is the VAT the customer was charged (`includedTaxCents` of the total);
 * - the lines' net amounts add up to their rate's taxable amount (BR-S-08) and to the document's
 *   sum of line net amounts (BR-CO-10), the difference of rounding going to one line;
 * - taxable amount + VAT = the total the customer paid (BR-CO-15), to the cent.
 * The amounts below are chosen so that rounding each line's VAT gives one cent more or less than
 * rounding the rate's total, at 20 %, 10 % and 5,5 %: a per-line rule cannot pass.
 */
import { describe, expect, it } from 'vitest';
import { invoiceOrder, paidLedger, SELLER, SHOP_FACTS } from '../../../tests/support/invoices.js';
import { includedTaxCents } from '../catalog/pricing.js';
import type { OrderState } from '../orders/decider.js';
import {
  buildCreditNote,
  buildInvoice,
  type DocumentSnapshot,
  documentNumber,
  vatBreakdown,
} from './document.js';
import { facturXml } from './factur-x.js';
import { sellerIdentitySchema } from './identity.js';

const identity = sellerIdentitySchema.parse(SELLER);

/** 3 × 1,99 € + 2,95 € + 8 × 1,49 € + 5,99 € delivery = 26,83 €, VAT included at `rate`. */
const LINES = [
  { title: 'Piège à mouches', quantity: 3, unit: 199 },
  { title: 'Plaque de glu', quantity: 1, unit: 295 },
  { title: 'Sachet appât', quantity: 8, unit: 149 },
];
const SHIPPING = 599;
const TOTAL = 3 * 199 + 295 + 8 * 149 + SHIPPING;

function orderAt(rate: number): OrderState {
  const base = invoiceOrder();
  const lines = LINES.map((l, i) => ({
    ...base.lines[0]!,
    itemId: `i${i}`,
    productId: `p${i}`,
    title: l.title,
    quantity: l.quantity,
    unitPriceCents: l.unit,
    totalPriceCents: l.quantity * l.unit,
  }));
  return invoiceOrder({
    lines,
    subtotalCents: TOTAL - SHIPPING,
    shippingCostCents: SHIPPING,
    taxCents: includedTaxCents(TOTAL, rate),
    totalAmountCents: TOTAL,
    taxRate: rate,
    paidCents: TOTAL,
    ledger: paidLedger(TOTAL),
  });
}

let sequence = 0;
const numbered = (prefix: 'FA' | 'AV') => {
  sequence += 1;
  const series = `${prefix}-2026`;
  return { series, sequence, number: documentNumber(series, sequence), issuedAt: '2026-11-25T10:00:00.000Z' };
};

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** Every balance EN 16931 checks between a document's lines, its VAT breakdown and its totals. */
function expectBalanced(doc: DocumentSnapshot) {
  // BR-CO-10 / BR-CO-13 (no document-level allowance or charge): Σ line net = taxable total.
  expect(sum(doc.lines.map((l) => l.totalExclCents))).toBe(doc.totalExclCents);
  expect(sum(doc.lines.map((l) => l.totalInclCents))).toBe(doc.totalInclCents);
  for (const v of doc.vat) {
    const ofRate = doc.lines.filter((l) => l.vatRate === v.rate);
    // BR-S-08: the taxable amount of a rate is the sum of its lines' net amounts.
    expect(sum(ofRate.map((l) => l.totalExclCents))).toBe(v.baseCents);
    expect(sum(ofRate.map((l) => l.totalInclCents))).toBe(v.totalInclCents);
    // The VAT of the rate is computed once on its total…
    expect(v.vatCents).toBe(includedTaxCents(v.totalInclCents, v.rate));
    // …and stays within the cent of taxable amount × rate (BR-CO-17).
    expect(Math.abs(v.vatCents - (v.baseCents * v.rate) / 100)).toBeLessThan(1);
    expect(v.baseCents + v.vatCents).toBe(v.totalInclCents);
  }
  // BR-CO-14 and BR-CO-15: Σ VAT per rate = total VAT; taxable + VAT = grand total.
  expect(sum(doc.vat.map((v) => v.vatCents))).toBe(doc.totalVatCents);
  expect(sum(doc.vat.map((v) => v.baseCents))).toBe(doc.totalExclCents);
  expect(doc.totalExclCents + doc.totalVatCents).toBe(doc.totalInclCents);

  // The XML says the same figures: its line amounts add up to its header's.
  const xml = facturXml(doc);
  const amounts = (tag: string) =>
    [...xml.matchAll(new RegExp(`<ram:${tag}[^>]*>([-\\d.]+)<`, 'g'))].map((m) => m[1]);
  const lineTotals = amounts('LineTotalAmount');
  const header = lineTotals.pop();
  expect(sum(lineTotals.map((a) => Math.round(Number(a) * 100)))).toBe(Math.round(Number(header) * 100));
  expect(amounts('TaxBasisTotalAmount')).toEqual([(doc.totalExclCents / 100).toFixed(2)]);
  expect(amounts('GrandTotalAmount')).toEqual([(doc.totalInclCents / 100).toFixed(2)]);
}

describe('line rounding: lines, VAT and totals balance to the cent (EN 16931 BR-CO-10, BR-CO-15, BR-CO-17, BR-S-08)', () => {
  for (const rate of [20, 10, 5.5]) {
    it(`an invoice at ${String(rate).replace('.', ',')} %: the VAT is the rate's total's, the lines add up to its base`, () => {
      const order = orderAt(rate);
      const invoice = buildInvoice({ order, identity, shop: SHOP_FACTS, numbered: numbered('FA') });
      // The fixture reaches the rule: rounding each line's VAT would give another figure.
      const perLine = sum(invoice.lines.map((l) => includedTaxCents(l.totalInclCents, rate)));
      expect(perLine).not.toBe(includedTaxCents(TOTAL, rate));
      // The document's VAT is what the checkout charged (OrderPlaced's taxCents), computed once.
      expect(invoice.vat).toEqual([
        { rate, baseCents: TOTAL - order.taxCents, vatCents: order.taxCents, totalInclCents: TOTAL },
      ]);
      expect(invoice.totalInclCents).toBe(TOTAL);
      expectBalanced(invoice);
    });
  }

  // Two rates on one document (the shop has one rate per order today; a credit note spreads an
  // amount over every rate of its invoice, so the builder must balance each rate on its own).
  const twoRates = (): DocumentSnapshot => {
    const at20 = buildInvoice({ order: orderAt(20), identity, shop: SHOP_FACTS, numbered: numbered('FA') });
    const at55 = buildInvoice({ order: orderAt(5.5), identity, shop: SHOP_FACTS, numbered: numbered('FA') });
    const lines = [...at20.lines, ...at55.lines].map((l) => ({ ...l }));
    const vat = vatBreakdown(lines);
    return {
      ...at20,
      lines,
      vat,
      totalExclCents: sum(vat.map((v) => v.baseCents)),
      totalVatCents: sum(vat.map((v) => v.vatCents)),
      totalInclCents: sum(vat.map((v) => v.totalInclCents)),
    };
  };

  it('two rates on one invoice: each rate balances on its own, and the document on their sums', () => {
    const invoice = twoRates();
    expect(invoice.vat.map((v) => v.rate)).toEqual([20, 5.5]);
    expectBalanced(invoice);
  });

  it('a credit note by amount over two rates, and one by lines: balanced to the cent as well', () => {
    const invoice = twoRates();
    const credit = (request: Parameters<typeof buildCreditNote>[0]['request'], creditedCents = 0) =>
      buildCreditNote({
        orderId: invoice.orderId,
        invoice,
        identity,
        shop: SHOP_FACTS,
        numbered: numbered('AV'),
        creditedCents,
        request,
      });
    const byAmount = credit({ amountCents: 1001, reason: 'Geste commercial' });
    expect(byAmount.totalInclCents).toBe(1001);
    expect(byAmount.vat.map((v) => v.rate)).toEqual([20, 5.5]);
    expectBalanced(byAmount);
    const byLines = credit(
      {
        lines: [
          { index: 0, quantity: 2 },
          { index: 2, quantity: 5 },
          { index: 6, quantity: 7 },
        ],
        reason: 'Retour de marchandise',
      },
      1001,
    );
    expect(byLines.totalInclCents).toBe(2 * 199 + 5 * 149 + 7 * 149);
    expectBalanced(byLines);
  });
});
