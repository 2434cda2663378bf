/**
 * `npm run bench:api`: the public product list served through tRPC (the real HTTP server and
 * handler: context, middlewares, error formatter, security headers) against a bare `node:http`
 * handler returning the same rows from the same postgres.js pool, in the same run.
 *
 * A fresh database (an embedded PostgreSQL in a temporary folder, or a new database on
 * DATABASE_URL's server) gets 10,000 products and 100,000 orders (plain SQL inserts into the read
 * tables). The load generator runs in a worker thread (its own event loop), keeps 50 connections
 * busy on loopback for a bounded time, and records every request's latency.
 * Goals: tRPC at least 30% of the bare handler's throughput; tRPC p95 under 50 ms.
 *
 * Options (environment): BENCH_SECONDS (per measured run, default 8), BENCH_CONNECTIONS (50),
 * BENCH_PRODUCTS (10000), BENCH_ORDERS (100000).
 */

import http from 'node:http';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import type postgres from 'postgres';
import { createAuth } from '../src/server/auth/auth.js';
import { listShopProductCards } from '../src/server/catalog/queries.js';
import type { Services } from '../src/server/context.js';
import { createContext } from '../src/server/context.js';
import { createSql } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { createHttpServer } from '../src/server/http/server.js';
import { setLogLevel } from '../src/server/logger.js';
import { SHOP_PAGE_SIZE } from '../src/server/routers/catalog.js';
import { appRouter } from '../src/server/routers/index.js';
import {
  bareJsonServer,
  benchConfig,
  closeServers,
  fmt,
  listenAll,
  load,
  openBenchDatabase,
  type RunResult,
} from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);

async function fill(sql: postgres.Sql) {
  await sql`
    insert into products (title, slug, description, mini_description, price_cents, promo_price_cents,
                          is_on_promotion, category, brand, tags, stock_quantity, infinite_stock,
                          is_available, is_visible_in_shop, created_at)
    select 'Produit de démonstration n°' || n, 'produit-bench-' || n,
           repeat('Description détaillée du produit, usage professionnel. ', 6),
           'Un produit efficace pour lutter contre les nuisibles.',
           500 + (n * 37) % 9500, case when n % 7 = 0 then 400 + (n * 37) % 9000 end, n % 7 = 0,
           (array['Rongeurs', 'Guêpes et frelons', 'Apiculture', 'Insectes rampants'])[1 + n % 4],
           'Marque ' || (n % 20), array['bench', 'tag' || (n % 10)], n % 60, n % 11 = 0,
           n % 50 <> 0, n % 40 <> 0, now() - make_interval(mins => n)
      from generate_series(1, ${PRODUCTS}) as n`;
  await sql`
    insert into orders (id, order_number, status, payment_status, shipping_address, subtotal_cents,
                        total_amount_cents, item_count, version, created_at, updated_at)
    select gen_random_uuid(), 'CMD-BENCH-' || lpad(n::text, 7, '0'),
           (array['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'])[1 + n % 6],
           (array['pending', 'paid'])[1 + n % 2],
           jsonb_build_object('firstName', 'Client', 'lastName', 'N' || n, 'email', 'client' || n || '@example.fr',
                              'phone', '0612345678', 'address', n || ' rue de la Paix', 'city', 'Évreux',
                              'zipCode', '27000', 'deliveryMethod', 'delivery'),
           1000 + n % 5000, 1000 + n % 5000, 1 + n % 3, 1, now() - make_interval(mins => n), now()
      from generate_series(1, ${ORDERS}) as n`;
  await sql`
    insert into order_items (id, order_id, product_id, title, quantity, unit_price_cents, total_price_cents, position)
    select gen_random_uuid(), o.id, null, 'Produit', 1, o.subtotal_cents, o.subtotal_cents, 0 from orders o`;
  await sql`analyze`;
}

async function main() {
  setLogLevel('warn');
  const database = await openBenchDatabase('api');
  const { url } = database;
  const config = benchConfig(url, 'api');
  // The one pool both handlers share.
  const sql = createSql(url, config.DATABASE_POOL_MAX);
  const servers: http.Server[] = [];
  try {
    console.log(`Database: fresh database on the ${database.mode}`);
    await migrate(sql);
    const t0 = Date.now();
    await fill(sql);
    const [counts] = await sql<{ products: number; orders: number; listed: number }[]>`
      select (select count(*) from products)::int as products, (select count(*) from orders)::int as orders,
             (select count(*) from products where is_available and is_visible_in_shop)::int as listed`;
    console.log(
      `Filled ${fmt(counts!.products)} products (${fmt(counts!.listed)} in the shop) and ${fmt(counts!.orders)} orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );

    const services: Services = { sql, config, auth: createAuth(sql, config) };
    const trpcServer = (await createHttpServer(services, { dev: false })).server;
    const bareServer = bareJsonServer(() => listShopProductCards(sql, { limit: SHOP_PAGE_SIZE, offset: 0 }));
    // Diagnostic: the tRPC handler alone (same router and context, without the app's compression,
    // security headers and routing), to tell the framework's cost from the app server's.
    const handlerOnly = http.createServer((req, res) =>
      nodeHTTPRequestHandler({
        req,
        res,
        path: 'catalog.list',
        router: appRouter,
        createContext: ({ req }) => createContext(services, req),
      }),
    );
    const [trpcBase, bareBase, handlerBase] = await listenAll([trpcServer, bareServer, handlerOnly], servers);
    const targets = {
      bare: `${bareBase}/products`,
      trpc: `${trpcBase}/api/trpc/catalog.list`,
      handler: `${handlerBase}/`,
    };

    // Same rows from both.
    const bareRows = (await (await fetch(targets.bare)).json()) as { id: string }[];
    const trpcRows = ((await (await fetch(targets.trpc)).json()) as { result: { data: { id: string }[] } })
      .result.data;
    if (JSON.stringify(bareRows.map((r) => r.id)) !== JSON.stringify(trpcRows.map((r) => r.id))) {
      throw new Error('The two handlers do not return the same rows');
    }
    console.log(`Both return the same ${bareRows.length} newest products (one grid page).`);
    console.log(
      `Load: ${CONNECTIONS} keep-alive connections on loopback, ${SECONDS} s per run, alternating.\n`,
    );

    await load(targets.bare, 2, CONNECTIONS);
    await load(targets.trpc, 2, CONNECTIONS);
    const runs: Record<'bare' | 'trpc', RunResult[]> = { bare: [], trpc: [] };
    for (let round = 0; round < 2; round += 1) {
      runs.bare.push(await load(targets.bare, SECONDS, CONNECTIONS));
      runs.trpc.push(await load(targets.trpc, SECONDS, CONNECTIONS));
    }
    // The better of the two runs of each: machine noise only ever slows a run down.
    const best = (rs: RunResult[]) => rs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const bare = best(runs.bare);
    const trpc = best(runs.trpc);
    const handler = await load(targets.handler, SECONDS, CONNECTIONS);
    const row = (label: string, r: RunResult) =>
      `${label.padEnd(22)} ${fmt(r.rps).padStart(8)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95
        .toFixed(1)
        .padStart(
          6,
        )} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${r.kbPerResponse.toFixed(1)} KB/resp   errors ${r.errors}`;
    console.log(row('bare node:http', bare));
    console.log(row('tRPC catalog.list', trpc));
    console.log(row('(tRPC handler alone)', handler));
    const ratio = trpc.rps / bare.rps;
    console.log(
      `\ntRPC / bare throughput: ${(ratio * 100).toFixed(0)}% (goal >= 30%) ${ratio >= 0.3 ? 'OK' : 'BELOW GOAL'}`,
    );
    console.log(`tRPC p95: ${trpc.p95.toFixed(1)} ms (goal < 50 ms) ${trpc.p95 < 50 ? 'OK' : 'ABOVE GOAL'}`);
    console.log(
      `All runs (req/s): bare ${runs.bare.map((r) => fmt(r.rps)).join(', ')}; tRPC ${runs.trpc.map((r) => fmt(r.rps)).join(', ')}`,
    );
  } finally {
    await closeServers(servers);
    await sql.end({ timeout: 5 });
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
