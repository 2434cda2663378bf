/**
 * Projections: the read tables orders and order_items, derived from the order events, and the daily
 * sales aggregate (sales.ts). Live, each event runs its small SQL in the append's transaction; a
 * rebuild folds the log with the same `orderRow` / `itemRows` functions, so both produce the same
 * rows, and recomputes the aggregate from them.
 */

import type postgres from 'postgres';
import { productSalesChange } from '../../domain/dashboard/product-sales.js';
import type { OrderState } from '../../domain/orders/decider.js';
import type { OrderEvent } from '../../domain/orders/events.js';
import type { Tx } from '../db/client.js';
import { applySales } from './sales.js';

/** The delivery details and amounts an order carries, the same in the read table and the details. */
export interface OrderAmounts {
  shippingAddress: Record<string, string>;
  billingAddress: Record<string, string> | null;
  subtotalCents: number;
  shippingCostCents: number;
  taxCents: number;
  totalAmountCents: number;
}

export interface OrderRow extends OrderAmounts {
  id: string;
  orderNumber: string;
  customerId: string | null;
  status: string;
  paymentStatus: string;
  paymentMethod: string | null;
  notes: string | null;
  itemCount: number;
  paidCents: number;
  refundedCents: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A line as the order recorded it: the product's title, picture and price at the time. */
export interface RecordedLine {
  productId: string | null;
  title: string;
  image: string | null;
  quantity: number;
  unitPriceCents: number;
  totalPriceCents: number;
}

/** A recorded line as the screens read it back. */
export interface OrderedLine extends RecordedLine {
  /** The product left the catalogue since: the line keeps what the order recorded (« Produit supprimé »). */
  productDeleted: boolean;
}

export interface ItemRow extends RecordedLine {
  id: string;
  orderId: string;
  position: number;
}

/** The order's delivery details and amounts from its state. */
export function orderAmounts(state: OrderState): OrderAmounts {
  return {
    // The checkout form as the spec stores it: customer fields plus the delivery method.
    shippingAddress: { ...state.customer, deliveryMethod: state.deliveryMethod },
    billingAddress: null,
    subtotalCents: state.subtotalCents,
    shippingCostCents: state.shippingCostCents,
    taxCents: state.taxCents,
    totalAmountCents: state.totalAmountCents,
  };
}

/** A line of the state as recorded. */
export function recordedLine(line: OrderState['lines'][number]): RecordedLine {
  return {
    productId: line.productId,
    title: line.title,
    image: line.image,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    totalPriceCents: line.totalPriceCents,
  };
}

export function orderRow(state: OrderState): OrderRow {
  return {
    id: state.id,
    orderNumber: state.orderNumber,
    customerId: state.customerId,
    status: state.status,
    paymentStatus: state.paymentStatus,
    paymentMethod: null,
    notes: state.notes,
    ...orderAmounts(state),
    itemCount: state.lines.reduce((sum, line) => sum + line.quantity, 0),
    paidCents: state.paidCents,
    refundedCents: state.refundedCents,
    version: state.version,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}

export function itemRows(state: OrderState): ItemRow[] {
  return state.lines.map((line, index) => ({
    id: line.itemId,
    orderId: state.id,
    ...recordedLine(line),
    position: index,
  }));
}

/**
 * The read-table change of an event on an existing order, as one statement ending in its where
 * clause, so that the store can run it in the append's own statement (see appendEvent). OrderPlaced
 * has none: it inserts rows (projectEvent). Exhaustive by type: a new event type does not compile
 * until it says what it changes. Each statement writes only the columns its event changes, so a
 * row can never be set from a part of `after` the event did not decide.
 */
export function projectionStatement(
  sql: Tx,
  event: OrderEvent,
  after: OrderState,
): postgres.PendingQuery<postgres.Row[]> | null {
  switch (event.type) {
    case 'OrderPlaced':
      return null;
    case 'OrderStatusChanged':
      // The order's status only: its payment columns are the ledger's (the money events below).
      return sql`
        update orders set status = ${after.status}, version = ${after.version}, updated_at = ${after.updatedAt}
         where id = ${after.id}`;
    case 'OrderPaymentStatusChanged':
    case 'PaymentRecorded':
    case 'PaymentCancelled':
    case 'RefundRecorded':
    case 'PaymentFailed':
      return sql`
        update orders set payment_status = ${after.paymentStatus}, paid_cents = ${after.paidCents},
                          refunded_cents = ${after.refundedCents}, version = ${after.version},
                          updated_at = ${after.updatedAt}
         where id = ${after.id}`;
    case 'InvoiceIssued':
    case 'CreditNoteIssued':
    // Invoices are listed from the log itself (src/server/invoices); the order's version follows.
    case 'OrderNoteAdded':
      // Notes live in the log only; the row's version follows so that stale screens are caught.
      return sql`update orders set version = ${after.version} where id = ${after.id}`;
    case 'WithdrawalRequested':
    case 'WithdrawalExceptionRecorded':
      // Withdrawals live in the log (the back-office filters on it); the row's version follows.
      return sql`update orders set version = ${after.version}, updated_at = ${after.updatedAt} where id = ${after.id}`;
    case 'OrderDeleted':
      // The order leaves the read tables (its items by cascade) and stays in the log.
      return sql`delete from orders where id = ${after.id}`;
    default:
      return unhandled(event);
  }
}

function unhandled(event: never): never {
  throw new Error(`No projection for event ${(event as { type: string }).type}`);
}

/**
 * Applies one event to the read tables and the daily sales; `before` and `after` are the order's
 * state before and once the event is folded. In a transaction (the statements are pipelined).
 */
export async function projectEvent(
  sql: Tx,
  event: OrderEvent,
  before: OrderState | null,
  after: OrderState,
): Promise<void> {
  const sales = applySales(sql, after.createdAt, productSalesChange(before, after));
  if (event.type !== 'OrderPlaced') {
    const statement = projectionStatement(sql, event, after);
    await Promise.all([statement, sales]);
    return;
  }
  const row = orderRow(after);
  const order = sql`
    insert into orders (id, order_number, customer_id, status, payment_status, payment_method, notes,
                        shipping_address, billing_address, subtotal_cents, shipping_cost_cents, tax_cents,
                        total_amount_cents, item_count, paid_cents, refunded_cents, version, created_at,
                        updated_at)
    values (${row.id}, ${row.orderNumber},
            ${row.customerId}, ${row.status}, ${row.paymentStatus},
            ${row.paymentMethod}, ${row.notes}, ${sql.json(row.shippingAddress)}::jsonb,
            ${row.billingAddress === null ? null : sql.json(row.billingAddress)}::jsonb,
            ${row.subtotalCents}, ${row.shippingCostCents}, ${row.taxCents}, ${row.totalAmountCents},
            ${row.itemCount}, ${row.paidCents}, ${row.refundedCents}, ${row.version}, ${row.createdAt},
            ${row.updatedAt})`;
  const items = itemRows(after);
  const orderItems = sql`
    insert into order_items (id, order_id, product_id, title, image, quantity, unit_price_cents,
                             total_price_cents, position)
    select * from unnest(${items.map((i) => i.id)}::uuid[], ${items.map((i) => i.orderId)}::uuid[],
                         ${items.map((i) => i.productId)}::uuid[], ${items.map((i) => i.title)}::text[],
                         ${items.map((i) => i.image)}::text[], ${items.map((i) => i.quantity)}::int[],
                         ${items.map((i) => i.unitPriceCents)}::int[],
                         ${items.map((i) => i.totalPriceCents)}::int[], ${items.map((i) => i.position)}::int[])`;
  // One Promise.all, so that a failure of any statement (a lost connection fails them all) is
  // handled: awaiting them one by one left the others' rejections unhandled.
  await Promise.all([order, orderItems, sales]);
}
