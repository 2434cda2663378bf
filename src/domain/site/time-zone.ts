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

/** The Paris calendar day of an instant, 'YYYY-MM-DD'. */
export const parisDay = (at: Date): string => parisFormat.format(at);

/**
 * The name of a file the shop exports, dated with the Paris day it was made (« commandes-2026-11-23.csv »
 * at 00:30 in Paris on the 23rd, when it is still the 22nd in UTC).
 */
export const exportFileName = (name: string, extension: string, at: Date) =>
  `${name}-${parisDay(at)}.${extension}`;
