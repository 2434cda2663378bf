import { z } from 'zod';
import { uuidInput } from '../../domain/security/ids.js';
import { readSiteTrends, TRENDS_MONTHS_DEFAULT, TRENDS_MONTHS_MAX } from '../sites/trends.js';
import { adminProcedure, router } from '../trpc.js';

/** A site's device activity over time (issue 38 point 5; docs/decisions/043-device-checks-and-trends.md). */
export const siteActivityRouter = router({
  /** Per Paris month, per device and in total: checks, mean consumption, captures, missing, replaced. */
  trends: adminProcedure
    .input(
      z.object({
        siteId: uuidInput('Site introuvable.'),
        months: z.number().int().min(1).max(TRENDS_MONTHS_MAX).default(TRENDS_MONTHS_DEFAULT),
      }),
    )
    .query(({ ctx, input }) => readSiteTrends(ctx.sql, input.siteId, { months: input.months })),
});
