import { retentionSettingsSchema } from '../../domain/privacy/retention.js';
import { readRetentionSettings, saveRetentionSettings } from '../privacy/retention.js';
import { adminProcedure, publicProcedure, router } from '../trpc.js';

/*
 * Personal data (ADR 020): the retention periods, public because the privacy policy page states
 * them (it reads the values the retention job applies), and the owner's tab « Données personnelles ».
 */
export const privacyRouter = router({
  policy: publicProcedure.query(({ ctx }) => readRetentionSettings(ctx.sql)),

  settings: adminProcedure.query(({ ctx }) => readRetentionSettings(ctx.sql)),

  updateSettings: adminProcedure.input(retentionSettingsSchema).mutation(async ({ ctx, input }) => {
    await saveRetentionSettings(ctx.sql, input, ctx.user.id);
    return await readRetentionSettings(ctx.sql);
  }),
});
