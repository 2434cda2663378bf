import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Tx } from '../db/client.js';
import { revenueCentsSql } from '../orders/sales.js';
import { projectRoot } from '../paths.js';

let version: Promise<string> | null = null;

/** The app's version, from package.json (read once). */
export function appVersion(): Promise<string> {
  version ??= readFile(path.join(projectRoot, 'package.json'), 'utf8')
    .then((text) => String((JSON.parse(text) as { version?: string }).version ?? 'inconnue'))
    .catch(() => 'inconnue');
  return version;
}

export interface ShopStats {
  products: number;
  orders: number;
  customers: number;
  /** Orders neither cancelled nor refunded, in cents. */
  revenueCents: number;
  system: {
    version: string;
    postgresVersion: string;
    databaseMode: 'embedded' | 'server';
    /** ISO date of today on the server. */
    today: string;
  };
}

/** The Statistiques tab: real totals from the read tables, and what runs the shop. */
export async function shopStats(sql: Tx, config: Pick<Config, 'DATABASE_URL'>): Promise<ShopStats> {
  const [[totals], [pg], v] = await Promise.all([
    sql<{ products: number; orders: number; customers: number; revenueCents: number }[]>`
      select (select count(*) from products)::int as products,
             (select count(*) from orders)::int as orders,
             (select count(*) from profiles where role = 'user')::int as customers,
             (select coalesce(sum(${revenueCentsSql(sql, sql`orders`)}), 0) from orders)::bigint as revenue_cents`,
    sql<{ serverVersion: string }[]>`show server_version`,
    appVersion(),
  ]);
  return {
    products: totals?.products ?? 0,
    orders: totals?.orders ?? 0,
    customers: totals?.customers ?? 0,
    revenueCents: Number(totals?.revenueCents ?? 0),
    system: {
      version: v,
      postgresVersion: pg?.serverVersion ?? '',
      databaseMode: config.DATABASE_URL ? 'server' : 'embedded',
      today: new Date().toISOString(),
    },
  };
}
