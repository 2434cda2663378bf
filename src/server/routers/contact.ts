import { z } from 'zod';
import { contactRequestSchema } from '../../domain/contact/schema.js';
import { uuidInput } from '../../domain/security/ids.js';
import { receiveContactRequest } from '../contact/receive.js';
import {
  countNewContactRequests,
  listContactRequests,
  setContactRequestHandled,
} from '../contact/requests.js';
import { adminProcedure, publicProcedure, router } from '../trpc.js';

export const contactRouter = router({
  /** A visitor's contact or quote request, stored for the back-office. */
  send: publicProcedure
    .input(contactRequestSchema)
    .mutation(({ ctx, input }) => receiveContactRequest(ctx.sql, input, ctx.ip)),
  list: adminProcedure
    .input(z.object({ limit: z.number().int().min(1).max(500).default(100) }).default({ limit: 100 }))
    .query(({ ctx, input }) => listContactRequests(ctx.sql, input.limit)),
  /** The inbox: an admin marks a request handled (or new again). */
  setHandled: adminProcedure
    .input(z.object({ id: uuidInput('Demande introuvable.'), handled: z.boolean() }))
    .mutation(({ ctx, input }) =>
      setContactRequestHandled(ctx.sql, input.id, input.handled, {
        id: ctx.user.id,
        name: ctx.user.name || ctx.user.email,
      }),
    ),
  /** The sidebar's badge: requests not handled yet. */
  newCount: adminProcedure.query(({ ctx }) => countNewContactRequests(ctx.sql)),
});
