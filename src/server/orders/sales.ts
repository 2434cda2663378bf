/**
 * The daily sales aggregate (migration 0015, docs/decisions/013-dashboard.md): quantity and line
 * revenue per Paris day, product and line title, over the orders that count as revenue
 * (src/domain/dashboard/revenue.ts). The analytics tab (best sellers, revenue by category) reads it
 * instead of joining every order line of the period.
 *
 * Live, it is a projection like orders/order_items: an event that makes an order start or stop
 * counting (placed, cancelled or back, refunded, failed or paid again, deleted) adds or takes away
 * that order's lines, in the append's transaction. A rebuild (orders:replay) recomputes it from the
 * read tables with `salesFromReadTables`, the same rule.
 */
import type postgres from 'postgres';
import {
  countsAsRevenue,
  NON_REVENUE_PAYMENT_STATUSES,
  NON_REVENUE_STATUSES,
} from '../../domain/dashboard/revenue.js';
import type { OrderState } from '../../domain/orders/decider.js';
import { SHOP_TIME_ZONE } from '../../domain/site/time-zone.js';
import type { Tx } from '../db/client.js';

export const SALES_TABLE = 'daily_product_sales';

type Alias = postgres.PendingQuery<postgres.Row[]>;

/** The domain's revenue rule (domain/dashboard/revenue.ts countsAsRevenue) as SQL, on the orders alias given. */
export const countsAsRevenueSql = (sql: Tx, alias: Alias) =>
  sql`${alias}.status <> all(${NON_REVENUE_STATUSES as unknown as string[]}::text[])
      and ${alias}.payment_status <> all(${NON_REVENUE_PAYMENT_STATUSES as unknown as string[]}::text[])`;

/** « Chiffre d'affaires » of one order (revenue.ts revenueCents) as SQL: net of refunds. */
export const revenueCentsSql = (sql: Tx, alias: Alias) =>
  sql`(case when ${countsAsRevenueSql(sql, alias)}
            then greatest(${alias}.total_amount_cents - ${alias}.refunded_cents, 0) else 0 end)`;

/** « Total dépensé » of one order (revenue.ts spentCents) as SQL: paid less refunded. */
export const spentCentsSql = (_sql: Tx, alias: Alias) =>
  _sql`greatest(${alias}.paid_cents - ${alias}.refunded_cents, 0)`;

/** Whether an order's lines are in the aggregate: still in the read tables and counted as revenue. */
const inSales = (state: OrderState | null) => state !== null && !state.deleted && countsAsRevenue(state);

/** What an event does to the aggregate: 1 adds the order's lines, -1 takes them away, 0 nothing. */
export function salesDirection(before: OrderState | null, after: OrderState | null): -1 | 0 | 1 {
  const was = inSales(before);
  const is = inSales(after);
  return was === is ? 0 : is ? 1 : -1;
}

/**
 * Adds (direction 1) or takes away (-1) the order's lines on its Paris day. Lines are merged by
 * (product, title) and sorted, so concurrent orders lock the same rows in the same order. Rows that
 * reach zero are removed, so the live table and a rebuild hold the same rows.
 */
export async function applySales(sql: Tx, order: OrderState, direction: -1 | 1): Promise<void> {
  const merged = new Map<string, { productId: string; title: string; quantity: number; revenue: number }>();
  for (const line of order.lines) {
    const key = `${line.productId}\u0000${line.title}`;
    const entry = merged.get(key) ?? {
      productId: line.productId,
      title: line.title,
      quantity: 0,
      revenue: 0,
    };
    entry.quantity += line.quantity;
    entry.revenue += line.totalPriceCents;
    merged.set(key, entry);
  }
  const lines = [...merged.values()].sort((a, b) =>
    a.productId === b.productId ? (a.title < b.title ? -1 : 1) : a.productId < b.productId ? -1 : 1,
  );
  const day = sql`(${order.createdAt}::timestamptz at time zone ${SHOP_TIME_ZONE})::date`;
  const productIds = lines.map((l) => l.productId);
  await sql`
    insert into daily_product_sales as s (day, product_id, title, quantity, revenue_cents)
    select ${day}, l.product_id, l.title, l.quantity * ${direction}, l.revenue * ${direction}
      from unnest(${productIds}::uuid[], ${lines.map((l) => l.title)}::text[],
                  ${lines.map((l) => l.quantity)}::int8[], ${lines.map((l) => l.revenue)}::int8[])
           as l(product_id, title, quantity, revenue)
    on conflict (day, product_id, title) do update
      set quantity = s.quantity + excluded.quantity, revenue_cents = s.revenue_cents + excluded.revenue_cents`;
  if (direction < 0) {
    await sql`
      delete from daily_product_sales
       where day = ${day} and product_id = any(${productIds}::uuid[]) and quantity = 0`;
  }
}

/** The aggregate's rows computed from read tables (the live ones, or a replay's rebuilt copies). */
export const salesFromReadTables = (sql: Tx, orders: string, items: string) => sql`
  select (o.created_at at time zone ${SHOP_TIME_ZONE})::date as day, i.product_id, i.title,
         sum(i.quantity)::int8 as quantity, sum(i.total_price_cents)::int8 as revenue_cents
    from ${sql(orders)} o join ${sql(items)} i on i.order_id = o.id
   where i.product_id is not null and ${countsAsRevenueSql(sql, sql`o`)}
   group by 1, 2, 3`;
