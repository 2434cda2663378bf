/**
 * Paramètres › Interventions in PostgreSQL (migration 0101): one row, parsed with the domain's schema
 * on read and on save. A save clears the rendered pages on every instance (the public « Tarifs »
 * page is rendered from it, server/storefront/pages.ts).
 */
import { DEFAULT_TARIFFS, type Tariffs, tariffsSchema } from '../../domain/interventions/tariffs.js';
import type { Sql, Tx } from '../db/client.js';
import { logger } from '../logger.js';
import { announceCacheClear } from '../settings/caches.js';

export interface StoredTariffs {
  tariffs: Tariffs;
  updatedAt: string | null;
  updatedByEmail: string | null;
}

export async function readTariffs(sql: Tx): Promise<StoredTariffs> {
  const [row] = await sql<{ tariffs: unknown; updatedAt: Date; updatedByEmail: string | null }[]>`
    select tariffs, updated_at, updated_by_email from intervention_tariffs where id = 1`;
  if (!row) return { tariffs: DEFAULT_TARIFFS, updatedAt: null, updatedByEmail: null };
  const parsed = tariffsSchema.safeParse(row.tariffs);
  if (!parsed.success) {
    // Never published half-read: the defaults, and the operator is told.
    logger.error('Intervention tariffs in the database do not fit the schema: defaults shown', parsed.error);
    return { tariffs: DEFAULT_TARIFFS, updatedAt: null, updatedByEmail: null };
  }
  return { tariffs: parsed.data, updatedAt: row.updatedAt.toISOString(), updatedByEmail: row.updatedByEmail };
}

export async function saveTariffs(sql: Sql, tariffs: Tariffs, by: { email: string }): Promise<StoredTariffs> {
  await sql.begin(async (tx) => {
    await tx`
      insert into intervention_tariffs_history (tariffs, saved_by_email)
      values (${tx.json(tariffs as never)}::jsonb, ${by.email})`;
    await tx`
      insert into intervention_tariffs (id, tariffs, updated_at, updated_by_email)
      values (1, ${tx.json(tariffs as never)}::jsonb, now(), ${by.email})
      on conflict (id) do update
        set tariffs = excluded.tariffs, updated_at = excluded.updated_at, updated_by_email = excluded.updated_by_email`;
    await announceCacheClear(tx);
  });
  return await readTariffs(sql);
}
