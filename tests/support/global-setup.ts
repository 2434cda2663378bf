import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { createSql, withDatabase } from '../../src/server/db/client.js';
import type { EmbeddedCluster } from '../../src/server/db/embedded.js';
import { migrate } from '../../src/server/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test server (embedded, or DATABASE_URL's server). */
    dbServerUrl: string;
    /** The migrated template each test file clones its own database from. */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run: DATABASE_URL's server when set, else an embedded cluster in a
 * temporary folder. A template database is migrated once; each test file clones it (see db.ts).
 */
export default async function setup(project: TestProject) {
  let cluster: EmbeddedCluster | null = null;
  let tmp: string | null = null;
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    serverUrl = process.env.DATABASE_URL;
  } else {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'h27-test-pg-'));
    await import('node:fs/promises').then((fs) => fs.chmod(tmp!, 0o755));
    const { startEmbeddedCluster } = await import('../../src/server/db/embedded.js');
    cluster = await startEmbeddedCluster(path.join(tmp, 'cluster'));
    serverUrl = `postgres://${cluster.user}:${encodeURIComponent(cluster.password)}@${cluster.host}:${cluster.port}/postgres`;
  }
  const template = `h27_template_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${template}`);
  await admin.unsafe(`create database ${template}`);
  const sql = createSql(withDatabase(serverUrl, template), 1);
  await migrate(sql);
  await sql.end();
  project.provide('dbServerUrl', serverUrl);
  project.provide('templateDatabase', template);

  return async () => {
    // Drop every database this run created, then the template.
    const leftovers = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`h27_t_${process.pid}_%`} or datname = ${template}`;
    for (const { datname } of leftovers)
      await admin.unsafe(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await cluster?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
}
