import { z } from 'zod';
import { uuidInput } from '../../domain/security/ids.js';
import { AUDIT_RUN_MESSAGES, auditOverview, findAuditRun, startAuditRun } from '../audit/runs.js';
import { router, staffProcedure } from '../trpc.js';

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
});
