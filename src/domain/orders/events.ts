/**
 * The order log's vocabulary: past-tense events, each with the data needed to rebuild the read
 * tables, and the metadata every stored event carries. Each event type is declared once, as a zod
 * schema of its data: the TypeScript union, the list of types and the parsing of stored events all
 * derive from ORDER_EVENT_SCHEMAS. How to add or change an event: docs/decisions/001-order-log.md.
 */
import { z } from 'zod';
import type { Role } from '../account/roles.js';
import { DELIVERY_METHODS } from '../checkout/fields.js';
import { documentSnapshotSchema } from '../invoices/document.js';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './status.js';

/**
 * The shape version written into every new event's metadata. Bump it when an event's data changes
 * shape, and add the upcaster that turns the previous version into the new one (UPCASTERS below).
 */
export const EVENT_SCHEMA_VERSION = 1;

/** Who caused an event. */
export type Actor =
  | { kind: 'user'; userId: string }
  | { kind: 'admin'; userId: string }
  | { kind: 'guest' }
  | { kind: 'system'; name?: string };

export interface EventMetadata {
  actor: Actor;
  /** ISO time of the decision (also the event's recorded time), carried by the command. */
  at: string;
  requestId: string;
  schemaVersion: number;
  idempotencyKey?: string;
}

const orderStatus = z.enum(ORDER_STATUSES);
const paymentStatus = z.enum(PAYMENT_STATUSES);

export type { DeliveryMethod } from '../checkout/fields.js';

const deliveryMethodSchema = z.enum(DELIVERY_METHODS);

/** The checkout form of the spec (visitor-site.md §3) as recorded, without the delivery method. */
export const customerDetailsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  zipCode: z.string(),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

const cents = z.number().int().nonnegative();

export const orderLineSchema = z.object({
  /** The order_items row id, chosen when the order is placed so that a replay rebuilds the same row. */
  itemId: z.string(),
  productId: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int().positive(),
  /** The unit price as charged (promo applied when it applied). */
  unitPriceCents: cents,
  totalPriceCents: cents,
  /** Whether placing the order took stock for this line (false for unlimited stock). */
  stockTracked: z.boolean(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderPlacedDataSchema = z.object({
  orderNumber: z.string(),
  customerId: z.string().nullable(),
  customer: customerDetailsSchema,
  deliveryMethod: deliveryMethodSchema,
  lines: z.array(orderLineSchema).min(1),
  subtotalCents: cents,
  shippingCostCents: cents,
  taxCents: cents,
  totalAmountCents: cents,
  notes: z.string().nullable(),
  status: orderStatus,
  paymentStatus: paymentStatus,
  /** The VAT rate the order was priced with (percent); absent on orders placed before invoices. */
  taxRate: z.number().min(0).max(100).optional(),
  /** A business buyer ("Professionnel"): printed on its invoices with the B2B mentions. */
  business: z
    .object({ companyName: z.string(), siren: z.string(), vatNumber: z.string() })
    .nullable()
    .optional(),
});
export type OrderPlacedData = z.infer<typeof orderPlacedDataSchema>;

/** Every event type with the schema of its data (today's shape). */
export const ORDER_EVENT_SCHEMAS = {
  OrderPlaced: orderPlacedDataSchema,
  OrderStatusChanged: z.object({ from: orderStatus, to: orderStatus }),
  OrderPaymentStatusChanged: z.object({ from: paymentStatus, to: paymentStatus }),
  OrderDeleted: z.object({ reason: z.string().nullable() }),
  /** An admin's internal note: staff only, never shown to the customer (see INTERNAL_EVENT_TYPES). */
  OrderNoteAdded: z.object({ note: z.string().min(1) }),
  /** An invoice: its full snapshot (the PDF is rendered from it alone) and the PDF's SHA-256. */
  InvoiceIssued: z.object({ document: documentSnapshotSchema, pdfSha256: z.string() }),
  /** A credit note (avoir) citing the order's invoice, with its snapshot and the PDF's SHA-256. */
  CreditNoteIssued: z.object({ document: documentSnapshotSchema, pdfSha256: z.string() }),
} as const;

type Schemas = typeof ORDER_EVENT_SCHEMAS;
export type OrderEventType = keyof Schemas;
export type OrderEvent = {
  [K in OrderEventType]: { type: K; data: z.infer<Schemas[K]> };
}[OrderEventType];

export const ORDER_EVENT_TYPES = Object.keys(ORDER_EVENT_SCHEMAS) as OrderEventType[];

/** Events only staff may read: filtered from every customer-facing history. */
export const INTERNAL_EVENT_TYPES: ReadonlySet<OrderEventType> = new Set<OrderEventType>(['OrderNoteAdded']);

export const isOrderEventType = (type: string): type is OrderEventType =>
  Object.hasOwn(ORDER_EVENT_SCHEMAS, type);

/**
 * Upcasters: for an event type, the function that turns data written at version N into the shape
 * of version N + 1. A stored event is upcast step by step to EVENT_SCHEMA_VERSION, then parsed.
 * None exist yet: every event so far was written at version 1.
 */
export type Upcasters = Partial<Record<OrderEventType, Record<number, (data: unknown) => unknown>>>;
export const UPCASTERS: Upcasters = {};

/** Brings an event's data from the version it was written at to `toVersion`, one step at a time. */
export function upcast(
  type: OrderEventType,
  data: unknown,
  fromVersion: number,
  upcasters: Upcasters = UPCASTERS,
  toVersion: number = EVENT_SCHEMA_VERSION,
): unknown {
  if (fromVersion > toVersion) {
    throw new Error(`${type} was written at version ${fromVersion}, newer than this code`);
  }
  let result = data;
  for (let version = fromVersion; version < toVersion; version += 1) {
    const step = upcasters[type]?.[version];
    if (!step) throw new Error(`No upcaster for ${type} from version ${version}`);
    result = step(result);
  }
  return result;
}

/** An event's data as stored in the log, with the schema version of its metadata. */
export interface StoredEventInput {
  type: string;
  data: unknown;
  schemaVersion: number;
}

/**
 * Reads a stored event into today's shape: upcast from its version, then parse with its schema. A
 * type that is not known, a version with no upcaster path or data that does not fit its schema is
 * an error: the log is the truth, so a reader never guesses.
 */
export function parseOrderEvent(stored: StoredEventInput): OrderEvent {
  if (!isOrderEventType(stored.type)) throw new Error(`Unknown order event type: ${stored.type}`);
  const data = upcast(stored.type, stored.data, stored.schemaVersion);
  const parsed = ORDER_EVENT_SCHEMAS[stored.type].safeParse(data);
  if (!parsed.success) {
    throw new Error(`Stored ${stored.type} does not fit its schema: ${parsed.error.issues[0]?.message}`);
  }
  return { type: stored.type, data: parsed.data } as OrderEvent;
}

export function actorFromUser(user: { id: string; role: Role } | null): Actor {
  if (!user) return { kind: 'guest' };
  // An auditor changes no order: one who shops does so as a customer.
  return { kind: user.role === 'admin' ? 'admin' : 'user', userId: user.id };
}
