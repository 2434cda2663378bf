import { z } from 'zod';
import { actorFromUser } from '../../domain/orders/events.js';
import { idInput } from '../../domain/security/ids.js';
import type { Context, SessionUser } from '../context.js';
import { deleteOrder, setOrderPaymentStatus, setOrderStatus } from '../orders/commands.js';
import type { Committed } from '../orders/commit.js';
import { orderHistory } from '../orders/history.js';
import { adminProcedure, router, staffProcedure } from '../trpc.js';

const orderId = idInput;
const expectedVersion = z.number().int().min(1).optional();

const commandMeta = (ctx: Context & { user: SessionUser }, version?: number) => ({
  actor: actorFromUser(ctx.user),
  at: new Date().toISOString(),
  requestId: ctx.requestId,
  expectedVersion: version,
});

/** What an admin screen needs back after a change. */
const outcome = (id: string, result: Committed) => ({
  id,
  changed: result.events.length > 0,
  version: result.state?.version ?? 0,
  status: result.state?.status ?? null,
  paymentStatus: result.state?.paymentStatus ?? null,
  deleted: result.state?.deleted ?? false,
});

export const ordersRouter = router({
  history: staffProcedure
    .input(z.object({ orderId }))
    .query(({ ctx, input }) => orderHistory(ctx.sql, input.orderId)),

  setStatus: adminProcedure
    .input(z.object({ orderId, status: z.string().max(50), expectedVersion }))
    .mutation(async ({ ctx, input }) =>
      outcome(
        input.orderId,
        await setOrderStatus(ctx.sql, input.orderId, input.status, commandMeta(ctx, input.expectedVersion)),
      ),
    ),

  setPaymentStatus: adminProcedure
    .input(z.object({ orderId, paymentStatus: z.string().max(50), expectedVersion }))
    .mutation(async ({ ctx, input }) =>
      outcome(
        input.orderId,
        await setOrderPaymentStatus(
          ctx.sql,
          input.orderId,
          input.paymentStatus,
          commandMeta(ctx, input.expectedVersion),
        ),
      ),
    ),

  remove: adminProcedure
    .input(z.object({ orderId, reason: z.string().max(2000).optional(), expectedVersion }))
    .mutation(async ({ ctx, input }) =>
      outcome(
        input.orderId,
        await deleteOrder(
          ctx.sql,
          input.orderId,
          input.reason ?? null,
          commandMeta(ctx, input.expectedVersion),
        ),
      ),
    ),
});
