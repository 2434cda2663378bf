import type { OrderStatus, PaymentStatus } from '../orders/status.js';

/**
 * What the shop counts as money earned and spent, in one place each (issue 22, point 2;
 * docs/decisions/013-dashboard.md and 018-payments-ledger.md). The server's SQL
 * (src/server/orders/sales.ts) is these rules written once in SQL, and the tests check both against
 * hand-computed figures.
 */

/** What the rules read of an order (a read-table row or a folded state). */
export interface MoneyFacts {
  status: string;
  paymentStatus: string;
  totalAmountCents: number;
  paidCents: number;
  refundedCents: number;
}

/**
 * « Chiffre d'affaires » (the dashboard, Paramètres › Statistiques): what the shop has earned or
 * still expects to be paid for, net of what it gave back.
 * - a deleted order is gone from the read tables (it stays in the log): it never counts;
 * - a cancelled order counts for nothing, whatever was paid (cancelling after payment refunds it);
 * - an order whose payment failed counts for nothing (nothing was earned);
 * - an order refunded of everything paid (« Remboursée ») counts for nothing;
 * - every other order counts at its total as charged (lines, delivery and VAT included), less
 *   what was refunded on it (« Partiellement remboursée »), paid or not yet.
 */
export function revenueCents(order: MoneyFacts): number {
  if (!countsAsRevenue(order)) return 0;
  return Math.max(0, order.totalAmountCents - order.refundedCents);
}

/** Whether an order makes revenue (and counts among the orders of the average basket). */
export const countsAsRevenue = (order: Pick<MoneyFacts, 'status' | 'paymentStatus'>): boolean =>
  !(NON_REVENUE_STATUSES as readonly string[]).includes(order.status) &&
  !(NON_REVENUE_PAYMENT_STATUSES as readonly string[]).includes(order.paymentStatus);

/** Order statuses whose orders never count as revenue. */
export const NON_REVENUE_STATUSES = ['cancelled'] as const satisfies readonly OrderStatus[];
/** Payment statuses whose orders never count as revenue. */
export const NON_REVENUE_PAYMENT_STATUSES = [
  'failed',
  'refunded',
] as const satisfies readonly PaymentStatus[];

/** Revenue (cents) and the number of orders that make it, by the rule above. */
export function revenueOf(orders: readonly MoneyFacts[]): { revenueCents: number; orders: number } {
  let total = 0;
  let count = 0;
  for (const order of orders) {
    if (!countsAsRevenue(order)) continue;
    total += revenueCents(order);
    count += 1;
  }
  return { revenueCents: total, orders: count };
}

/**
 * « Total dépensé » (/compte, the customers' list): what the customer has actually paid the shop,
 * net of what was given back: payments less their corrections, less refunds, over their orders
 * still in the read tables. An order not paid yet has cost them nothing yet; a cancelled one was
 * refunded (a cancellation after payment requires it).
 */
export const spentCents = (order: Pick<MoneyFacts, 'paidCents' | 'refundedCents'>): number =>
  Math.max(0, order.paidCents - order.refundedCents);

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
