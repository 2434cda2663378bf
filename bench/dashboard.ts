/**
 * `npm run bench:dashboard`: every query of the dashboard and its analytics tab on 10,000 products,
 * 10,000 customers and 100,000 orders (about 200,000 order lines) spread over two years, against a
 * baseline measured in the same run: one full pass over the orders (`sum(total_amount_cents)`), the
 * cost a naive "revenue of everything" would pay on every load.
 *
 * Best sellers and revenue by category read the daily sales aggregate (migration 0015); the same
 * figures computed from every order line of the period, as before 0015, are measured beside them.
 *
 * Each query runs BENCH_RUNS times (default 30) after a warm-up; the median and p95 are printed with
 * the median's ratio to the baseline's median (below 1: cheaper than one pass over the orders).
 * A fresh database: an embedded PostgreSQL in a temporary folder, or a new database on DATABASE_URL's
 * server. Options: BENCH_ORDERS (100000), BENCH_PRODUCTS (10000), BENCH_RUNS (30).
 */
import postgres from 'postgres';
import type { DayRange } from '../src/domain/dashboard/periods.js';
import { periodAndPrevious, presetRange } from '../src/domain/dashboard/periods.js';
import { parisDay } from '../src/domain/site/time-zone.js';
import {
  bestSellers,
  latestOrders,
  lowStock,
  newCustomers,
  ordersByStatus,
  revenueByCategory,
  revenueSummary,
} from '../src/server/dashboard/dashboard.js';
import { createSql, type Sql, withDatabase } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { setLogLevel } from '../src/server/logger.js';
import { countsAsRevenueSql } from '../src/server/orders/sales.js';
import { fmt, openBenchServer } from './support.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CUSTOMERS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Two years of orders: one every ~10.5 minutes. */
const SPREAD_MINUTES = 2 * 365 * 24 * 60;

async function fill(sql: Sql) {
  await sql`
    insert into products (title, slug, price_cents, category, stock_quantity, infinite_stock, created_at)
    select 'Produit n°' || n, 'produit-bench-' || n, 500 + (n * 37) % 9500,
           (array['Rongeurs', 'Guêpes et frelons', 'Apiculture', 'Insectes rampants', ''])[1 + n % 5],
           n % 60, n % 11 = 0, now() - make_interval(mins => n)
      from generate_series(1, ${PRODUCTS}) as n`;
  await sql`
    insert into users (id, name, email, created_at)
    select 'u' || n, 'Client ' || n, 'client' || n || '@example.fr',
           now() - make_interval(mins => (n * ${Math.floor(SPREAD_MINUTES / CUSTOMERS)}))
      from generate_series(1, ${CUSTOMERS}) as n`;
  await sql`insert into profiles (id, first_name, last_name, created_at) select id, 'Client', id, created_at from users`;
  await sql`
    insert into orders (id, order_number, customer_id, status, payment_status, shipping_address, subtotal_cents,
                        total_amount_cents, item_count, version, created_at, updated_at)
    select gen_random_uuid(), 'CMD-BENCH-' || lpad(n::text, 7, '0'), 'u' || (1 + n % ${CUSTOMERS}),
           (array['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled'])[1 + n % 8],
           (array['pending', 'paid', 'paid', 'paid', 'refunded', 'failed', 'paid'])[1 + n % 7],
           jsonb_build_object('firstName', 'Client', 'lastName', 'N' || n, 'email', 'client' || n || '@example.fr',
                              'city', 'Évreux', 'zipCode', '27000', 'deliveryMethod', 'delivery'),
           0, 0, 0, 1, t, t
      from generate_series(1, ${ORDERS}) as n,
           lateral (select now() - make_interval(secs => (n::float8 * ${SPREAD_MINUTES * 60} / ${ORDERS}))) as at(t)`;
  // One to three lines per order, on real products; then the orders' totals from their lines.
  await sql`
    insert into order_items (id, order_id, product_id, title, quantity, unit_price_cents, total_price_cents, position)
    select gen_random_uuid(), o.id, p.id, p.title, 1 + (k + o.n) % 3, p.price_cents,
           p.price_cents * (1 + (k + o.n) % 3), k
      from (select id, row_number() over () as n from orders) o,
           lateral generate_series(0, (o.n % 3)::int) as k,
           lateral (select id, title, price_cents from products
                     where slug = 'produit-bench-' || (1 + (o.n * 7 + k * 131) % ${PRODUCTS})) p`;
  await sql`
    update orders o set subtotal_cents = s.total, total_amount_cents = s.total, item_count = s.items
      from (select order_id, sum(total_price_cents)::int as total, sum(quantity)::int as items
              from order_items group by order_id) s
     where s.order_id = o.id`;
  // The read tables were filled directly (no refunds): the daily sales are their counted lines.
  await sql`
    insert into daily_product_sales (day, product_id, title, quantity, revenue_cents)
    select (o.created_at at time zone 'Europe/Paris')::date, i.product_id, i.title,
           sum(i.quantity)::int8, sum(i.total_price_cents)::int8
      from orders o join order_items i on i.order_id = o.id
     where i.product_id is not null and ${countsAsRevenueSql(sql, sql`o`)}
     group by 1, 2, 3`;
  await sql`vacuum analyze`;
}

/** Before migration 0015: the analytics from every order line of the period (the same figures). */
const fromLines = {
  bestSellers: (sql: Sql, range: DayRange) => sql`
    select s.product_id, coalesce(p.title, s.title) as title, s.quantity, s.revenue_cents
      from (select i.product_id, max(i.title) as title, sum(i.quantity)::int8 as quantity,
                   sum(i.total_price_cents)::int8 as revenue_cents
              from orders o join order_items i on i.order_id = o.id
             where o.created_at >= (${range.from}::date::timestamp at time zone 'Europe/Paris')
               and o.created_at < ((${range.to}::date + 1)::timestamp at time zone 'Europe/Paris')
               and ${countsAsRevenueSql(sql, sql`o`)}
             group by i.product_id) s
      left join products p on p.id = s.product_id
     order by s.quantity desc, s.revenue_cents desc, title
     limit 10`,
  revenueByCategory: (sql: Sql, range: DayRange) => sql`
    select coalesce(nullif(trim(p.category), ''), 'Sans catégorie') as category,
           sum(i.total_price_cents)::int8 as revenue_cents, sum(i.quantity)::int8 as quantity
      from orders o
      join order_items i on i.order_id = o.id
      left join products p on p.id = i.product_id
     where o.created_at >= (${range.from}::date::timestamp at time zone 'Europe/Paris')
       and o.created_at < ((${range.to}::date + 1)::timestamp at time zone 'Europe/Paris')
       and ${countsAsRevenueSql(sql, sql`o`)}
     group by 1
     order by 2 desc, 1`,
};

interface Timing {
  median: number;
  p95: number;
}

async function time(run: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return {
    median: samples[Math.floor(samples.length / 2)] ?? 0,
    p95: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)] ?? 0,
  };
}

async function main() {
  setLogLevel('warn');
  const server = await openBenchServer();
  const name = `h27_bench_dashboard_${process.pid}`;
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name}`);
  await admin.unsafe(`create database ${name}`);
  const sql = createSql(withDatabase(server.url, name), 4);
  try {
    console.log(`Database: fresh database on the ${server.mode}`);
    await migrate(sql);
    const t0 = Date.now();
    await fill(sql);
    const [counts] = await sql<{ orders: number; items: number }[]>`
      select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items`;
    console.log(
      `Filled ${fmt(PRODUCTS)} products, ${fmt(CUSTOMERS)} customers, ${fmt(counts?.orders ?? 0)} orders (${fmt(counts?.items ?? 0)} lines) over two years in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${RUNS} runs each\n`,
    );
    const now = new Date();
    const today = parisDay(now);
    const month = periodAndPrevious(today, 30).current;
    const year = presetRange('year', today);
    const twoYears = { from: periodAndPrevious(today, 730).current.from, to: today };

    const baseline = await time(() => sql`select sum(total_amount_cents) from orders`);
    const cases: [string, () => Promise<unknown>][] = [
      ['revenue (today, 7 d, 30 d + previous, basket, 30-day chart)', () => revenueSummary(sql, now)],
      ['orders by status (30 days)', () => ordersByStatus(sql, now)],
      ['new customers (30 days + previous)', () => newCustomers(sql, now)],
      ['low stock (≤ 5)', () => lowStock(sql)],
      ['latest orders', () => latestOrders(sql)],
      ['best sellers, 30 days', () => bestSellers(sql, month)],
      ['revenue by category, 30 days', () => revenueByCategory(sql, month)],
      ['best sellers, this year', () => bestSellers(sql, year)],
      ['revenue by category, this year', () => revenueByCategory(sql, year)],
      ['best sellers, two years (every order)', () => bestSellers(sql, twoYears)],
      ['revenue by category, two years (every order)', () => revenueByCategory(sql, twoYears)],
      ['before 0015: best sellers, this year, lines only', () => fromLines.bestSellers(sql, year)],
      ['before 0015: revenue by category, this year, lines', () => fromLines.revenueByCategory(sql, year)],
      ['before 0015: best sellers, two years, lines only', () => fromLines.bestSellers(sql, twoYears)],
      ['before 0015: categories, two years, lines only', () => fromLines.revenueByCategory(sql, twoYears)],
    ];
    const pad = 52;
    console.log(`${'query'.padEnd(pad)} median ms   p95 ms   ratio to baseline`);
    console.log(
      `${'baseline: sum(total) over every order'.padEnd(pad)} ${baseline.median.toFixed(2).padStart(9)} ${baseline.p95.toFixed(2).padStart(8)}   1.00`,
    );
    for (const [label, run] of cases) {
      const t = await time(run);
      console.log(
        `${label.padEnd(pad)} ${t.median.toFixed(2).padStart(9)} ${t.p95.toFixed(2).padStart(8)}   ${(t.median / baseline.median).toFixed(2)}`,
      );
    }
  } finally {
    await sql.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
