/**
 * The daily sales aggregate (migration 0015, docs/decisions/013-dashboard.md): quantity and line
 * revenue per Paris day, product and line title, over the orders that count as revenue
 * (src/domain/dashboard/revenue.ts). The analytics tab (best sellers, revenue by category) reads it
 * instead of joining every order line of the period.
 *
 * Live, it is a projection like orders/order_items: an event that changes what an order counts
 * (placed, cancelled or back, refunded in full or of some lines, failed or paid again, deleted) adds
 * or takes away the difference, in the append's transaction. A rebuild (orders:replay) recomputes it
 * from the folded log by the same rule (domain/dashboard/product-sales.ts).
 */
import type postgres from 'postgres';
import { type ProductSale, productSales } from '../../domain/dashboard/product-sales.js';
import { NON_REVENUE_PAYMENT_STATUSES, NON_REVENUE_STATUSES } from '../../domain/dashboard/revenue.js';
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

/**
 * Applies what an event changed in the order's sales (domain/dashboard/product-sales.ts
 * productSalesChange: lines added or taken away, refunded quantities and amounts) on the order's
 * Paris day. Rows that come back to nothing are removed, so the live table and a rebuild hold the
 * same rows.
 */
export async function applySales(sql: Tx, createdAt: string, change: readonly ProductSale[]): Promise<void> {
  if (change.length === 0) return;
  const day = sql`(${createdAt}::timestamptz at time zone ${SHOP_TIME_ZONE})::date`;
  const productIds = change.map((l) => l.productId);
  await sql`
    insert into daily_product_sales as s (day, product_id, title, quantity, revenue_cents)
    select ${day}, l.product_id, l.title, l.quantity, l.revenue
      from unnest(${productIds}::uuid[], ${change.map((l) => l.title)}::text[],
                  ${change.map((l) => l.quantity)}::int8[], ${change.map((l) => l.revenueCents)}::int8[])
           as l(product_id, title, quantity, revenue)
    on conflict (day, product_id, title) do update
      set quantity = s.quantity + excluded.quantity, revenue_cents = s.revenue_cents + excluded.revenue_cents`;
  await sql`
    delete from daily_product_sales
     where day = ${day} and product_id = any(${productIds}::uuid[]) and quantity = 0 and revenue_cents = 0`;
}

/**
 * The aggregate's rows of a rebuild, from the folded orders by the same rule (productSales), into
 * the table given.
 */
export async function insertSalesOf(sql: Tx, table: string, orders: readonly OrderState[]): Promise<void> {
  const rows = orders.flatMap((order) =>
    productSales(order).map((sale) => ({ at: order.createdAt, ...sale })),
  );
  await sql`
    insert into ${sql(table)} (day, product_id, title, quantity, revenue_cents)
    select (l.at at time zone ${SHOP_TIME_ZONE})::date, l.product_id, l.title, sum(l.quantity), sum(l.revenue)
      from unnest(${rows.map((r) => r.at)}::timestamptz[], ${rows.map((r) => r.productId)}::uuid[],
                  ${rows.map((r) => r.title)}::text[], ${rows.map((r) => r.quantity)}::int8[],
                  ${rows.map((r) => r.revenueCents)}::int8[]) as l(at, product_id, title, quantity, revenue)
     group by 1, 2, 3
    having sum(l.quantity) <> 0 or sum(l.revenue) <> 0`;
}
