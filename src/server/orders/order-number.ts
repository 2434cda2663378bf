import { parisDay } from '../../domain/site/time-zone.js';
import type { Tx } from '../db/client.js';

/** The Paris year of an instant (parisDay's one formatter, not a new one for every order). */
const yearInParis = (at: Date) => Number(parisDay(at).slice(0, 4));

export const formatOrderNumber = (year: number, sequence: number) =>
  `CMD-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * The next order number of the year (Paris time): CMD-2026-000123. Gapless and never reused, since
 * the counter row is incremented in the placing transaction and a rollback gives the number back
 * to the next checkout, which has not shown it to anybody yet.
 */
export async function nextOrderNumber(sql: Tx, at: Date): Promise<string> {
  const year = yearInParis(at);
  const [row] = await sql<{ lastValue: number }[]>`
    insert into order_number_counters (year, last_value) values (${year}, 1)
    on conflict (year) do update set last_value = order_number_counters.last_value + 1
    returning last_value`;
  return formatOrderNumber(year, row?.lastValue ?? 1);
}
