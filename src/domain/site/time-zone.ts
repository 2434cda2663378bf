/**
 * The shop's clock. The business is in Normandy: every date the shop shows (lists, histories,
 * mails, exports), every dashboard day and every order number's year is a Paris date, whatever the
 * viewer's or the server's own time zone.
 */
export const SHOP_TIME_ZONE = 'Europe/Paris';

const parisFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const HOUR_MS = 3_600_000;
/** Since 1946 Paris is a whole number of hours from UTC, and changes offset on a UTC hour. */
const WHOLE_HOUR_OFFSETS_SINCE = Date.UTC(1946, 0, 1);
/** The last UTC hour asked and its Paris day: a command asks the day of « now » each time. */
let lastHour = Number.NaN;
let lastDay = '';

/** The Paris calendar day of an instant, 'YYYY-MM-DD'. */
export const parisDay = (at: Date): string => {
  const ms = at.getTime();
  // Within one UTC hour the Paris day does not change: Intl's formatting runs once per hour asked.
  if (!(ms >= WHOLE_HOUR_OFFSETS_SINCE)) return parisFormat.format(at);
  const hour = Math.floor(ms / HOUR_MS);
  if (hour !== lastHour) {
    lastDay = parisFormat.format(at);
    lastHour = hour;
  }
  return lastDay;
};

/**
 * The name of a file the shop exports, dated with the Paris day it was made (« commandes-2026-11-23.csv »
 * at 00:30 in Paris on the 23rd, when it is still the 22nd in UTC).
 */
export const exportFileName = (name: string, extension: string, at: Date) =>
  `${name}-${parisDay(at)}.${extension}`;
