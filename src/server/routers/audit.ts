import { z } from 'zod';
import { daySchema } from '../../domain/common/dates.js';
import { actorFromUser } from '../../domain/orders/events.js';
import { uuidInput } from '../../domain/security/ids.js';
import { closeThrough, listClosures } from '../audit/closures.js';
import { AUDIT_RUN_MESSAGES, auditOverview, findAuditRun, startAuditRun } from '../audit/runs.js';
import { adminProcedure, router, staffProcedure } from '../trpc.js';

/**
 * The audit page (admins and auditors). `verify` is the one call of an auditor that writes: it
 * records a verification run, and changes nothing of the shop or its order log.
 */
export const auditRouter = router({
  overview: staffProcedure.query(({ ctx }) => auditOverview(ctx.sql)),

  run: staffProcedure
    .input(z.object({ id: uuidInput(AUDIT_RUN_MESSAGES.notFound) }))
    .query(({ ctx, input }) => findAuditRun(ctx.sql, input.id)),

  verify: staffProcedure.mutation(({ ctx }) => startAuditRun(ctx, ctx.user)),

  /** The till's closures (Clôtures), newest first. */
  closures: staffProcedure.query(({ ctx }) => listClosures(ctx.sql)),

  /** Closes every past day up to `day` (and that day even without movement). Admins only. */
  close: adminProcedure
    .input(z.object({ day: daySchema('Indiquez une date.') }))
    .mutation(async ({ ctx, input }) => {
      const written = await closeThrough(ctx.sql, input.day, actorFromUser(ctx.user), { includeEmpty: true });
      return { written: written.length };
    }),
});
