import type { PlaceOrderInput as CheckoutInput } from '../../domain/checkout/schema.js';
import { actorFromUser } from '../../domain/orders/events.js';
import { checkOrderLimits } from '../abuse.js';
import type { Context } from '../context.js';
import { logger } from '../logger.js';
import { type PlacedOrder, placeOrder } from '../orders/place.js';
import { queueOrderConfirmation } from '../outbox/order-confirmation-mail.js';

/**
 * The shop's checkout: checks the order limits of the client address and the email (abuse.ts),
 * places the order (placeOrder reloads every price, promo rule, availability and stock, computes
 * every amount and appends OrderPlaced with the stock taken, in one transaction), then queues its
 * confirmation mail. The order is committed by then: a mail that cannot even be queued must not turn
 * it into an error (the outbox sweep queues it later). The customer is the session's.
 */
export async function checkout(
  ctx: Pick<Context, 'sql' | 'config' | 'ip' | 'user' | 'requestId'>,
  input: CheckoutInput,
): Promise<PlacedOrder> {
  const { lines, notes, idempotencyKey, deliveryMethod, ...customer } = input;
  await checkOrderLimits(ctx.sql, ctx.config, ctx.ip, customer.email);
  const order = await placeOrder(
    ctx.sql,
    { customerId: ctx.user?.id ?? null, customer, deliveryMethod, lines, ...(notes ? { notes } : {}) },
    { actor: actorFromUser(ctx.user), requestId: ctx.requestId, idempotencyKey },
  );
  try {
    await queueOrderConfirmation(ctx.sql, order, {
      phone: ctx.config.SHOP_PHONE,
      email: ctx.config.SHOP_EMAIL,
    });
  } catch (error) {
    logger.error(`Could not queue the confirmation of order ${order.orderNumber}`, error);
  }
  return order;
}
