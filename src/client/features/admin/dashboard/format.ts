/** French formats of the dashboard: euros, percentages and Paris days. */
import { formatEuros } from '@/domain/catalog/pricing';
import { frenchDay, frenchWeekdayDate } from '@/domain/site/dates';

export { formatEuros };

/** Whole euros for chart axes: "1 250 €". */
export const formatEurosShort = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
    cents / 100,
  );

/** A signed change in percent: "+12,5 %", "−3 %". */
export const formatChange = (percent: number) =>
  new Intl.NumberFormat('fr-FR', { signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(percent) +
  '\u00a0%';

/** "23/11" for chart ticks. */
export const formatDayShort = (day: string) => frenchDay(day).slice(0, 5);

/** "lundi 23 novembre 2026". */
export const formatDayLong = frenchWeekdayDate;

/** "23/11/2026". */
export const formatDay = frenchDay;
