/**
 * Projections: the read tables orders and order_items, derived from the order events. Live, each
 * event runs its small SQL in the append's transaction; a rebuild folds the log with the same
 * `orderRow` / `itemRows` functions, so both produce the same rows.
 */

import type postgres from 'postgres';
import type { OrderState } from '../../domain/orders/decider.js';
import type { OrderEvent } from '../../domain/orders/events.js';
import type { Tx } from '../db/client.js';

export interface OrderRow {
  id: string;
  orderNumber: string;
  customerId: string | null;
  status: string;
  paymentStatus: string;
  paymentMethod: string | null;
  notes: string | null;
  shippingAddress: Record<string, string>;
  billingAddress: Record<string, string> | null;
  subtotalCents: number;
  shippingCostCents: number;
  taxCents: number;
  totalAmountCents: number;
  itemCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ItemRow {
  id: string;
  orderId: string;
  productId: string | null;
  title: string;
  image: string | null;
  quantity: number;
  unitPriceCents: number;
  totalPriceCents: number;
  position: number;
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
    // The checkout form as the spec stores it: customer fields plus the delivery method.
    shippingAddress: { ...state.customer, deliveryMethod: state.deliveryMethod },
    billingAddress: null,
    subtotalCents: state.subtotalCents,
    shippingCostCents: state.shippingCostCents,
    taxCents: state.taxCents,
    totalAmountCents: state.totalAmountCents,
    itemCount: state.lines.reduce((sum, line) => sum + line.quantity, 0),
    version: state.version,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}

export function itemRows(state: OrderState): ItemRow[] {
  return state.lines.map((line, index) => ({
    id: line.itemId,
    orderId: state.id,
    productId: line.productId,
    title: line.title,
    image: line.image,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    totalPriceCents: line.totalPriceCents,
    position: index,
  }));
}

/**
 * The read-table change of an event on an existing order, as one statement ending in its where
 * clause, so that the store can run it in the append's own statement (see appendEvent). OrderPlaced
 * has none: it inserts rows (projectEvent). Exhaustive by type: a new event type does not compile
 * until it says what it changes.
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
      return sql`
        update orders set status = ${after.status}, version = ${after.version}, updated_at = ${after.updatedAt}
         where id = ${after.id}`;
    case 'OrderPaymentStatusChanged':
      return sql`
        update orders set payment_status = ${after.paymentStatus}, version = ${after.version},
                          updated_at = ${after.updatedAt}
         where id = ${after.id}`;
    case 'OrderNoteAdded':
      // Notes live in the log only; the row's version follows so that stale screens are caught.
      return sql`update orders set version = ${after.version} where id = ${after.id}`;
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

/** Applies one event to the read tables; `after` is the order's state once the event is folded. */
export async function projectEvent(sql: Tx, event: OrderEvent, after: OrderState): Promise<void> {
  if (event.type !== 'OrderPlaced') {
    const statement = projectionStatement(sql, event, after);
    if (statement) await statement;
    return;
  }
  const row = orderRow(after);
  await sql`
    insert into orders (id, order_number, customer_id, status, payment_status, payment_method, notes,
                        shipping_address, billing_address, subtotal_cents, shipping_cost_cents, tax_cents,
                        total_amount_cents, item_count, version, created_at, updated_at)
    values (${row.id}, ${row.orderNumber},
            (select id from users where id = ${row.customerId}), ${row.status}, ${row.paymentStatus},
            ${row.paymentMethod}, ${row.notes}, ${sql.json(row.shippingAddress)}::jsonb,
            ${row.billingAddress === null ? null : sql.json(row.billingAddress)}::jsonb,
            ${row.subtotalCents}, ${row.shippingCostCents}, ${row.taxCents}, ${row.totalAmountCents},
            ${row.itemCount}, ${row.version}, ${row.createdAt}, ${row.updatedAt})`;
  const items = itemRows(after);
  await sql`
    insert into order_items (id, order_id, product_id, title, image, quantity, unit_price_cents,
                             total_price_cents, position)
    select * from unnest(${items.map((i) => i.id)}::uuid[], ${items.map((i) => i.orderId)}::uuid[],
                         ${items.map((i) => i.productId)}::uuid[], ${items.map((i) => i.title)}::text[],
                         ${items.map((i) => i.image)}::text[], ${items.map((i) => i.quantity)}::int[],
                         ${items.map((i) => i.unitPriceCents)}::int[],
                         ${items.map((i) => i.totalPriceCents)}::int[], ${items.map((i) => i.position)}::int[])`;
}
