/**
 * Order and payment statuses: the one place for their values, French labels (visitor-site.md §4,
 * back-office.md §4) and badge tones. Imported by the server (history, mails) and the client (badges,
 * selectors) alike.
 */

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Payment statuses are derived from the order's payments and refunds (src/domain/orders/money.ts),
 * never chosen: pending (nothing paid), partially_paid, paid, partially_refunded, refunded, failed.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'partially_paid',
  'paid',
  'partially_refunded',
  'refunded',
  'failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Labels customers see (and the order history uses). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'En attente',
  confirmed: 'Confirmée',
  processing: 'En préparation',
  shipped: 'Expédiée',
  delivered: 'Livrée',
  cancelled: 'Annulée',
};

/** The back-office selector names processing "En traitement" (back-office.md §4). */
export const ADMIN_ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  ...ORDER_STATUS_LABELS,
  processing: 'En traitement',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'En attente',
  partially_paid: 'Partiellement payée',
  paid: 'Payée',
  partially_refunded: 'Partiellement remboursée',
  refunded: 'Remboursée',
  failed: 'Échouée',
};

export type StatusTone = 'yellow' | 'blue' | 'orange' | 'purple' | 'green' | 'red' | 'grey';

/** Badge colours of the spec; an unknown status shows its raw value in grey. */
export const ORDER_STATUS_TONES: Record<OrderStatus, StatusTone> = {
  pending: 'yellow',
  confirmed: 'blue',
  processing: 'orange',
  shipped: 'purple',
  delivered: 'green',
  cancelled: 'red',
};

export const PAYMENT_STATUS_TONES: Record<PaymentStatus, StatusTone> = {
  pending: 'yellow',
  partially_paid: 'orange',
  paid: 'green',
  partially_refunded: 'blue',
  refunded: 'purple',
  failed: 'red',
};

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

export const isPaymentStatus = (value: unknown): value is PaymentStatus =>
  typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);

export const orderStatusLabel = (status: string, audience: 'customer' | 'admin' = 'customer'): string =>
  isOrderStatus(status)
    ? (audience === 'admin' ? ADMIN_ORDER_STATUS_LABELS : ORDER_STATUS_LABELS)[status]
    : status;

export const paymentStatusLabel = (status: string): string =>
  isPaymentStatus(status) ? PAYMENT_STATUS_LABELS[status] : status;

/** A status badge: French label and tone, the raw value in grey when unknown. */
export function orderStatusView(
  status: string,
  audience: 'customer' | 'admin' = 'customer',
): { label: string; tone: StatusTone } {
  return {
    label: orderStatusLabel(status, audience),
    tone: isOrderStatus(status) ? ORDER_STATUS_TONES[status] : 'grey',
  };
}

export function paymentStatusView(status: string): { label: string; tone: StatusTone } {
  return {
    label: paymentStatusLabel(status),
    tone: isPaymentStatus(status) ? PAYMENT_STATUS_TONES[status] : 'grey',
  };
}
