import type { Tx } from '../db/client.js';
import type { OrderedLine } from '../orders/projections.js';
import { spentCentsSql } from '../orders/sales.js';

/*
 * A customer's own orders, read from the order log's read tables (migrations/0002). Every query
 * takes the customer id and filters on it: there is no way to read someone else's order here.
 */

export interface CustomerOrderSummary {
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  totalAmountCents: number;
  paidCents: number;
  refundedCents: number;
  itemCount: number;
  createdAt: Date;
}

export interface AccountTotals {
  orderCount: number;
  /** « Total dépensé »: paid less refunded (domain/dashboard/revenue.ts spentCents). */
  totalSpentCents: number;
}

export async function accountTotals(sql: Tx, customerId: string): Promise<AccountTotals> {
  const [row] = await sql<AccountTotals[]>`
    select count(*)::int as order_count,
           coalesce(sum(${spentCentsSql(sql, sql`orders`)}), 0)::int8 as total_spent_cents
      from orders
     where customer_id = ${customerId}`;
  return row ?? { orderCount: 0, totalSpentCents: 0 };
}

export async function listCustomerOrders(
  sql: Tx,
  customerId: string,
): Promise<(CustomerOrderSummary & { deliveredAt: Date | null; withdrawalRequestedAt: Date | null })[]> {
  // The withdrawal period's facts come from the log (issue 26): the first "delivered", the request.
  return await sql<
    (CustomerOrderSummary & { deliveredAt: Date | null; withdrawalRequestedAt: Date | null })[]
  >`
    select o.id, o.order_number, o.status, o.payment_status, o.total_amount_cents, o.paid_cents, o.refunded_cents,
           o.item_count, o.created_at,
           (select min(e.recorded_at) from events e
             where e.stream_id = o.id and e.type = 'OrderStatusChanged' and e.data ->> 'to' = 'delivered') as delivered_at,
           (select min(w.recorded_at) from events w
             where w.stream_id = o.id and w.type = 'WithdrawalRequested') as withdrawal_requested_at
      from orders o
     where o.customer_id = ${customerId}
     order by o.created_at desc, o.id`;
}

export async function findCustomerOrder(
  sql: Tx,
  customerId: string,
  orderId: string,
): Promise<(CustomerOrderSummary & { shippingAddress: unknown; lines: OrderedLine[] }) | null> {
  const [order] = await sql<(CustomerOrderSummary & { shippingAddress: unknown })[]>`
    select id, order_number, status, payment_status, total_amount_cents, paid_cents, refunded_cents, item_count,
           created_at, shipping_address
      from orders
     where id = ${orderId} and customer_id = ${customerId}`;
  if (!order) return null;
  const lines = await sql<OrderedLine[]>`
    select i.product_id, i.title, i.image, i.quantity, i.unit_price_cents, i.total_price_cents,
           (i.product_id is not null and not exists (select 1 from products p where p.id = i.product_id))
             as product_deleted
      from order_items i
     where i.order_id = ${orderId}
     order by i.position, i.title`;
  return { ...order, lines };
}
