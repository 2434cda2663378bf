/**
 * The boundaries of the money rules (issue 34), each pinned where a planted bug would move it: one
 * cent, the 30th day, Paris midnight, the total (not the subtotal), the VAT figure shown.
 */
import { describe, expect, it } from 'vitest';
import { effectivePriceCents, referencePriceCents, unitPrice } from '../catalog/pricing.js';
import { checkShownTotal } from '../checkout/total-check.js';
import { ORDER_TOTAL_MAX_CENTS } from '../common/limits.js';
import { documentSeries } from '../invoices/document.js';
import { decide, type OrderCommand } from './decider.js';
import { EMPTY_LEDGER, type LedgerPayment, moneySummary } from './money.js';
import { withdrawalLastDay, withdrawalWindow } from './withdrawal.js';

const cash = (amountCents: number): LedgerPayment => ({
  paymentId: `p-${amountCents}`,
  amountCents,
  method: 'cash',
  day: '2026-11-24',
  reference: null,
  at: '2026-11-24T10:00:00.000Z',
  by: null,
  cancelledBy: null,
  legacy: false,
});

describe('« Payée » is the whole total, to the cent', () => {
  it('one cent short is « Partiellement payée », with 1 cent left; the total is « Payée »', () => {
    const short = moneySummary({ ...EMPTY_LEDGER, payments: [cash(2499)] }, 2500);
    expect(short).toMatchObject({ status: 'partially_paid', leftCents: 1 });
    const whole = moneySummary({ ...EMPTY_LEDGER, payments: [cash(1250), cash(1250)] }, 2500);
    expect(whole).toMatchObject({ status: 'paid', leftCents: 0 });
  });
});

describe('the reference price is the lowest of the 30 days before the reduction (C. conso L112-1-1)', () => {
  const start = new Date('2026-11-25T09:00:00.000Z');
  const daysAgo = (days: number, hours = 0) =>
    new Date(start.getTime() - days * 86_400_000 + hours * 3_600_000);
  /** 30,00 € for months, except 20,00 € charged for one hour `days` days before the promotion. */
  const dipped = (days: number) => [
    { at: daysAgo(90), effectivePriceCents: 3000 },
    { at: daysAgo(days), effectivePriceCents: 2000 },
    { at: daysAgo(days, 1), effectivePriceCents: 3000 },
  ];
  it('a price charged 29 days before counts, and one in force when the 30th day opens; 31 days before does not', () => {
    expect(referencePriceCents(dipped(29), start, 3000)).toBe(2000);
    expect(referencePriceCents(dipped(30), start, 3000)).toBe(2000);
    expect(referencePriceCents(dipped(31), start, 3000)).toBe(3000);
  });
});

describe('promotions', () => {
  const product = { priceCents: 3000, promoPriceCents: 2000, isOnPromotion: true, referencePriceCents: 2500 };
  it('during a promotion the unit price is the promo price; off promotion the regular one', () => {
    expect(effectivePriceCents(product)).toBe(2000);
    expect(effectivePriceCents({ ...product, isOnPromotion: false })).toBe(3000);
  });
  it('a reference price lowered to the promo price (or below) during the promotion ends the reduction', () => {
    expect(effectivePriceCents({ ...product, referencePriceCents: 2000 })).toBe(3000);
    expect(effectivePriceCents({ ...product, referencePriceCents: 1900 })).toBe(3000);
    expect(effectivePriceCents({ ...product, referencePriceCents: 2001 })).toBe(2000);
  });
  it('the price per litre (L112-1) during a promotion is the promo price per litre: 20,00 € for 0,5 l is 40,00 € / l', () => {
    const halfLitre = { ...product, netQuantity: 500, netUnit: 'ml' };
    expect(unitPrice(halfLitre)).toEqual({ cents: 4000, unit: 'l' });
    expect(unitPrice({ ...halfLitre, isOnPromotion: false })).toEqual({ cents: 6000, unit: 'l' });
  });
});

describe('withdrawal: 14 days from the Paris day of delivery (L221-18), with an injected clock', () => {
  // Delivered at 00:30 in Paris on 11 November (still the 10th in UTC): the last day is the 25th.
  const delivered = {
    deliveredAt: '2026-11-10T23:30:00.000Z',
    withdrawal: null,
    status: 'delivered',
    deleted: false,
  };
  it('counts from the Paris date, not the UTC one', () => {
    expect(withdrawalLastDay(delivered.deliveredAt)).toBe('2026-11-25');
  });
  it('stays open until Paris midnight ending the last day, closed one millisecond later', () => {
    expect(withdrawalWindow(delivered, new Date('2026-11-25T22:59:59.999Z')).kind).toBe('open');
    expect(withdrawalWindow(delivered, new Date('2026-11-25T23:00:00.000Z'))).toEqual({
      kind: 'closed',
      reason: 'expired',
      lastDay: '2026-11-25',
    });
  });
});

describe('invoice series: the Paris year of the issue time', () => {
  it('Paris midnight on 31 December starts the new year series', () => {
    expect(documentSeries('FA', new Date('2026-12-31T22:59:59.999Z'))).toBe('FA-2026');
    expect(documentSeries('FA', new Date('2026-12-31T23:00:00.000Z'))).toBe('FA-2027');
    // Summer time: midnight in Paris is 22:00 UTC.
    expect(documentSeries('AV', new Date('2027-06-30T22:00:00.000Z'))).toBe('AV-2027');
  });
});

describe('the shown total is checked with its VAT (L221-14, C. civ. 1127-2)', () => {
  const amounts = { subtotalCents: 2000, shippingCostCents: 599, taxCents: 433, totalAmountCents: 2599 };
  it('the same total with another VAT figure is refused; the same figures pass', () => {
    expect(() => checkShownTotal({ totalAmountCents: 2599, taxCents: 433 }, amounts)).not.toThrow();
    expect(() => checkShownTotal({ totalAmountCents: 2599, taxCents: 432 }, amounts)).toThrow(
      expect.objectContaining({ code: 'TOTAL_CHANGED' }),
    );
    expect(() => checkShownTotal({ totalAmountCents: 2598, taxCents: 433 }, amounts)).toThrow(
      expect.objectContaining({ code: 'TOTAL_CHANGED' }),
    );
  });
});

describe('the order cap is on the total, delivery included', () => {
  const productId = 'b0000000-0000-4000-8000-000000000001';
  const place = (unitCents: number, quantity: number, shippingCents: number): OrderCommand => ({
    type: 'PlaceOrder',
    orderNumber: 'CMD-2026-000001',
    customerId: null,
    customer: {
      firstName: 'Marie',
      lastName: 'Lefèvre',
      email: 'marie@example.fr',
      phone: '0611223344',
      address: '1 rue Verte',
      city: 'Évreux',
      zipCode: '27000',
    },
    deliveryMethod: 'delivery',
    lines: [{ productId, quantity }],
    products: [
      {
        id: productId,
        title: 'Station',
        image: null,
        priceCents: unitCents,
        promoPriceCents: null,
        isOnPromotion: false,
        isAvailable: true,
        isVisibleInShop: true,
        infiniteStock: true,
        stockQuantity: 0,
      },
    ],
    itemIds: ['c0000000-0000-4000-8000-000000000001'],
    delivery: {
      shippingEnabled: true,
      defaultShippingCostCents: shippingCents,
      freeShippingThresholdCents: Number.MAX_SAFE_INTEGER,
      taxRate: 20,
    },
    shownTotal: null,
  });
  it('a subtotal at the cap with delivery on top is refused; the cap itself passes', () => {
    const unit = ORDER_TOTAL_MAX_CENTS / 50;
    expect(() => decide(place(unit, 50, 1), null)).toThrow(
      expect.objectContaining({ code: 'ORDER_TOTAL_TOO_HIGH' }),
    );
    expect(decide(place(unit, 50, 0), null)[0]?.type).toBe('OrderPlaced');
  });
});
