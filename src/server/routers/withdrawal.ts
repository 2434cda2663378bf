import { z } from 'zod';
import { actorFromUser } from '../../domain/orders/events.js';
import { withdrawalFormShape } from '../../domain/orders/withdrawal.js';
import { signedOrderDocuments } from '../invoices/signed-order.js';
import { checkGuestExportLimit } from '../limits/abuse.js';
import { orderForToken, requestWithdrawal } from '../orders/withdrawal.js';
import { guestDataForToken } from '../privacy/export.js';
import { publicProcedure, router } from '../trpc.js';

/*
 * The signed order page (/commande/{token}) and its withdrawal function. Public: the token is the
 * right (an HMAC of the order id, order-link.ts), so a guest needs no account; a token that is not
 * ours reads as an unknown order.
 */
const token = z.string().min(1).max(100);

export const withdrawalRouter = router({
  order: publicProcedure
    .input(z.object({ token }))
    .query(({ ctx, input }) => orderForToken(ctx.sql, ctx.config.AUTH_SECRET, input.token)),

  /** « Télécharger mes données »: that order's data as a ZIP (base64), ADR 020. */
  data: publicProcedure.input(z.object({ token })).query(async ({ ctx, input }) => {
    await checkGuestExportLimit(ctx.sql, ctx.ip);
    return await guestDataForToken(ctx.sql, ctx.config.AUTH_SECRET, input.token);
  }),
  /** The order's invoices and credit notes (« Télécharger la facture »: invoices/signed-order.ts). */
  documents: publicProcedure
    .input(z.object({ token }))
    .query(({ ctx, input }) => signedOrderDocuments(ctx.sql, ctx.config.AUTH_SECRET, input.token)),

  request: publicProcedure
    .input(z.object({ token, ...withdrawalFormShape }))
    .mutation(async ({ ctx, input }) => {
      const { token: t, ...form } = input;
      return await requestWithdrawal(ctx.sql, ctx.config.AUTH_SECRET, t, form, {
        actor: actorFromUser(ctx.user),
        requestId: ctx.requestId,
      });
    }),
});
