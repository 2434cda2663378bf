/**
 * The dashboard's figures, read from the read tables (orders, order_items, products, profiles).
 * Which orders count as revenue is the domain's rule (src/domain/dashboard/revenue.ts): the
 * predicate below is built from its constants. Days are Paris days: a day 'YYYY-MM-DD' starts at
 * `day::timestamp at time zone 'Europe/Paris'`, so each range is a plain range on created_at, which
 * the orders_created_idx index serves (docs/decisions/013-dashboard.md).
 */
import { LOW_STOCK_THRESHOLD } from '../../domain/catalog/pricing.js';
import {
  addDays,
  type DayRange,
  eachDay,
  periodAndPrevious,
  REVENUE_PERIODS,
} from '../../domain/dashboard/periods.js';
import {
  averageBasketCents,
  changePercent,
  type DailyRevenue,
  dailySeries,
  periodRevenue,
} from '../../domain/dashboard/revenue.js';
import { ORDER_STATUSES } from '../../domain/orders/status.js';
import { parisDay, SHOP_TIME_ZONE } from '../../domain/site/time-zone.js';
import type { Tx } from '../db/client.js';
import { countsAsRevenueSql, revenueCentsSql } from '../orders/sales.js';

/** The days shown by the revenue chart and used for the average basket and new customers. */
export const CHART_DAYS = 30;

/** The instant a Paris day starts. */
const dayStart = (sql: Tx, day: string) => sql`(${day}::date::timestamp at time zone ${SHOP_TIME_ZONE})`;

/** created_at within the Paris days [from, to], as a range the index serves. */
const createdWithin = (sql: Tx, range: DayRange, column = sql`created_at`) =>
  sql`${column} >= ${dayStart(sql, range.from)} and ${column} < ${dayStart(sql, addDays(range.to, 1))}`;

/** The domain's revenue rule as SQL, on the orders table. */
const countsAsRevenue = (sql: Tx) => countsAsRevenueSql(sql, sql`orders`);

/** Paris days [from, to] of the daily sales aggregate. */
const salesWithin = (sql: Tx, range: DayRange) => sql`day between ${range.from}::date and ${range.to}::date`;

/** Revenue and counted orders per Paris day over [from, to]. */
export async function revenueByDay(sql: Tx, range: DayRange): Promise<DailyRevenue[]> {
  return await sql<DailyRevenue[]>`
    select (created_at at time zone ${SHOP_TIME_ZONE})::date::text as day,
           sum(${revenueCentsSql(sql, sql`orders`)})::int8 as revenue_cents, count(*)::int as orders
      from orders
     where ${createdWithin(sql, range)} and ${countsAsRevenue(sql)}
     group by 1
     order by 1`;
}

/**
 * Revenue today, over 7 and 30 days, each against the period before; the average basket over 30
 * days against the 30 before; revenue per day over the last 30 days (the chart).
 */
export async function revenueSummary(sql: Tx, now: Date) {
  const today = parisDay(now);
  const month = periodAndPrevious(today, CHART_DAYS);
  const rows = await revenueByDay(sql, { from: month.previous.from, to: today });
  const periods = REVENUE_PERIODS.map((period) => {
    const { current, previous } = periodAndPrevious(today, period.days);
    return { key: period.key, days: period.days, ...periodRevenue(rows, current, previous) };
  });
  const last = periods[periods.length - 1];
  const basket = last ? averageBasketCents(last.revenueCents, last.orders) : null;
  const previousBasket = last ? averageBasketCents(last.previousRevenueCents, last.previousOrders) : null;
  return {
    today,
    periods,
    averageBasket: {
      cents: basket,
      previousCents: previousBasket,
      changePercent:
        basket !== null && previousBasket !== null ? changePercent(basket, previousBasket) : null,
    },
    days: dailySeries(rows, eachDay(month.current.from, today)),
  };
}

/** Orders placed in the last 30 days by status (every status, counted or not; deleted ones are gone). */
export async function ordersByStatus(sql: Tx, now: Date) {
  const range = periodAndPrevious(parisDay(now), CHART_DAYS).current;
  const rows = await sql<{ status: string; orders: number }[]>`
    select status, count(*)::int as orders from orders where ${createdWithin(sql, range)} group by status`;
  const counts = new Map(rows.map((r) => [r.status, r.orders]));
  const statuses = ORDER_STATUSES.map((status) => ({ status, orders: counts.get(status) ?? 0 }));
  return { ...range, total: statuses.reduce((sum, s) => sum + s.orders, 0), statuses };
}

/** Customer accounts (role user) created in the last 30 days, against the 30 before. */
export async function newCustomers(sql: Tx, now: Date) {
  const { current, previous } = periodAndPrevious(parisDay(now), CHART_DAYS);
  const [row] = await sql<{ current: number; previous: number }[]>`
    select count(*) filter (where created_at >= ${dayStart(sql, current.from)})::int as current,
           count(*) filter (where created_at < ${dayStart(sql, current.from)})::int as previous
      from profiles
     where role = 'user' and ${createdWithin(sql, { from: previous.from, to: current.to })}`;
  const count = row?.current ?? 0;
  const before = row?.previous ?? 0;
  return { count, previous: before, changePercent: changePercent(count, before), from: current.from };
}

/** Products with a counted stock at or under the shop's low-stock threshold, lowest first. */
export async function lowStock(sql: Tx, threshold: number = LOW_STOCK_THRESHOLD, limit = 20) {
  const items = await sql<{ id: string; title: string; stockQuantity: number; isAvailable: boolean }[]>`
    select id, title, stock_quantity, is_available
      from products
     where not infinite_stock and stock_quantity <= ${threshold}
     order by stock_quantity, title, id
     limit ${limit}`;
  const [count] = await sql<{ total: number }[]>`
    select count(*)::int as total from products where not infinite_stock and stock_quantity <= ${threshold}`;
  return { threshold, total: count?.total ?? 0, items };
}

/** The latest orders, newest first, as the dashboard lists them. */
export async function latestOrders(sql: Tx, limit = 8) {
  return await sql<
    {
      id: string;
      orderNumber: string;
      customerName: string;
      totalAmountCents: number;
      status: string;
      paymentStatus: string;
      itemCount: number;
      createdAt: Date;
    }[]
  >`
    select id, order_number,
           trim(coalesce(shipping_address ->> 'firstName', '') || ' ' || coalesce(shipping_address ->> 'lastName', ''))
             as customer_name,
           total_amount_cents, status, payment_status, item_count, created_at
      from orders
     order by created_at desc
     limit ${limit}`;
}

/** Revenue and counted orders over a chosen range (the analytics tab's headline). */
async function rangeTotals(sql: Tx, range: DayRange) {
  const [row] = await sql<{ revenueCents: number; orders: number }[]>`
    select coalesce(sum(${revenueCentsSql(sql, sql`orders`)}), 0)::int8 as revenue_cents, count(*)::int as orders
      from orders where ${createdWithin(sql, range)} and ${countsAsRevenue(sql)}`;
  return { revenueCents: row?.revenueCents ?? 0, orders: row?.orders ?? 0 };
}

/**
 * Best-selling products over [from, to]: quantity sold and line revenue (delivery excluded) in the
 * orders that count as revenue, from the daily sales aggregate (orders/sales.ts). A product deleted
 * since keeps the title its order lines recorded.
 */
export async function bestSellers(sql: Tx, range: DayRange, limit = 10) {
  const items = await sql<
    { productId: string | null; title: string; quantity: number; revenueCents: number }[]
  >`
    select s.product_id, coalesce(p.title, s.title) as title, s.quantity, s.revenue_cents
      from (select product_id, max(title) as title, sum(quantity)::int8 as quantity,
                   sum(revenue_cents)::int8 as revenue_cents
              from daily_product_sales
             where ${salesWithin(sql, range)}
             group by product_id) s
      left join products p on p.id = s.product_id
     order by s.quantity desc, s.revenue_cents desc, title
     limit ${limit}`;
  return { ...range, totals: await rangeTotals(sql, range), items };
}

/** The category of lines whose product has none, or was deleted since. */
export const NO_CATEGORY = 'Sans catégorie';

/** Line revenue (delivery excluded) per product category over [from, to], in counted orders. */
export async function revenueByCategory(sql: Tx, range: DayRange) {
  const items = await sql<{ category: string; revenueCents: number; quantity: number }[]>`
    select coalesce(nullif(trim(p.category), ''), ${NO_CATEGORY}) as category,
           sum(s.revenue_cents)::int8 as revenue_cents, sum(s.quantity)::int8 as quantity
      from (select product_id, sum(revenue_cents) as revenue_cents, sum(quantity) as quantity
              from daily_product_sales
             where ${salesWithin(sql, range)}
             group by product_id) s
      left join products p on p.id = s.product_id
     group by 1
     order by 2 desc, 1`;
  return { ...range, totals: await rangeTotals(sql, range), items };
}
