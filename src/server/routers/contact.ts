import { z } from 'zod';
import { contactReplySchema, contactRequestSchema } from '../../domain/contact/schema.js';
import { uuidInput } from '../../domain/security/ids.js';
import { receiveContactRequest } from '../contact/receive.js';
import {
  addContactReply,
  countNewContactRequests,
  listContactRequests,
  setContactRequestHandled,
} from '../contact/requests.js';
import { cachedSettings } from '../settings/store.js';
import { adminProcedure, publicProcedure, router } from '../trpc.js';

export const contactRouter = router({
  /** A visitor's contact or quote request, stored for the back-office. */
  send: publicProcedure
    .input(contactRequestSchema)
    .mutation(({ ctx, input }) => receiveContactRequest(ctx.sql, input, ctx.ip, ctx.config)),
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
  /** "Noter un appel" / "Répondre par email": kept with the request; an email goes through the outbox. */
  reply: adminProcedure
    .input(contactReplySchema.extend({ id: uuidInput('Demande introuvable.') }))
    .mutation(async ({ ctx, input }) =>
      addContactReply(
        ctx.sql,
        input.id,
        { kind: input.kind, body: input.body },
        { id: ctx.user.id, name: ctx.user.name || ctx.user.email },
        (await cachedSettings(ctx.sql, ctx.config)).settings,
      ),
    ),
  /** The sidebar's badge: requests not handled yet. */
  newCount: adminProcedure.query(({ ctx }) => countNewContactRequests(ctx.sql)),
});
