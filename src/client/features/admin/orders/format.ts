/** The first 8 characters of an id, as the back-office shows ids. */
export const shortId = (id: string) => id.slice(0, 8);

/** « 1 commande », « 12 345 commandes », « Plus de 1 000 commandes ». */
export function orderCount(total: number, capped: boolean): string {
  const n = total.toLocaleString('fr-FR');
  if (capped) return `Plus de ${n} commandes`;
  return `${n} commande${total > 1 ? 's' : ''}`;
}
