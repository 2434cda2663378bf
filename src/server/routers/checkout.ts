import { placeOrderInputSchema } from '../../domain/checkout/schema.js';
import { findBuyer } from '../customers/buyer.js';
import { checkout } from '../orders/checkout.js';
import { publicProcedure, router } from '../trpc.js';

/*
 * `place` takes product ids, quantities, the customer form, the delivery method, notes and an
 * idempotency key. Whatever else a client sends (prices, totals, statuses, a customer id) is dropped
 * by the schema; the customer is the session's.
 */
export const checkoutRouter = router({
  place: publicProcedure
    .input(placeOrderInputSchema)
    .mutation(async ({ ctx, input }) => checkout(ctx, input, await findBuyer(ctx.sql, ctx.user?.id ?? null))),
});
