import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsDir } from '../paths.js';
import type { Sql } from './client.js';

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    super(`Migration ${file} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export async function listMigrations(dir = migrationsDir): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return files.map((file) => ({ version: file.slice(0, 4), name: file.slice(5, -4), file }));
}

/**
 * Applies the numbered SQL files not yet recorded, each in its own transaction. An advisory lock
 * makes instances starting together apply each file once. A failing file rolls back whole and stops
 * the run with the database's message.
 */
export async function migrate(sql: Sql, dir = migrationsDir): Promise<string[]> {
  await sql`
    create table if not exists schema_migrations (
      version text primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`.catch(async (error) => {
    // Two instances racing on the very first create: the loser sees a duplicate type; re-check.
    const [row] = await sql`select to_regclass('schema_migrations') as t`;
    if (!row?.t) throw error;
  });
  const applied: string[] = [];
  for (const migration of await listMigrations(dir)) {
    const body = await readFile(path.join(dir, migration.file), 'utf8');
    try {
      const done = await sql.begin(async (tx) => {
        await tx`select pg_advisory_xact_lock(hashtext('schema_migrations'))`;
        const [already] = await tx`select 1 from schema_migrations where version = ${migration.version}`;
        if (already) return false;
        await tx.unsafe(body).simple();
        await tx`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`;
        return true;
      });
      if (done) applied.push(migration.file);
    } catch (error) {
      throw new MigrationError(migration.file, error);
    }
  }
  return applied;
}
