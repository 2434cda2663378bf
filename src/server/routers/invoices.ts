import { z } from 'zod';
import { missingIdentityFields, sellerIdentitySchema } from '../../domain/invoices/identity.js';
import { registerFiltersSchema } from '../../domain/invoices/register.js';
import { actorFromUser } from '../../domain/orders/events.js';
import { idInput } from '../../domain/security/ids.js';
import { readIdentity, saveIdentity } from '../invoices/identity.js';
import { issueAwaitingInvoices, issueInvoiceNow, ordersAwaitingInvoice } from '../invoices/issue.js';
import { exportDocuments, listDocuments, orderDocuments, staffDocumentPdf } from '../invoices/queries.js';
import { ordersCommitted } from '../live/signals.js';
import { orderLinker } from '../orders/order-link.js';
import { adminProcedure, router, staffProcedure } from '../trpc.js';

const documentNumber = z
  .string()
  .trim()
  .max(40)
  .regex(/^[A-Z0-9-]+$/, 'Numéro de document invalide');

/*
 * Invoices and credit notes (issue 25): the seller's identity (Paramètres › Facturation, admins),
 * the register and the documents (admins and auditors read), issuing on demand (admins).
 */
export const invoicesRouter = router({
  identity: adminProcedure.query(async ({ ctx }) => {
    const stored = await readIdentity(ctx.sql);
    return { ...stored, missing: missingIdentityFields(stored.identity) };
  }),

  /** Saved complete: the paid orders that waited for it get their invoices now. */
  saveIdentity: adminProcedure.input(sellerIdentitySchema).mutation(async ({ ctx, input }) => {
    const stored = await saveIdentity(ctx.sql, input, { email: ctx.user.email });
    const issued = await issueAwaitingInvoices(ctx.sql, actorFromUser(ctx.user), orderLinker(ctx.config));
    if (issued.length > 0) ordersCommitted(ctx.sql);
    return { ...stored, missing: missingIdentityFields(stored.identity), issued };
  }),

  /** Paid orders without their invoice (the identity was incomplete when they were paid). */
  awaiting: staffProcedure.query(({ ctx }) => ordersAwaitingInvoice(ctx.sql)),

  list: staffProcedure.input(registerFiltersSchema).query(({ ctx, input }) => listDocuments(ctx.sql, input)),

  ofOrder: staffProcedure
    .input(z.object({ orderId: idInput }))
    .query(({ ctx, input }) => orderDocuments(ctx.sql, input.orderId)),

  download: staffProcedure
    .input(z.object({ number: documentNumber }))
    .query(({ ctx, input }) => staffDocumentPdf(ctx.sql, input.number)),

  export: staffProcedure
    .input(registerFiltersSchema)
    .query(({ ctx, input }) => exportDocuments(ctx.sql, input)),

  /** "Émettre la facture" on the order details (e.g. on delivery to a business customer). */
  issue: adminProcedure.input(z.object({ orderId: idInput })).mutation(async ({ ctx, input }) => {
    const issued = await issueInvoiceNow(
      ctx.sql,
      input.orderId,
      actorFromUser(ctx.user),
      orderLinker(ctx.config),
    );
    ordersCommitted(ctx.sql);
    return { number: issued.number };
  }),
});
