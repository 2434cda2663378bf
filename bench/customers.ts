/**
 * `npm run bench:customers`: the back-office customers list (search, role filter, next page)
 * through tRPC (the real HTTP server: session cookie read by better-auth, role check, middlewares,
 * error formatter, headers) against the same server function, listCustomers, called by a bare
 * `node:http` handler on the same postgres.js pool, in the same run.
 *
 * `customersScenario` is the measure on a database that has its customers (bench/admin.ts can run
 * it after the orders list); `main` makes a fresh database with 10,000 customers and runs it.
 * Goal: tRPC at least 50% of the direct rate.
 *
 * Options (environment): BENCH_SECONDS (per measured run, default 8), BENCH_CONNECTIONS (50),
 * BENCH_CUSTOMERS (10000).
 */

import type http from 'node:http';
import { pathToFileURL } from 'node:url';
import {
  CUSTOMER_PAGE_SIZE,
  type CustomerListInput,
  customerListSchema,
} from '../src/domain/account/customers.js';
import { createAuth } from '../src/server/auth/auth.js';
import type { Services } from '../src/server/context.js';
import { listCustomers } from '../src/server/customers/customers.js';
import { createSql, type Sql } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { createHttpServer } from '../src/server/http/server.js';
import { setLogLevel } from '../src/server/logger.js';
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

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);

/** Customers straight into users and profiles (the trigger of migration 0010 builds their search text). */
export async function fillCustomers(sql: Sql, count: number) {
  await sql`
    insert into users (id, name, email, created_at)
    select 'bench' || n, 'Client ' || n, 'client' || n || '@example.fr', now() - make_interval(mins => n)
      from generate_series(1, ${count}) as n`;
  await sql`
    insert into profiles (id, first_name, last_name, phone, address, postal_code, city, country, role, created_at)
    select 'bench' || n,
           (array['Jean', 'Marie', 'Hélène', 'Paul', 'Élodie', 'Louis', 'Camille', 'Hugo'])[1 + n % 8],
           (array['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Durand', 'Leroy', 'Moreau', 'Garnier'])[1 + (n / 8) % 8]
             || ' ' || n,
           '+336' || lpad((n * 7919 % 100000000)::text, 8, '0'), n || ' rue de la Paix', '27000',
           (array['Évreux', 'Vernon', 'Louviers', 'Bernay', 'Pont-Audemer', 'Rouen'])[1 + n % 6],
           case when n % 50 = 0 then 'Belgique' else 'France' end,
           case when n % 500 = 0 then 'admin' else 'user' end,
           now() - make_interval(mins => n)
      from generate_series(1, ${count}) as n`;
  await sql`analyze users`;
  await sql`analyze profiles`;
}

/** What the screen asks: the first page, a search, a phone search, a role filter, the next page. */
async function screenQueries(sql: Sql): Promise<CustomerListInput[]> {
  const first = await listCustomers(sql, { search: '', limit: CUSTOMER_PAGE_SIZE });
  return [
    {},
    { search: 'dubois' },
    { search: 'helene evreux' },
    { search: '06 12' },
    { role: 'admin' },
    { search: 'vernon', role: 'user' },
    { cursor: first.nextCursor },
  ];
}

export interface ScenarioResult {
  direct: RunResult;
  trpc: RunResult;
  ratio: number;
}

/**
 * Signs an admin in through better-auth's HTTP endpoint, then loads the tRPC list and the direct
 * handler alternately (two measured runs each, the better kept: machine noise only slows a run).
 */
export async function customersScenario(
  services: Services,
  options: { seconds?: number; connections?: number; log?: (line: string) => void } = {},
): Promise<ScenarioResult> {
  const { sql } = services;
  const seconds = options.seconds ?? SECONDS;
  const connections = options.connections ?? CONNECTIONS;
  const log = options.log ?? console.log;
  const servers: http.Server[] = [];
  try {
    const trpcServer = (await createHttpServer(services, { dev: false })).server;
    const queries = (await screenQueries(sql)).map((q) => customerListSchema.parse(q));
    const directServer = bareJsonServer((u) => {
      const query = queries[Number(u.searchParams.get('q'))];
      if (!query) throw new Error('unknown query');
      return listCustomers(sql, query);
    });
    const [trpcBase, directBase] = await listenAll([trpcServer, directServer], servers);

    const headers = { cookie: await signInAdmin(services, trpcBase, 'customers') };

    const trpcUrls = queries.map(
      (q) => `${trpcBase}/api/trpc/adminCustomers.list?input=${encodeURIComponent(JSON.stringify(q))}`,
    );
    const directUrls = queries.map((_, i) => `${directBase}/customers?q=${i}`);

    // Same rows from both, for every query.
    for (let i = 0; i < queries.length; i++) {
      const direct = (await (await fetch(directUrls[i]!)).json()) as {
        items: { id: string }[];
        total: number;
      };
      const answer = (await (await fetch(trpcUrls[i]!, { headers })).json()) as {
        result?: { data: { items: { id: string }[]; total: number } };
      };
      const viaTrpc = answer.result?.data;
      if (!viaTrpc || JSON.stringify(viaTrpc) !== JSON.stringify(direct)) {
        throw new Error(
          `The two handlers differ on ${JSON.stringify(queries[i])}: ${JSON.stringify(answer).slice(0, 200)}`,
        );
      }
      log(
        `  ${JSON.stringify(queries[i]).padEnd(60)} ${String(direct.items.length).padStart(3)} rows, total ${direct.total ?? '(next page)'}`,
      );
    }
    log(
      `Load: ${connections} keep-alive connections, ${seconds} s per run, the ${queries.length} queries in turn.\n`,
    );

    await load(directUrls, 2, connections);
    await load(trpcUrls, 2, connections, headers);
    const runs: Record<'direct' | 'trpc', RunResult[]> = { direct: [], trpc: [] };
    for (let round = 0; round < 2; round += 1) {
      runs.direct.push(await load(directUrls, seconds, connections));
      runs.trpc.push(await load(trpcUrls, seconds, connections, headers));
    }
    const best = (rs: RunResult[]) => rs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const direct = best(runs.direct);
    const trpc = best(runs.trpc);
    const row = (label: string, r: RunResult) =>
      `${label.padEnd(26)} ${fmt(r.rps).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95
        .toFixed(1)
        .padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   errors ${r.errors}`;
    log(row('direct listCustomers', direct));
    log(row('tRPC adminCustomers.list', trpc));
    const ratio = trpc.rps / direct.rps;
    log(
      `\ntRPC / direct throughput: ${(ratio * 100).toFixed(0)}% (goal >= 50%) ${ratio >= 0.5 ? 'OK' : 'BELOW GOAL'}`,
    );
    log(
      `All runs (req/s): direct ${runs.direct.map((r) => fmt(r.rps)).join(', ')}; tRPC ${runs.trpc.map((r) => fmt(r.rps)).join(', ')}`,
    );
    return { direct, trpc, ratio };
  } finally {
    await closeServers(servers);
  }
}

async function main() {
  setLogLevel('warn');
  const database = await openBenchDatabase('customers');
  const { url } = database;
  const config = benchConfig(url, 'customers');
  const sql = createSql(url, config.DATABASE_POOL_MAX);
  try {
    console.log(`Database: fresh database on the ${database.mode}`);
    await migrate(sql);
    const t0 = Date.now();
    await fillCustomers(sql, CUSTOMERS);
    console.log(`Filled ${fmt(CUSTOMERS)} customers in ${((Date.now() - t0) / 1000).toFixed(1)} s. Queries:`);
    const services: Services = { sql, config, auth: createAuth(sql, config) };
    await customersScenario(services);
  } finally {
    await sql.end({ timeout: 5 });
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
