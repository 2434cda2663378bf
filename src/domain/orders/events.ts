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
import {
  paymentCancelledSchema,
  paymentFailedSchema,
  paymentRecordedSchema,
  refundRecordedSchema,
} from './money.js';
import { ORDER_STATUSES } from './status.js';

/**
 * The shape version written into every new event's metadata. Bump it when an event's data changes
 * shape, and add the upcaster that turns the previous version into the new one (UPCASTERS below).
 */
export const EVENT_SCHEMA_VERSION = 3;

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
/** The payment statuses an admin once chose in a select (before issue 24); read, never written again. */
const legacyPaymentStatus = z.enum(['pending', 'paid', 'failed', 'refunded']);

// --- Withdrawal events (issue 26), kept in one block --------------------------------------------

/** Why the owner refuses the withdrawal of some lines: only the hygiene exception, stated before the contract. */
export const WITHDRAWAL_EXCEPTIONS = ['hygiene_seal_broken'] as const;

const WITHDRAWAL_EVENT_SCHEMAS = {
  /**
   * The customer used the online withdrawal function (L221-21, D221-5). The name and email are the
   * ones typed on the form, kept because the acknowledgement goes to them. Since version 3 they live
   * in a personal record outside the log, as OrderPlaced's do (the block "Personal data" below);
   * after an erasure they read as « Client supprimé » and an empty email.
   */
  WithdrawalRequested: z.object({
    name: z.string().min(1),
    email: z.string(),
    /** The order_items ids the withdrawal covers (all the order's lines by default). */
    itemIds: z.array(z.string()).min(1),
  }),
  /** The owner records that the hygiene exception (L221-28 5°) applies to some lines; never automatic. */
  WithdrawalExceptionRecorded: z.object({
    reason: z.enum(WITHDRAWAL_EXCEPTIONS),
    itemIds: z.array(z.string()).min(1),
    note: z.string().nullable(),
  }),
} as const;

// --- end of the withdrawal block ------------------------------------------------------------------

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
  /** A biocide's product type (the biocide sales register); absent for anything else. */
  biocideType: z.string().optional(),
  /** Sold only to a Certibiocide holder; absent when not. */
  professionalOnly: z.literal(true).optional(),
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
  /** Always 'pending' when placed; the payment status is derived from the money events after. */
  paymentStatus: z.literal('pending'),
  /**
   * The buyer's Certibiocide when the order has a professional-only biocide (arrêté of 9 October
   * 2013: its number goes into the seller's sales register). Absent otherwise.
   */
  certibiocide: z.object({ number: z.string(), category: z.string(), expiresOn: z.string() }).optional(),
  /** The CGV version the customer accepted at checkout (orders placed before versioning: absent). */
  cgvVersion: z.string().optional(),
  /** The VAT rate the order was priced with (percent); absent on orders placed before invoices. */
  taxRate: z.number().min(0).max(100).optional(),
  /** A business buyer ("Professionnel"): printed on its invoices with the B2B mentions. */
  business: z
    .object({ companyName: z.string(), siren: z.string(), vatNumber: z.string() })
    .nullable()
    .optional(),
});
export type OrderPlacedData = z.infer<typeof orderPlacedDataSchema>;

/** The carrier and tracking number of a shipment, each optional. */
export const shipmentSchema = z.object({
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
});
export type Shipment = z.infer<typeof shipmentSchema>;
// --- Personal data: kept outside the log (docs/decisions/020-personal-data.md) -------------------
// Since version 2, a stored OrderPlaced holds no personal field (its `customer` and `notes`), and
// since version 3 neither does a WithdrawalRequested (its `name` and `email`): they live in a
// personal record outside the hash chain, and the event stores a reference to it with a salted
// commitment of its content (`personal`). Readers attach the record back before parsing, so an
// event's shape after reading is the same at every version: the read-side upcasters are the
// identity. The old stored shape is turned into the reference form by `detachPersonalData`, which
// the one-time rewrite (server/privacy/reseal.ts) runs.

/** What a stored OrderPlaced holds instead of the personal fields. */
export const personalRefSchema = z.object({
  /** The data subject: the customer's user id, or for a guest the order's id. */
  subjectId: z.string(),
  /** The personal record (table personal_records). */
  recordId: z.string(),
  /** sha256 of the record's salt and canonical fields, hex: computed by the server. */
  commitment: z.string(),
});
export type PersonalRef = z.infer<typeof personalRefSchema>;

/** The personal fields of one order, as its record keeps them. */
export const personalFieldsSchema = z.object({
  customer: customerDetailsSchema,
  notes: z.string().nullable(),
});
export type PersonalFields = z.infer<typeof personalFieldsSchema>;

/** What every screen, mail and replay reads once a record is erased. */
export const ERASED_CUSTOMER_LABEL = 'Client supprimé';
export const ERASED_PERSONAL_FIELDS: PersonalFields = {
  customer: {
    firstName: ERASED_CUSTOMER_LABEL,
    lastName: '',
    email: '',
    phone: '',
    address: '',
    city: '',
    zipCode: '',
  },
  notes: null,
};

/** The personal fields of a withdrawal request, as its record keeps them (the form's name and email). */
export const withdrawalPersonalFieldsSchema = z.object({ name: z.string(), email: z.string() });

/**
 * Every event type that carries personal fields: which keys of its data leave the log, how its
 * record is read back, what an erased record reads as, and the schema version from which the
 * stored form holds a reference instead (the one-time rewrite stamps that version).
 */
export const PERSONAL_EVENTS = {
  OrderPlaced: {
    keys: ['customer', 'notes'],
    fields: personalFieldsSchema,
    erased: ERASED_PERSONAL_FIELDS,
    since: 2,
  },
  WithdrawalRequested: {
    keys: ['name', 'email'],
    fields: withdrawalPersonalFieldsSchema,
    erased: { name: ERASED_CUSTOMER_LABEL, email: '' },
    since: 3,
  },
} as const;
export type PersonalEventType = keyof typeof PERSONAL_EVENTS;

/** Event types that carry personal fields in their data. */
export const PERSONAL_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(PERSONAL_EVENTS));
export const isPersonalEventType = (type: string): type is PersonalEventType =>
  Object.hasOwn(PERSONAL_EVENTS, type);

/** Splits an event's data into what the log stores (with the reference) and the personal fields kept outside it. */
export function detachPersonalData(
  type: PersonalEventType,
  data: object,
  ref: PersonalRef,
): { stored: Record<string, unknown> & { personal: PersonalRef }; fields: Record<string, unknown> } {
  const keys: readonly string[] = PERSONAL_EVENTS[type].keys;
  const stored: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) (keys.includes(k) ? fields : stored)[k] = v;
  return { stored: { ...stored, personal: ref }, fields };
}

/** The reference a stored event's data holds, if any (events written before their type's `since` hold none). */
export function personalRefOf(data: unknown): PersonalRef | null {
  if (!data || typeof data !== 'object' || !('personal' in data)) return null;
  const parsed = personalRefSchema.safeParse((data as { personal: unknown }).personal);
  return parsed.success ? parsed.data : null;
}

/**
 * The reverse, when reading: the stored data with the record's fields put back, or the erased
 * placeholder when the record was erased (`fields` null). Data without a reference (another event
 * type, or one written in the old inline form) is returned as it is.
 */
export function attachPersonalData(type: string, data: unknown, fields: unknown): unknown {
  if (!isPersonalEventType(type) || !personalRefOf(data)) return data;
  const { personal: _, ...rest } = data as Record<string, unknown>;
  const spec = PERSONAL_EVENTS[type];
  const parsed = spec.fields.safeParse(fields);
  return { ...rest, ...(parsed.success ? parsed.data : spec.erased) };
}

const unchangedAfterReading = (data: unknown) => data;
/**
 * Version 1 to 2 changed only the stored form of OrderPlaced, version 2 to 3 only that of
 * WithdrawalRequested (see above): after reading, every type has the same shape, so each step is
 * the identity. Step 2 is given for every type (generated once the types are known, below).
 */
const PERSONAL_DATA_UPCASTERS: Record<
  string,
  Record<number, (data: unknown) => unknown>
> = Object.fromEntries(
  ['OrderPlaced', 'OrderStatusChanged', 'OrderPaymentStatusChanged', 'OrderDeleted', 'OrderNoteAdded'].map(
    (type) => [type, { 1: unchangedAfterReading }],
  ),
);
// --- End of the personal-data block ---------------------------------------------------------------

/** Every event type with the schema of its data (today's shape). */
export const ORDER_EVENT_SCHEMAS = {
  OrderPlaced: orderPlacedDataSchema,
  OrderStatusChanged: z.object({
    from: orderStatus,
    to: orderStatus,
    /** The reason is there only where one was given (the transition table asks for it on corrections). */
    reason: z.string().min(1).optional(),
    /** Entered with "Expédiée" when the owner has them: shown to the customer in the mail. */
    shipment: shipmentSchema.optional(),
  }),
  /**
   * Legacy: the status an admin chose before payments were recorded. No longer decided; folded into
   * what it meant (money.ts legacyPaymentEntries, docs/decisions/018-payments-ledger.md).
   */
  OrderPaymentStatusChanged: z.object({ from: legacyPaymentStatus, to: legacyPaymentStatus }),
  OrderDeleted: z.object({ reason: z.string().nullable() }),
  /** An admin's internal note: staff only, never shown to the customer (see INTERNAL_EVENT_TYPES). */
  OrderNoteAdded: z.object({ note: z.string().min(1) }),

  // --- Money (issue 24, docs/decisions/018-payments-ledger.md) ---------------------------------
  /** A payment received (amount, method, Paris day, optional cheque or transfer reference). */
  PaymentRecorded: paymentRecordedSchema,
  /** The opposite entry of a payment recorded by mistake: names the one it cancels. */
  PaymentCancelled: paymentCancelledSchema,
  /** A refund: lines and quantities, delivery and/or an amount, a reason, a method, restock or not. */
  RefundRecorded: refundRecordedSchema,
  /** A payment attempt failed (declined card, bounced cheque) while nothing is paid. */
  PaymentFailed: paymentFailedSchema,
  // --- End of money ------------------------------------------------------------------------------
  // --- Withdrawal (issue 26: C. conso L221-18, L221-21, L221-28) ---------------------------------
  ...WITHDRAWAL_EVENT_SCHEMAS,
  /** An invoice: its full snapshot (the PDF is rendered from it alone) and the PDF's SHA-256. */
  InvoiceIssued: z.object({ document: documentSnapshotSchema, pdfSha256: z.string() }),
  /** A credit note (avoir) citing the order's invoice, with its snapshot and the PDF's SHA-256. */
  CreditNoteIssued: z.object({ document: documentSnapshotSchema, pdfSha256: z.string() }),
} as const;

/** The money events: the movements a closure sums (PaymentFailed moves no money). */
export const MONEY_MOVEMENT_TYPES = ['PaymentRecorded', 'PaymentCancelled', 'RefundRecorded'] as const;

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
 * Version 1 to 2: the personal-data block above.
 */
export type Upcasters = Partial<Record<OrderEventType, Record<number, (data: unknown) => unknown>>>;
export const UPCASTERS: Upcasters = Object.fromEntries(
  ORDER_EVENT_TYPES.map((type) => [type, { ...PERSONAL_DATA_UPCASTERS[type], 2: unchangedAfterReading }]),
);

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
