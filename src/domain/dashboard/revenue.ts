/**
 * What the dashboard counts, in one place (docs/decisions/013-dashboard.md). The server's SQL reads
 * its predicates from the constants below, and the unit tests check the same rule on plain data.
 *
 * Revenue is what the shop has earned or still expects to be paid for:
 * - a deleted order is gone from the read tables (it stays in the log): it never counts;
 * - a cancelled order never counts, whatever its payment status;
 * - a refunded order never counts (money given back), whatever its order status;
 * - a failed payment does not count (nothing was earned; a retry that succeeds sets it to paid);
 * - every other order counts at its total as charged (lines, delivery and VAT included):
 *   pending or paid payment, any status from pending to delivered.
 */
import type { OrderStatus, PaymentStatus } from '../orders/status.js';

/** Order statuses whose orders never count as revenue. */
export const NON_REVENUE_STATUSES = ['cancelled'] as const satisfies readonly OrderStatus[];
/** Payment statuses whose orders count as revenue (refunded and failed do not). */
export const REVENUE_PAYMENT_STATUSES = ['pending', 'paid'] as const satisfies readonly PaymentStatus[];

export interface RevenueOrder {
  status: string;
  paymentStatus: string;
  totalAmountCents: number;
}

/** Whether an order (still in the read tables, so not deleted) counts as revenue. */
export function countsAsRevenue(order: Pick<RevenueOrder, 'status' | 'paymentStatus'>): boolean {
  return (
    !(NON_REVENUE_STATUSES as readonly string[]).includes(order.status) &&
    (REVENUE_PAYMENT_STATUSES as readonly string[]).includes(order.paymentStatus)
  );
}

/** Revenue (cents) and the number of orders that make it. */
export function revenueOf(orders: readonly RevenueOrder[]): { revenueCents: number; orders: number } {
  let revenueCents = 0;
  let count = 0;
  for (const order of orders) {
    if (!countsAsRevenue(order)) continue;
    revenueCents += order.totalAmountCents;
    count += 1;
  }
  return { revenueCents, orders: count };
}

/** Average basket (cents, rounded): revenue over the orders that make it; null without any. */
export function averageBasketCents(revenueCents: number, orders: number): number | null {
  return orders > 0 ? Math.round(revenueCents / orders) : null;
}

/**
 * Change of a figure against the previous period, in percent with one decimal; null when the
 * previous period had nothing (no meaningful percentage).
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** One Paris day of revenue: what the counted orders of that day add up to. */
export interface DailyRevenue {
  day: string;
  revenueCents: number;
  orders: number;
}

/** A period's revenue, with the previous period's and the change between them. */
export interface PeriodRevenue {
  revenueCents: number;
  orders: number;
  previousRevenueCents: number;
  previousOrders: number;
  changePercent: number | null;
}

/** Sums the days of `rows` that fall in [from, to] (days as 'YYYY-MM-DD', both ends included). */
export function sumDays(rows: readonly DailyRevenue[], from: string, to: string) {
  let revenueCents = 0;
  let orders = 0;
  for (const row of rows) {
    if (row.day < from || row.day > to) continue;
    revenueCents += row.revenueCents;
    orders += row.orders;
  }
  return { revenueCents, orders };
}

/** The period and the one before it, from daily rows covering both. */
export function periodRevenue(
  rows: readonly DailyRevenue[],
  current: { from: string; to: string },
  previous: { from: string; to: string },
): PeriodRevenue {
  const now = sumDays(rows, current.from, current.to);
  const before = sumDays(rows, previous.from, previous.to);
  return {
    revenueCents: now.revenueCents,
    orders: now.orders,
    previousRevenueCents: before.revenueCents,
    previousOrders: before.orders,
    changePercent: changePercent(now.revenueCents, before.revenueCents),
  };
}

/** Every day of [from, to] with its revenue, zero where nothing was sold (the chart's series). */
export function dailySeries(rows: readonly DailyRevenue[], days: readonly string[]): DailyRevenue[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => byDay.get(day) ?? { day, revenueCents: 0, orders: 0 });
}
