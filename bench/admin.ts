/**
 * `npm run bench:admin`: back-office lists through tRPC (the real HTTP server: session cookie read
 * by better-auth, role check, middlewares, error formatter) against the same server function (the
 * same SQL) called by a bare `node:http` handler on the same postgres.js pool, in the same run.
 *
 * A fresh database (an embedded PostgreSQL in a temporary folder, or a new database on
 * DATABASE_URL's server) gets 10,000 customers and 100,000 orders (plain SQL into the read tables
 * and the log's first events). Each scenario is one list request (first page with its count, a
 * search, a status filter, a deep keyset page); the load generator runs in a worker thread and
 * keeps 50 keep-alive connections busy. Goal: tRPC at least 50% of the direct rate.
 *
 * Scenarios are an array: the customers list adds its own beside the orders ones.
 *
 * Options (environment): BENCH_SECONDS (per measured run, default 5), BENCH_CONNECTIONS (50),
 * BENCH_CUSTOMERS (10000), BENCH_ORDERS (100000).
 */

import type http from 'node:http';
import { createAuth } from '../src/server/auth/auth.js';
import type { Services } from '../src/server/context.js';
import { createSql, type Sql } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { createHttpServer } from '../src/server/http/server.js';
import { setLogLevel } from '../src/server/logger.js';
import { listAdminOrders } from '../src/server/orders/admin-orders.js';
import {
  bareJsonServer,
  benchConfig,
  closeServers,
  fmt,
  listenAll,
  load,
  openBenchDatabase,
  type RunResult,
  signInAdmin,
} from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);

/** One list request: the procedure and its input, and the same server function called directly. */
interface Scenario {
  name: string;
  procedure: string;
  input: unknown;
  direct: (sql: Sql) => Promise<unknown>;
}

const ordersScenario = (name: string, input: Parameters<typeof listAdminOrders>[1]): Scenario => ({
  name,
  procedure: 'orders.list',
  input,
  direct: (sql) => listAdminOrders(sql, input),
});

async function fill(sql: Sql) {
  await sql`
    insert into users (id, name, email, email_verified, created_at, updated_at)
    select 'bench-user-' || n, 'Client ' || n, 'client' || n || '@example.fr', true,
           now() - make_interval(days => n % 900), now()
      from generate_series(1, ${CUSTOMERS}) as n`;
  await sql`
    insert into profiles (id, first_name, last_name, phone, city, postal_code)
    select 'bench-user-' || n,
           (array['Marie', 'Jean', 'Sophie', 'Paul', 'Hélène', 'Lucas', 'Camille', 'Louis'])[1 + n % 8],
           (array['Lefèvre', 'Dupont', 'Durand', 'Martin', 'Vasseur', 'Bernard', 'Petit', 'Moreau'])[1 + (n / 8) % 8]
             || '-' || n,
           '0612345678', 'Évreux', '27000'
      from generate_series(1, ${CUSTOMERS}) as n`;
  // Two orders in three have an account; the others are guests.
  await sql`
    insert into orders (id, order_number, customer_id, status, payment_status, shipping_address, subtotal_cents,
                        total_amount_cents, item_count, version, created_at, updated_at)
    select gen_random_uuid(), 'CMD-2026-' || lpad(n::text, 6, '0'),
           case when n % 3 <> 0 then 'bench-user-' || (1 + n % ${CUSTOMERS}) end,
           (array['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'])[1 + n % 6],
           (array['pending', 'paid', 'failed', 'refunded'])[1 + n % 4],
           jsonb_build_object('firstName', 'Invité', 'lastName', 'N' || n, 'email', 'client' || n || '@example.fr',
                              'phone', '+33612345678', 'address', n || ' rue de la Paix', 'city', 'Évreux',
                              'zipCode', '27000', 'deliveryMethod', 'delivery'),
           1000 + n % 5000, 1000 + n % 5000, 1 + n % 3, 1, now() - make_interval(mins => n), now()
      from generate_series(1, ${ORDERS}) as n`;
  // The first event of each order, as the list reads it to tell a deleted account from a guest.
  await sql`
    insert into events (stream_id, version, type, data, metadata, recorded_at, hash)
    select id, 1, 'OrderPlaced', jsonb_build_object('customerId', customer_id), '{}'::jsonb, created_at, 'bench'
      from orders`;
  await sql`analyze`;
}

async function main() {
  setLogLevel('warn');
  const database = await openBenchDatabase('admin');
  const { url } = database;
  const config = benchConfig(url, 'admin');
  const sql = createSql(url, config.DATABASE_POOL_MAX);
  const servers: http.Server[] = [];
  try {
    console.log(`Database: fresh database on the ${database.mode}`);
    await migrate(sql);
    const t0 = Date.now();
    await fill(sql);
    console.log(
      `Filled ${fmt(CUSTOMERS)} customers and ${fmt(ORDERS)} orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );

    const services: Services = { sql, config, auth: createAuth(sql, config) };
    const trpcServer = (await createHttpServer(services, { dev: false })).server;
    const scenarios: Scenario[] = [];
    const bareServer = bareJsonServer((u) => scenarios[Number(u.searchParams.get('s'))]!.direct(sql));
    const [trpcBase, bareBase] = await listenAll([trpcServer, bareServer], servers);

    const headers = { cookie: await signInAdmin(services, trpcBase, 'admin') };

    // A deep page: the cursor after the first 5,000 orders.
    const deep = await listAdminOrders(sql, { limit: 100 });
    let cursor = deep.nextCursor;
    for (let i = 1; i < 50 && cursor; i += 1)
      cursor = (await listAdminOrders(sql, { limit: 100, cursor })).nextCursor;
    scenarios.push(
      ordersScenario('orders: first page', {}),
      ordersScenario('orders: search name', { search: 'vasseur-77' }),
      ordersScenario('orders: search number', { search: 'CMD-2026-0421' }),
      ordersScenario('orders: status filter', { status: 'shipped' }),
      ordersScenario('orders: page 51 (keyset)', { cursor }),
    );

    const row = (label: string, r: RunResult) =>
      `${label.padEnd(34)} ${fmt(r.rps).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95
        .toFixed(1)
        .padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   errors ${r.errors}`;
    console.log(`Load: ${CONNECTIONS} keep-alive connections on loopback, ${SECONDS} s per run.\n`);
    const summary: string[] = [];
    for (const [index, scenario] of scenarios.entries()) {
      const trpcUrl = `${trpcBase}/api/trpc/${scenario.procedure}?input=${encodeURIComponent(JSON.stringify(scenario.input))}`;
      const directUrl = `${bareBase}/?s=${index}`;
      // Same answer from both (the count and the ids of the page).
      const direct = (await (await fetch(directUrl)).json()) as {
        items: { id: string }[];
        total: number | null;
      };
      const viaTrpc = (
        (await (await fetch(trpcUrl, { headers })).json()) as { result: { data: typeof direct } }
      ).result.data;
      if (JSON.stringify(direct.items.map((o) => o.id)) !== JSON.stringify(viaTrpc.items.map((o) => o.id))) {
        throw new Error(`${scenario.name}: the two handlers do not return the same rows`);
      }
      await load(directUrl, 1, CONNECTIONS);
      await load(trpcUrl, 1, CONNECTIONS, headers);
      const bare = await load(directUrl, SECONDS, CONNECTIONS);
      const trpc = await load(trpcUrl, SECONDS, CONNECTIONS, headers);
      const ratio = trpc.rps / bare.rps;
      console.log(`${scenario.name} (${direct.items.length} rows, count ${direct.total ?? '-'})`);
      console.log(row('  direct SQL (bare node:http)', bare));
      console.log(row(`  tRPC ${scenario.procedure}`, trpc));
      console.log(
        `  ratio ${(ratio * 100).toFixed(0)}% (goal >= 50%) ${ratio >= 0.5 ? 'OK' : 'BELOW GOAL'}\n`,
      );
      summary.push(`${scenario.name}: ${(ratio * 100).toFixed(0)}%`);
    }
    console.log(`tRPC / direct: ${summary.join('; ')}`);
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
