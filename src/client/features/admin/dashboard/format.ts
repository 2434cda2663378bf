/** French formats of the dashboard: euros, percentages and Paris days. */
import { formatEuros } from '@/domain/catalog/pricing';
import { SHOP_TIME_ZONE } from '@/domain/site/time-zone';

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

/** A Paris day 'YYYY-MM-DD' (noon UTC stays on the same day in Paris). */
const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** "23/11" for chart ticks. */
export const formatDayShort = (day: string) =>
  dayDate(day).toLocaleDateString('fr-FR', {
    day: '2-digit',
    month: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  });

/** "lundi 23 novembre 2026". */
export const formatDayLong = (day: string) =>
  dayDate(day).toLocaleDateString('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: SHOP_TIME_ZONE,
  });

/** "23/11/2026". */
export const formatDay = (day: string) =>
  dayDate(day).toLocaleDateString('fr-FR', { timeZone: SHOP_TIME_ZONE });
