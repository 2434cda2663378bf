/**
 * The calendar of a yearly contract (contrat 3D), pure (docs/decisions/044-yearly-contracts.md):
 * contract years, the planned visits of a year, the billing periods and their amounts, the
 * non-renewal deadline and the Chatel window (C. conso. L215-1). Days are Paris calendar days
 * written 'YYYY-MM-DD'; a period is [from, to] with both ends included.
 */
import { addDays } from '../dashboard/periods.js';
import { isFrenchPublicHoliday } from '../site/public-holidays.js';

export const BILLING_RHYTHMS = ['per_visit', 'monthly', 'quarterly', 'yearly'] as const;
export type BillingRhythm = (typeof BILLING_RHYTHMS)[number];

export const BILLING_RHYTHM_LABELS: Record<BillingRhythm, string> = {
  per_visit: 'À chaque visite',
  monthly: 'Mensuelle',
  quarterly: 'Trimestrielle',
  yearly: 'Annuelle',
};

/**
 * A day plus `months` calendar months; a day the target month lacks falls on its last day
 * (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export interface DayPeriod {
  from: string;
  to: string;
}

/** Contract year `index` (0: the first) of a contract starting on `start`: twelve months. */
export const contractYear = (start: string, index: number): DayPeriod => ({
  from: addMonths(start, 12 * index),
  to: addDays(addMonths(start, 12 * (index + 1)), -1),
});

/** Which contract year a day falls in (-1 before the start). */
export function contractYearIndex(start: string, day: string): number {
  if (day < start) return -1;
  let index = 0;
  while (contractYear(start, index + 1).from <= day) index += 1;
  return index;
}

const dayCount = (p: DayPeriod) => Math.round((Date.parse(p.to) - Date.parse(p.from)) / 86_400_000) + 1;
/** 0 Sunday … 6 Saturday. */
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The first days of `count` even slices of a period (the first starts with the period). */
export function evenSlices(period: DayPeriod, count: number): string[] {
  const days = dayCount(period);
  return Array.from({ length: count }, (_, i) => addDays(period.from, Math.floor((i * days) / count)));
}

/** A working day: Monday to Friday, not a French public holiday. */
export const isWorkingDay = (day: string) => {
  const w = weekday(day);
  return w !== 0 && w !== 6 && !isFrenchPublicHoliday(day);
};

/**
 * A day moved onto a working day: a Saturday, a Sunday or a public holiday goes to the next working
 * day, or, when that leaves the period, to the working day before.
 */
export function onWorkingDay(day: string, period: DayPeriod): string {
  let next = day;
  while (!isWorkingDay(next)) next = addDays(next, 1);
  if (next <= period.to) return next;
  let before = day;
  while (!isWorkingDay(before)) before = addDays(before, -1);
  return before;
}

/**
 * The planned visits of a contract year: `visitsPerYear` days spread evenly over the year (each
 * slice's first day), every one a working day.
 */
export function plannedVisitDays(year: DayPeriod, visitsPerYear: number): string[] {
  return evenSlices(year, visitsPerYear).map((day) => onWorkingDay(day, year));
}

export interface BillingPeriod extends DayPeriod {
  /** 0-based index of the period in its contract year. */
  index: number;
  amountExclCents: number;
}

/** How many invoices a contract year has under a rhythm. */
export const periodsPerYear = (rhythm: BillingRhythm, visitsPerYear: number) =>
  ({ per_visit: visitsPerYear, monthly: 12, quarterly: 4, yearly: 1 })[rhythm];

/**
 * The billing periods of a contract year and their amounts before VAT: the year's price split
 * evenly in whole cents, the last period taking the remainder, so the periods add up to the price
 * exactly. Monthly and quarterly periods run on calendar months from the year's start; per visit,
 * each period runs from one planned visit's slice to the next.
 */
export function billingPeriods(
  year: DayPeriod,
  rhythm: BillingRhythm,
  visitsPerYear: number,
  yearlyPriceExclCents: number,
): BillingPeriod[] {
  const count = periodsPerYear(rhythm, visitsPerYear);
  const starts =
    rhythm === 'per_visit'
      ? evenSlices(year, count)
      : Array.from({ length: count }, (_, i) => addMonths(year.from, (12 / count) * i));
  const share = Math.floor(yearlyPriceExclCents / count);
  return starts.map((from, index) => ({
    index,
    from,
    to: index < count - 1 ? addDays(starts[index + 1] as string, -1) : year.to,
    amountExclCents: index < count - 1 ? share : yearlyPriceExclCents - share * (count - 1),
  }));
}

/** The day after the current term: the contract renews (or ends) on it. */
export const termEnd = (start: string, termMonths: number, renewals: number) =>
  addMonths(start, termMonths * (renewals + 1));

/**
 * The non-renewal deadline: the last day the customer may refuse the tacit renewal, `noticeMonths`
 * before the renewal day (the day before it when no notice is required).
 */
export const nonRenewalDeadline = (renewalDay: string, noticeMonths: number) =>
  noticeMonths > 0 ? addMonths(renewalDay, -noticeMonths) : addDays(renewalDay, -1);

/**
 * When the Chatel notice may be sent (L215-1: « au plus tôt trois mois et au plus tard un mois
 * avant le terme de la période autorisant le rejet de la reconduction »): from 3 months to 1 month
 * before the non-renewal deadline, both days included.
 */
export function chatelWindow(deadline: string): DayPeriod {
  return { from: addMonths(deadline, -3), to: addMonths(deadline, -1) };
}

export const isInWindow = (day: string, window: DayPeriod) => day >= window.from && day <= window.to;
