import { z } from 'zod';
import { contactRequestSchema } from '../../domain/contact/schema.js';
import { receiveContactRequest } from '../contact.js';
import { listContactRequests } from '../db/contact-requests.js';
import { adminProcedure, publicProcedure, router } from '../trpc.js';

export const contactRouter = router({
  /** A visitor's contact or quote request, stored for the back-office. */
  send: publicProcedure
    .input(contactRequestSchema)
    .mutation(({ ctx, input }) => receiveContactRequest(ctx.sql, input, ctx.ip)),
  list: adminProcedure
    .input(z.object({ limit: z.number().int().min(1).max(500).default(100) }).default({ limit: 100 }))
    .query(({ ctx, input }) => listContactRequests(ctx.sql, input.limit)),
});
