import { z } from 'zod';
import { errors } from '../errors.js';
import { customerChanges, orderChanges, productChanges, settingsChanges } from '../live/streams.js';
import { adminProcedure, authedProcedure, router, staffProcedure, type TrpcContext } from '../trpc.js';

/*
 * Live updates over the websocket (docs/decisions/015-live-updates.md). Who gets what is decided
 * by the same guards as over HTTP; order items are tracked by their log position, so a reconnect
 * with the last id resumes from the log without gap or duplicate.
 */

const resume = z.object({
  lastEventId: z
    .string()
    .max(64)
    .regex(/^[\w-]*$/, 'Identifiant de reprise invalide.')
    .nullish(),
});

/** Order ids are log positions. */
const orderResume = z.object({
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/, 'Identifiant de reprise invalide.')
    .nullish(),
});

function streamContext(ctx: Pick<TrpcContext, 'live' | 'socket'>, signal: AbortSignal | undefined) {
  if (!ctx.live || !ctx.socket || !signal) throw errors.liveUnavailable();
  return { hub: ctx.live, socket: ctx.socket, signal };
}

export const liveRouter = router({
  /** Every order change (admins and auditors). */
  orders: staffProcedure
    .input(orderResume.optional())
    .subscription(({ ctx, input, signal }) =>
      orderChanges(streamContext(ctx, signal), { lastEventId: input?.lastEventId, ownerId: null }),
    ),
  /** Every intervention change (the back-office's Interventions screen: admins). */
  interventions: adminProcedure.input(orderResume.optional()).subscription(({ ctx, input, signal }) =>
    orderChanges(streamContext(ctx, signal), {
      lastEventId: input?.lastEventId,
      ownerId: null,
      kind: 'intervention',
    }),
  ),
  /** Every yearly contract change (the back-office's Contrats screen and a contract's page: admins). */
  contracts: adminProcedure.input(orderResume.optional()).subscription(({ ctx, input, signal }) =>
    orderChanges(streamContext(ctx, signal), {
      lastEventId: input?.lastEventId,
      ownerId: null,
      kind: 'contract',
    }),
  ),
  /** Every intervention change, for the biocide register (admins and auditors: it only reloads). */
  treatments: staffProcedure.input(orderResume.optional()).subscription(({ ctx, input, signal }) =>
    orderChanges(streamContext(ctx, signal), {
      lastEventId: input?.lastEventId,
      ownerId: null,
      kind: 'intervention',
    }),
  ),
  /** Changes of the signed-in customer's own orders, internal notes left out. */
  myOrders: authedProcedure
    .input(orderResume.optional())
    .subscription(({ ctx, input, signal }) =>
      orderChanges(streamContext(ctx, signal), { lastEventId: input?.lastEventId, ownerId: ctx.user.id }),
    ),
  products: adminProcedure
    .input(resume.optional())
    .subscription(({ ctx, input, signal }) => productChanges(streamContext(ctx, signal), input?.lastEventId)),
  customers: adminProcedure
    .input(resume.optional())
    .subscription(({ ctx, input, signal }) =>
      customerChanges(streamContext(ctx, signal), input?.lastEventId),
    ),
  settings: staffProcedure
    .input(resume.optional())
    .subscription(({ ctx, input, signal }) =>
      settingsChanges(streamContext(ctx, signal), input?.lastEventId),
    ),
});
