import { describe, expect, it } from 'vitest';
import { parisDay } from '../site/time-zone.js';
import { addDays, dayRangeSchema, eachDay, periodAndPrevious, presetRange } from './periods.js';
import {
  averageBasketCents,
  changePercent,
  countsAsRevenue,
  dailySeries,
  periodRevenue,
  revenueOf,
} from './revenue.js';

describe('which orders count as revenue', () => {
  it('counts pending and paid payments of orders that are not cancelled', () => {
    for (const status of ['pending', 'confirmed', 'processing', 'shipped', 'delivered']) {
      expect(countsAsRevenue({ status, paymentStatus: 'pending' })).toBe(true);
      expect(countsAsRevenue({ status, paymentStatus: 'paid' })).toBe(true);
    }
  });
  it('never counts a cancelled order, a refund or a failed payment', () => {
    expect(countsAsRevenue({ status: 'cancelled', paymentStatus: 'paid' })).toBe(false);
    expect(countsAsRevenue({ status: 'delivered', paymentStatus: 'refunded' })).toBe(false);
    expect(countsAsRevenue({ status: 'pending', paymentStatus: 'failed' })).toBe(false);
  });
  it('sums the counted orders only', () => {
    expect(
      revenueOf([
        { status: 'delivered', paymentStatus: 'paid', totalAmountCents: 1000 },
        { status: 'cancelled', paymentStatus: 'paid', totalAmountCents: 500 },
        { status: 'shipped', paymentStatus: 'refunded', totalAmountCents: 700 },
        { status: 'pending', paymentStatus: 'pending', totalAmountCents: 250 },
      ]),
    ).toEqual({ revenueCents: 1250, orders: 2 });
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
