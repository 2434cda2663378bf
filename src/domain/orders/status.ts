/** Order and payment statuses with the French labels of the spec (visitor-site.md §4, back-office.md §4). */

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
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
  paid: 'Payée',
  failed: 'Échouée',
  refunded: 'Remboursée',
};

/** Badge colours of the spec: an unknown status shows its raw value in grey. */
export const ORDER_STATUS_COLORS: Record<
  OrderStatus,
  'yellow' | 'blue' | 'orange' | 'purple' | 'green' | 'red'
> = {
  pending: 'yellow',
  confirmed: 'blue',
  processing: 'orange',
  shipped: 'purple',
  delivered: 'green',
  cancelled: 'red',
};

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

export const isPaymentStatus = (value: unknown): value is PaymentStatus =>
  typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);

export const orderStatusLabel = (status: string): string =>
  isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;

export const paymentStatusLabel = (status: string): string =>
  isPaymentStatus(status) ? PAYMENT_STATUS_LABELS[status] : status;
