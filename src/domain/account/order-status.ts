/** French dates as the account pages and the back-office show them. */

/** French long date, e.g. « 21 novembre 2026 ». */
export function frenchLongDate(value: Date | string): string {
  return new Date(value).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** French long date with the time, for history entries. */
export function frenchDateTime(value: Date | string): string {
  return new Date(value).toLocaleString('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const parisShortDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
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
