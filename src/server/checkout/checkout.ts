import type { PlaceOrderInput as CheckoutInput } from '../../domain/checkout/schema.js';
import type { Actor } from '../../domain/orders/events.js';
import type { Sql } from '../db/client.js';
import { logger } from '../logger.js';
import { type PlacedOrder, placeOrder } from '../orders/place.js';
import { queueOrderConfirmation, type ShopContact } from '../outbox/order-confirmation-mail.js';

/**
 * The shop's checkout: places the order (placeOrder reloads every price, promo rule, availability
 * and stock, computes every amount and appends OrderPlaced with the stock taken, in one
 * transaction), then queues its confirmation mail. The order is committed by then: a mail that
 * cannot even be queued must not turn it into an error (the outbox sweep queues it later).
 */
export async function checkout(
  sql: Sql,
  input: CheckoutInput,
  customerId: string | null,
  meta: { actor: Actor; requestId: string },
  contact: ShopContact,
): Promise<PlacedOrder> {
  const { lines, notes, idempotencyKey, deliveryMethod, ...customer } = input;
  const order = await placeOrder(
    sql,
    { customerId, customer, deliveryMethod, lines, ...(notes ? { notes } : {}) },
    { ...meta, idempotencyKey },
  );
  try {
    await queueOrderConfirmation(sql, order, contact);
  } catch (error) {
    logger.error(`Could not queue the confirmation of order ${order.orderNumber}`, error);
  }
  return order;
}
