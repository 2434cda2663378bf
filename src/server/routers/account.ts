import { z } from 'zod';
import { certibiocideSchema } from '../../domain/account/certibiocide.js';
import { profileSchema } from '../../domain/account/profile.js';
import { ROLES } from '../../domain/account/roles.js';
import { withdrawalWindow } from '../../domain/orders/withdrawal.js';
import { emailProofCodeSchema } from '../../domain/privacy/email-proof.js';
import { accountDeletionSchema } from '../../domain/privacy/erasure.js';
import { idInput } from '../../domain/security/ids.js';
import { customerOrder, profileOf, saveProfile } from '../customers/account.js';
import { findCertibiocide, saveCertibiocide } from '../customers/certibiocide.js';
import { changeRole } from '../customers/customers.js';
import { accountTotals, listCustomerOrders } from '../customers/orders.js';
import { customerDocumentPdf, customerOrderDocuments } from '../invoices/queries.js';
import { orderToken } from '../orders/order-link.js';
import { deleteOwnAccount, ownErasureBlocker } from '../privacy/accounts.js';
import { confirmEmailProof, freshProofUntil, requestEmailProof } from '../privacy/email-proof.js';
import { adminProcedure, authedProcedure, router } from '../trpc.js';

/*
 * The signed-in customer's own account. Every procedure reads ctx.user.id from the session and
 * nothing else: no input names whose data is returned. Admins get their own account here too; they
 * read other customers' data through the back-office procedures.
 */

export const accountRouter = router({
  profile: authedProcedure.query(({ ctx }) => profileOf(ctx.sql, ctx.user.id)),

  /** The role is not in the schema: whatever a client adds to the input is dropped by zod. */
  updateProfile: authedProcedure
    .input(profileSchema)
    .mutation(({ ctx, input }) => saveProfile(ctx.sql, ctx.user.id, input)),

  /** The customer's Certibiocide (professional-only biocides), kept apart from the profile. */
  certibiocide: authedProcedure.query(({ ctx }) => findCertibiocide(ctx.sql, ctx.user.id)),

  updateCertibiocide: authedProcedure
    .input(certibiocideSchema)
    .mutation(({ ctx, input }) => saveCertibiocide(ctx.sql, ctx.user.id, input)),

  /** Sidebar figures: number of orders and total spent. */
  totals: authedProcedure.query(({ ctx }) => accountTotals(ctx.sql, ctx.user.id)),

  /** With each order's signed link and whether "Renoncer au contrat ici" is offered now (issue 26). */
  orders: authedProcedure.query(async ({ ctx }) =>
    (await listCustomerOrders(ctx.sql, ctx.user.id)).map(
      ({ deliveredAt, withdrawalRequestedAt, ...order }) => ({
        ...order,
        orderToken: orderToken(ctx.config.AUTH_SECRET, order.id),
        withdrawal: withdrawalWindow(
          {
            status: order.status,
            deleted: false,
            deliveredAt: deliveredAt?.toISOString() ?? null,
            withdrawal: withdrawalRequestedAt
              ? {
                  requestedAt: withdrawalRequestedAt.toISOString(),
                  name: '',
                  email: '',
                  itemIds: [],
                  exception: null,
                }
              : null,
          },
          new Date(),
        ).kind,
      }),
    ),
  ),

  /** One of the customer's own orders with its lines and its history from the order log. */
  order: authedProcedure
    .input(z.object({ id: idInput }))
    .query(({ ctx, input }) => customerOrder(ctx.sql, ctx.user.id, input.id)),

  /**
   * « Mes données »: until when the account's email is freshly proven (null: it is not). While it
   * is, the export and the deletion include what was sent with that email (ADR 033).
   */
  emailProof: authedProcedure.query(async ({ ctx }) => ({
    until: await freshProofUntil(ctx.sql, ctx.user.id),
  })),

  /** Mails a six-digit code to the account's address (limited per address like every account mail). */
  requestEmailProof: authedProcedure.mutation(({ ctx }) => requestEmailProof(ctx, ctx.user.id)),

  /** The code typed back: the address is proven for a few minutes, and verified. */
  confirmEmailProof: authedProcedure
    .input(emailProofCodeSchema)
    .mutation(({ ctx, input }) => confirmEmailProof(ctx.sql, ctx.user.id, input.code)),

  /** « Supprimer mon compte », second step: the password again (RGPD art. 17, ADR 020). */
  /** Before « Supprimer mon compte » asks anything: the orders to finish first, said in French. */
  erasureBlocker: authedProcedure.query(({ ctx }) => ownErasureBlocker(ctx, ctx.user.id)),
  deleteAccount: authedProcedure
    .input(accountDeletionSchema)
    .mutation(({ ctx, input }) => deleteOwnAccount(ctx, ctx.user.id, input, ctx.requestId)),
  /** The invoices and credit notes of one of the customer's own orders. */
  documents: authedProcedure
    .input(z.object({ orderId: idInput }))
    .query(({ ctx, input }) => customerOrderDocuments(ctx.sql, ctx.user.id, input.orderId)),

  /** "Télécharger la facture": a document of one of the customer's own orders, as issued. */
  document: authedProcedure
    .input(
      z.object({
        number: z
          .string()
          .trim()
          .max(40)
          .regex(/^[A-Z0-9-]+$/, 'Numéro de document invalide'),
      }),
    )
    .query(({ ctx, input }) => customerDocumentPdf(ctx.sql, ctx.user.id, input.number)),

  /** Admins only (the back-office uses it). */
  setRole: adminProcedure
    .input(z.object({ userId: z.string().min(1).max(100), role: z.enum(ROLES) }))
    .mutation(async ({ ctx, input }) => {
      // The customers screen's rules: never yourself, never the last admin; sessions end.
      await changeRole(ctx.sql, ctx.user.id, input.userId, input.role);
      return { userId: input.userId, role: input.role };
    }),
});
