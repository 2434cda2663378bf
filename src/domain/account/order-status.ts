/** French dates as the account pages show them. */

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
