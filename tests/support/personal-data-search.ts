/**
 * Searching a whole database for a piece of personal data (ADR 020's erasure tests): every text,
 * varchar and json(b) column of every table, and the events outside the legal hold.
 */
import type { Sql } from '../../src/server/db/client.js';

/** Every text, varchar and json(b) column of every table of the public schema that holds `needle`. */
export async function whereFound(db: Sql, needle: string): Promise<string[]> {
  const columns = await db<{ table: string; column: string }[]>`
    select c.table_name as table, c.column_name as column
      from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'character')`;
  const found: string[] = [];
  for (const { table, column } of columns) {
    const [row] = await db.unsafe<{ n: number }[]>(
      `select count(*)::int as n from "${table}" where lower("${column}"::text) like '%' || lower($1) || '%'`,
      [needle],
    );
    if (row?.n) found.push(`${table}.${column}`);
  }
  return found;
}

/**
 * The same search, where legal-hold documents are allowed to hold it (ADR 020): the events of
 * `heldTypes` (by default invoices and credit notes: their snapshot holds the buyer by law). Any
 * other event holding it, or any other column, is reported.
 */
export async function whereFoundOutsideLegalHold(
  db: Sql,
  needle: string,
  heldTypes: readonly string[] = ['InvoiceIssued', 'CreditNoteIssued'],
): Promise<string[]> {
  const found = (await whereFound(db, needle)).filter((place) => place !== 'events.data');
  const events = await db<{ type: string }[]>`
    select distinct type from events where lower(data::text) like '%' || lower(${needle}) || '%'`;
  for (const { type } of events) if (!heldTypes.includes(type)) found.push(`events.data (${type})`);
  return found;
}
