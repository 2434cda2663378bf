import {
  createCustomerSchema,
  customerIdSchema,
  customerListSchema,
  updateCustomerSchema,
} from '../../domain/account/customers.js';
import { customerOrders, resendVerification, sendPasswordResetLink } from '../customers/admin-actions.js';
import { createCustomer, listCustomers, updateCustomer } from '../customers/customers.js';
import { deleteCustomerAccount } from '../privacy/accounts.js';
import { adminProcedure, router } from '../trpc.js';

/** The back-office customers screen (back-office.md §2, §5, §8): admins only. */
export const adminCustomersRouter = router({
  /** Newest first; search by name, email, phone or city; role filter; pages with the filtered count. */
  list: adminProcedure.input(customerListSchema).query(({ ctx, input }) => listCustomers(ctx.sql, input)),

  /** A new account that can sign in at once (better-auth), with its profile and role. */
  create: adminProcedure.input(createCustomerSchema).mutation(({ ctx, input }) => createCustomer(ctx, input)),

  /** Profile fields and role; the email and password are not part of it. A role change ends sessions. */
  update: adminProcedure
    .input(updateCustomerSchema)
    .mutation(({ ctx, input: { id, ...fields } }) => updateCustomer(ctx.sql, ctx.user.id, id, fields)),

  /** The customer dialog: their orders and total spent. */
  orders: adminProcedure.input(customerIdSchema).query(({ ctx, input }) => customerOrders(ctx.sql, input.id)),

  /** "Envoyer un lien de réinitialisation" (the account's reset mail, through the outbox). */
  sendPasswordReset: adminProcedure
    .input(customerIdSchema)
    .mutation(({ ctx, input }) => sendPasswordResetLink(ctx, input.id)),

  /** "Renvoyer l'email de vérification" (refused when the address is confirmed already). */
  resendVerification: adminProcedure
    .input(customerIdSchema)
    .mutation(({ ctx, input }) => resendVerification(ctx, input.id)),

  /** Never yourself, never an admin; the customer's orders stay. */
  remove: adminProcedure
    .input(customerIdSchema)
    .mutation(({ ctx, input }) => deleteCustomerAccount(ctx, ctx.user.id, input.id, ctx.requestId)),
});
