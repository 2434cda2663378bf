import { parisYear, seriesNumber, yearlySeries } from '../../domain/site/yearly-series.js';
import type { Tx } from '../db/client.js';
import { nextInSeries } from '../db/number-counters.js';

export const formatOrderNumber = (year: number, sequence: number) =>
  seriesNumber(yearlySeries('CMD', year), sequence);

/**
 * The next order number of the year (Paris time): CMD-2026-000123. Gapless and never reused, since
 * the counter row is incremented in the placing transaction and a rollback gives the number back
 * to the next checkout, which has not shown it to anybody yet.
 */
export async function nextOrderNumber(sql: Tx, at: Date): Promise<string> {
  const year = parisYear(at);
  return formatOrderNumber(year, await nextInSeries(sql, yearlySeries('CMD', year)));
}
