import { describe, expect, it } from 'vitest';
import { parisDay } from '../site/time-zone.js';
import { addDays, dayRangeSchema, eachDay, periodAndPrevious, presetRange } from './periods.js';
import {
  averageBasketCents,
  changePercent,
  countsAsRevenue,
  dailySeries,
  periodRevenue,
  revenueCents,
  revenueOf,
  spentCents,
} from './revenue.js';

/**
 * Issue 22, point 2, written from the rules' words (revenue.ts) with a fixture that tells the
 * answers apart: a failed, a refunded, a partially refunded, an unpaid and a cancelled order.
 * Figures computed by hand.
 */
const fixture = {
  // Paid 30,00 €, then 5,00 € refunded: « Partiellement remboursée ».
  partial: {
    status: 'delivered',
    paymentStatus: 'partially_refunded',
    totalAmountCents: 3000,
    paidCents: 3000,
    refundedCents: 500,
  },
  // Paid 20,00 €, all of it refunded: « Remboursée ».
  refunded: {
    status: 'delivered',
    paymentStatus: 'refunded',
    totalAmountCents: 2000,
    paidCents: 2000,
    refundedCents: 2000,
  },
  // A card declined, nothing paid: « Échouée ».
  failed: {
    status: 'pending',
    paymentStatus: 'failed',
    totalAmountCents: 1000,
    paidCents: 0,
    refundedCents: 0,
  },
  // Not paid yet (paid at pickup): « En attente ».
  unpaid: {
    status: 'confirmed',
    paymentStatus: 'pending',
    totalAmountCents: 1500,
    paidCents: 0,
    refundedCents: 0,
  },
  // Cancelled before any payment.
  cancelled: {
    status: 'cancelled',
    paymentStatus: 'pending',
    totalAmountCents: 800,
    paidCents: 0,
    refundedCents: 0,
  },
  // Half paid so far: « Partiellement payée ».
  half: {
    status: 'processing',
    paymentStatus: 'partially_paid',
    totalAmountCents: 4000,
    paidCents: 2000,
    refundedCents: 0,
  },
};

describe("« chiffre d'affaires »: earned or expected, net of what was given back", () => {
  it('a partially refunded order counts at its total less the refund: 30,00 − 5,00 = 25,00 €', () => {
    expect(revenueCents(fixture.partial)).toBe(2500);
  });
  it('an order refunded of everything paid, a failed payment and a cancelled order count for nothing', () => {
    expect(revenueCents(fixture.refunded)).toBe(0);
    expect(revenueCents(fixture.failed)).toBe(0);
    expect(revenueCents(fixture.cancelled)).toBe(0);
    expect(countsAsRevenue(fixture.refunded)).toBe(false);
    expect(countsAsRevenue(fixture.failed)).toBe(false);
    expect(countsAsRevenue(fixture.cancelled)).toBe(false);
  });
  it('an order not (fully) paid yet counts at its total: still expected', () => {
    expect(revenueCents(fixture.unpaid)).toBe(1500);
    expect(revenueCents(fixture.half)).toBe(4000);
  });
  it('the whole fixture: 25,00 + 15,00 + 40,00 = 80,00 € over 3 orders', () => {
    expect(revenueOf(Object.values(fixture))).toEqual({ revenueCents: 8000, orders: 3 });
  });
});

describe('« total dépensé »: paid, net of refunds', () => {
  it('counts what was paid less what was refunded, and nothing for unpaid orders', () => {
    expect(spentCents(fixture.partial)).toBe(2500);
    expect(spentCents(fixture.refunded)).toBe(0);
    expect(spentCents(fixture.failed)).toBe(0);
    expect(spentCents(fixture.unpaid)).toBe(0);
    expect(spentCents(fixture.cancelled)).toBe(0);
    expect(spentCents(fixture.half)).toBe(2000);
    // 25,00 + 20,00 = 45,00 €.
    expect(Object.values(fixture).reduce((sum, o) => sum + spentCents(o), 0)).toBe(4500);
  });
});

describe('figures', () => {
  it('average basket and change', () => {
    expect(averageBasketCents(1000, 3)).toBe(333);
    expect(averageBasketCents(0, 0)).toBeNull();
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(5, 0)).toBeNull();
  });
  it('period and previous period from daily rows', () => {
    const rows = [
      { day: '2026-11-23', revenueCents: 100, orders: 1 },
      { day: '2026-11-22', revenueCents: 300, orders: 2 },
      { day: '2026-11-16', revenueCents: 50, orders: 1 },
    ];
    const week = periodAndPrevious('2026-11-23', 7);
    expect(week).toEqual({
      current: { from: '2026-11-17', to: '2026-11-23' },
      previous: { from: '2026-11-10', to: '2026-11-16' },
    });
    expect(periodRevenue(rows, week.current, week.previous)).toEqual({
      revenueCents: 400,
      orders: 3,
      previousRevenueCents: 50,
      previousOrders: 1,
      changePercent: 700,
    });
    const today = periodAndPrevious('2026-11-23', 1);
    expect(periodRevenue(rows, today.current, today.previous).changePercent).toBe(-66.7);
    expect(dailySeries(rows, eachDay('2026-11-21', '2026-11-23')).map((r) => r.revenueCents)).toEqual([
      0, 300, 100,
    ]);
  });
});

describe('Paris days', () => {
  it('reads the day in Paris, across midnight and the time change', () => {
    expect(parisDay(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(parisDay(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
    expect(parisDay(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(eachDay('2026-10-24', '2026-10-26')).toHaveLength(3);
  });
  it('presets and the range schema', () => {
    expect(presetRange('lastMonth', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('year', '2026-03-15')).toEqual({ from: '2026-01-01', to: '2026-03-15' });
    expect(presetRange('30d', '2026-03-15').from).toBe('2026-02-14');
    expect(dayRangeSchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(dayRangeSchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(dayRangeSchema.safeParse({ from: '2020-01-01', to: '2026-03-01' }).success).toBe(false);
    expect(dayRangeSchema.safeParse({ from: '2026-01-01', to: '2026-03-01' }).success).toBe(true);
  });
});
