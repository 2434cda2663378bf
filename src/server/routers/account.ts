import { z } from 'zod';
import { profileSchema } from '../../domain/account/profile.js';
import { ROLES } from '../../domain/account/roles.js';
import { DomainError } from '../../domain/errors.js';
import { idInput } from '../../domain/security/ids.js';
import { changeRole } from '../customers/customers.js';
import { accountTotals, findCustomerOrder, listCustomerOrders } from '../db/customer-orders.js';
import { findProfile, updateProfile } from '../db/profiles.js';
import { orderHistory } from '../orders/history.js';
import { adminProcedure, authedProcedure, router } from '../trpc.js';

/*
 * The signed-in customer's own account. Every procedure reads ctx.user.id from the session and
 * nothing else: no input names whose data is returned. Admins get their own account here too; they
 * read other customers' data through the back-office procedures.
 */

const notFoundProfile = () => new DomainError('not_found', 'PROFILE_NOT_FOUND', 'Profil introuvable');
const notFoundOrder = () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable');

export const accountRouter = router({
  profile: authedProcedure.query(async ({ ctx }) => {
    const profile = await findProfile(ctx.sql, ctx.user.id);
    if (!profile) throw notFoundProfile();
    return profile;
  }),

  /** The role is not in the schema: whatever a client adds to the input is dropped by zod. */
  updateProfile: authedProcedure.input(profileSchema).mutation(async ({ ctx, input }) => {
    await updateProfile(ctx.sql, ctx.user.id, input);
    const profile = await findProfile(ctx.sql, ctx.user.id);
    if (!profile) throw notFoundProfile();
    return profile;
  }),

  /** Sidebar figures: number of orders and total spent. */
  totals: authedProcedure.query(({ ctx }) => accountTotals(ctx.sql, ctx.user.id)),

  orders: authedProcedure.query(({ ctx }) => listCustomerOrders(ctx.sql, ctx.user.id)),

  /** One of the customer's own orders with its lines and its history from the order log. */
  order: authedProcedure.input(z.object({ id: idInput })).query(async ({ ctx, input }) => {
    if (!z.uuid().safeParse(input.id).success) throw notFoundOrder();
    const order = await findCustomerOrder(ctx.sql, ctx.user.id, input.id);
    if (!order) throw notFoundOrder();
    // The customer sees what happened and when, not which staff member did it.
    const history = (await orderHistory(ctx.sql, order.id)).map((entry) => ({
      at: entry.at,
      type: entry.type,
      by: entry.actor.kind,
      summary: entry.summary,
      changes: entry.changes,
    }));
    return { ...order, history };
  }),

  /** Admins only (the back-office uses it). */
  setRole: adminProcedure
    .input(z.object({ userId: z.string().min(1).max(100), role: z.enum(ROLES) }))
    .mutation(async ({ ctx, input }) => {
      // The customers screen's rules: never yourself, never the last admin; sessions end.
      await changeRole(ctx.sql, ctx.user.id, input.userId, input.role);
      return { userId: input.userId, role: input.role };
    }),
});
