import {
  createCustomerSchema,
  customerIdSchema,
  customerListSchema,
  updateCustomerSchema,
} from '../../domain/account/customers.js';
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

  /** Never yourself, never an admin; the customer's orders stay. */
  remove: adminProcedure
    .input(customerIdSchema)
    .mutation(({ ctx, input }) => deleteCustomerAccount(ctx, ctx.user.id, input.id, ctx.requestId)),
});
