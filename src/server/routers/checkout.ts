import { placeOrderInputSchema } from '../../domain/checkout/schema.js';
import { actorFromUser } from '../../domain/orders/events.js';
import { checkOrderLimits } from '../abuse.js';
import { logger } from '../logger.js';
import { placeOrder } from '../orders/place.js';
import { queueOrderConfirmation } from '../outbox/order-confirmation-mail.js';
import { publicProcedure, router } from '../trpc.js';

/*
 * The shop's checkout. `place` takes product ids, quantities, the customer form, the delivery
 * method, notes and an idempotency key; placeOrder reloads every price, promo rule, availability
 * and stock, computes every amount and appends OrderPlaced with the stock taken, in one
 * transaction. Whatever else a client sends (prices, totals, statuses, a customer id) is dropped
 * by the schema; the customer is the session's.
 */
export const checkoutRouter = router({
  place: publicProcedure.input(placeOrderInputSchema).mutation(async ({ ctx, input }) => {
    const { lines, notes, idempotencyKey, deliveryMethod, ...customer } = input;
    await checkOrderLimits(ctx.sql, ctx.config, ctx.ip, customer.email);
    const order = await placeOrder(
      ctx.sql,
      { customerId: ctx.user?.id ?? null, customer, deliveryMethod, lines, ...(notes ? { notes } : {}) },
      { actor: actorFromUser(ctx.user), requestId: ctx.requestId, idempotencyKey },
    );
    // The order is committed: a mail that cannot even be queued must not turn it into an error
    // (the outbox sweep queues it later).
    try {
      await queueOrderConfirmation(ctx.sql, order, {
        phone: ctx.config.SHOP_PHONE,
        email: ctx.config.SHOP_EMAIL,
      });
    } catch (error) {
      logger.error(`Could not queue the confirmation of order ${order.orderNumber}`, error);
    }
    return order;
  }),

  /** The help block of /confirmation: the shop's phone and contact email. */
  shopContact: publicProcedure.query(({ ctx }) => ({
    phone: ctx.config.SHOP_PHONE,
    email: ctx.config.SHOP_EMAIL,
  })),
});
