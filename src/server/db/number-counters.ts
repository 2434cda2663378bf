/**
 * The counter of a numbering series (« CMD-2026 », « FA-2026 », « RI-2026 »…): one row per series in
 * `number_counters` (migration 0150), incremented in the caller's transaction. The row lock orders
 * concurrent callers and a rollback gives the number back: numbers are gapless and never reused
 * (CGI art. 289 I 5 for invoices; the same rule for every series of the shop). Which series an
 * instant belongs to is the domain's (domain/site/yearly-series.ts).
 */
import type { Tx } from './client.js';

/** The next number of `series`: 1 for a new series, then each one more than the last. */
export async function nextInSeries(tx: Tx, series: string): Promise<number> {
  const [row] = await tx<{ lastNumber: number }[]>`
    insert into number_counters (series, last_number) values (${series}, 1)
    on conflict (series) do update set last_number = number_counters.last_number + 1
    returning last_number`;
  if (!row) throw new Error(`no number returned for the series ${series}`);
  return row.lastNumber;
}
