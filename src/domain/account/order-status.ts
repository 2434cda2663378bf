/** How customers see an order status (visitor-site.md §4): French label and colour. */
export type StatusTone = 'yellow' | 'blue' | 'orange' | 'purple' | 'green' | 'red' | 'grey';

const statuses: Record<string, { label: string; tone: StatusTone }> = {
  pending: { label: 'En attente', tone: 'yellow' },
  confirmed: { label: 'Confirmée', tone: 'blue' },
  processing: { label: 'En préparation', tone: 'orange' },
  shipped: { label: 'Expédiée', tone: 'purple' },
  delivered: { label: 'Livrée', tone: 'green' },
  cancelled: { label: 'Annulée', tone: 'red' },
};

/** An unknown status shows its raw value in grey. */
export function orderStatusView(status: string): { label: string; tone: StatusTone } {
  return Object.hasOwn(statuses, status) ? statuses[status]! : { label: status, tone: 'grey' };
}

const paymentStatuses: Record<string, string> = {
  pending: 'Paiement en attente',
  paid: 'Payée',
  failed: 'Paiement échoué',
  refunded: 'Remboursée',
  partially_refunded: 'Partiellement remboursée',
};

export function paymentStatusLabel(status: string): string {
  return Object.hasOwn(paymentStatuses, status) ? paymentStatuses[status]! : status;
}

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
