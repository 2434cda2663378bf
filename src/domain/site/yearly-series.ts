/**
 * The shop's yearly numbering (issue 34, one rule): order numbers (CMD-2026-000123), invoices
 * (FA-2026-000001) and credit notes (AV-2026-000001) each run in a series per Paris year, counted
 * from 1 without gaps in a counter row per series (the counters live with their issuers). The year
 * is the Paris year of the instant the number is taken: a number taken at 00:30 on 1 January in
 * Paris (23:30 UTC the day before) opens the new year's series.
 */
import { parisDay } from './time-zone.js';

/** The Paris year of an instant. */
export const parisYear = (at: Date): number => Number(parisDay(at).slice(0, 4));

/** A series: its prefix and its year, « FA-2026 ». */
export const yearlySeries = (prefix: string, year: number): string => `${prefix}-${year}`;

/** The number `sequence` of a series, on six digits: « FA-2026-000001 ». */
export const seriesNumber = (series: string, sequence: number): string =>
  `${series}-${String(sequence).padStart(6, '0')}`;
