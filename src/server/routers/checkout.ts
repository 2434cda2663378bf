import { placeOrderInputSchema } from '../../domain/checkout/schema.js';
import { findCertibiocide } from '../customers/certibiocide.js';
import { checkout } from '../orders/checkout.js';
import { publicProcedure, router } from '../trpc.js';

/*
 * `place` takes product ids, quantities, the customer form, the delivery method, notes and an
 * idempotency key. Whatever else a client sends (prices, totals, statuses, a customer id) is dropped
 * by the schema; the customer is the session's.
 */
export const checkoutRouter = router({
  place: publicProcedure.input(placeOrderInputSchema).mutation(async ({ ctx, input }) =>
    checkout(ctx, input, {
      signedIn: ctx.user !== null,
      certificate: ctx.user ? await findCertibiocide(ctx.sql, ctx.user.id) : null,
    }),
  ),
});
