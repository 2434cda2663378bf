/**
 * The order log's vocabulary: past-tense events, each with the data needed to rebuild the read
 * tables, and the metadata every stored event carries. Bump EVENT_SCHEMA_VERSION when the shape of
 * an event's data changes; readers upcast older versions.
 */
import type { OrderStatus, PaymentStatus } from './status.js';

export const EVENT_SCHEMA_VERSION = 1;

/** Who caused an event. */
export type Actor =
  | { kind: 'user'; userId: string }
  | { kind: 'admin'; userId: string }
  | { kind: 'guest' }
  | { kind: 'system'; name?: string };

export interface EventMetadata {
  actor: Actor;
  /** ISO time of the decision (also the event's recorded time). */
  at: string;
  requestId: string;
  schemaVersion: number;
  idempotencyKey?: string;
}

export type DeliveryMethod = 'delivery' | 'pickup';

/** The checkout form of the spec (visitor-site.md §3), without the delivery method. */
export interface CustomerDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  zipCode: string;
}

export interface OrderLine {
  /** The order_items row id, chosen when the order is placed so that a replay rebuilds the same row. */
  itemId: string;
  productId: string;
  title: string;
  image: string | null;
  quantity: number;
  /** The unit price as charged (promo applied when it applied). */
  unitPriceCents: number;
  totalPriceCents: number;
  /** Whether placing the order took stock for this line (false for unlimited stock). */
  stockTracked: boolean;
}

export interface OrderPlacedData {
  orderNumber: string;
  customerId: string | null;
  customer: CustomerDetails;
  deliveryMethod: DeliveryMethod;
  lines: OrderLine[];
  subtotalCents: number;
  shippingCostCents: number;
  taxCents: number;
  totalAmountCents: number;
  notes: string | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

export type OrderEvent =
  | { type: 'OrderPlaced'; data: OrderPlacedData }
  | { type: 'OrderStatusChanged'; data: { from: OrderStatus; to: OrderStatus } }
  | { type: 'OrderPaymentStatusChanged'; data: { from: PaymentStatus; to: PaymentStatus } }
  | { type: 'OrderDeleted'; data: { reason: string | null } };

export type OrderEventType = OrderEvent['type'];

export const ORDER_EVENT_TYPES: readonly OrderEventType[] = [
  'OrderPlaced',
  'OrderStatusChanged',
  'OrderPaymentStatusChanged',
  'OrderDeleted',
];

/** An event as the store hands it back. */
export type RecordedOrderEvent = OrderEvent & {
  streamId: string;
  version: number;
  position: number;
  metadata: EventMetadata;
};

export function actorFromUser(user: { id: string; role: 'user' | 'admin' } | null): Actor {
  if (!user) return { kind: 'guest' };
  return { kind: user.role, userId: user.id };
}
