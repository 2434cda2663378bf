/**
 * The one formatter of every date a person reads (pages, mails, documents, exports, file names):
 * every one in the shop's time zone (Paris), so a server rendering in UTC, a browser elsewhere and
 * the lists beside them all give the same day and hour. An instant (an order's time) is read as its
 * Paris day; a calendar day 'YYYY-MM-DD' (a payment day, a date of birth) is shown as written.
 * src/domain/site/dates.test.ts fails on a date formatted anywhere else.
 */
import { frenchDay } from './french-day.js';
import { parisDay, SHOP_TIME_ZONE } from './time-zone.js';

export { frenchDay } from './french-day.js';
export { exportFileName, parisDay } from './time-zone.js';

const longDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const longDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** French long date of an instant, e.g. « 21 novembre 2026 ». */
export const frenchLongDate = (value: Date | string): string => longDate.format(new Date(value));

/**
 * French long date of a calendar day written 'YYYY-MM-DD' (a date of birth): the same day in every
 * time zone (noon UTC is that day in Paris too).
 */
export const frenchCalendarDate = (day: string): string => longDate.format(new Date(`${day}T12:00:00Z`));

const weekdayDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** « lundi 23 novembre 2026 »: a calendar day 'YYYY-MM-DD' with its weekday (the dashboard). */
export const frenchWeekdayDate = (day: string): string => weekdayDate.format(new Date(`${day}T12:00:00Z`));

/** French long date with the time, e.g. « 25 novembre 2026 à 16:02 », for histories. */
export const frenchDateTime = (value: Date | string): string => longDateTime.format(new Date(value));

/** « 23/11/2026 », the Paris day of an instant: sign-up dates, documents, lists. */
export const shortDate = (value: Date | string) => frenchDay(parisDay(new Date(value)));

const parisShortDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * « 23/11/2026 14:05 », Paris time, whatever the viewer's clock: the back-office's lists, its
 * dashboard and the CSV export (a French spreadsheet reads it as a date).
 */
export const shortDateTime = (value: Date | string) =>
  parisShortDateTime.format(new Date(value)).replace(',', '');

const monthYear = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const shortMonthYear = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', month: 'short', year: '2-digit' });

/** « mars 2026 »: a calendar month written 'YYYY-MM' (a site's trends, ADR 043). */
export const frenchMonth = (month: string): string => monthYear.format(new Date(`${month}-15T12:00:00Z`));

/** « mars 26 », « janv. 26 »: a calendar month on a chart's axis. */
export const frenchShortMonth = (month: string): string =>
  shortMonthYear.format(new Date(`${month}-15T12:00:00Z`));
