import { z } from 'zod';
import { shopSettingsSchema } from '../../domain/settings/settings.js';
import { shopStats } from '../dashboard/stats.js';
import { readPublicShop } from '../invoices/identity.js';
import { announceCacheClear } from '../settings/caches.js';
import { readSettings, saveSettings, settingsHistory } from '../settings/store.js';
import { adminProcedure, publicProcedure, router } from '../trpc.js';

/*
 * The shop settings (back-office.md §2 "Paramètres"). `shop` is public: the storefront's view
 * (identity and delivery rules); the rest is the owner's.
 */
export const settingsRouter = router({
  // The legal entity is Paramètres › Facturation's (one source for the legal notices and invoices).
  shop: publicProcedure.query(({ ctx }) => readPublicShop(ctx.sql, ctx.config)),

  get: adminProcedure.query(({ ctx }) => readSettings(ctx.sql, ctx.config)),

  update: adminProcedure
    .input(shopSettingsSchema)
    .mutation(({ ctx, input }) => saveSettings(ctx.sql, input, { id: ctx.user.id, email: ctx.user.email })),

  history: adminProcedure.query(({ ctx }) => settingsHistory(ctx.sql)),

  stats: adminProcedure.query(({ ctx }) => shopStats(ctx.sql, ctx.config)),

  /** "Vider le cache": this instance's caches now, every other instance's through NOTIFY. */
  // An empty object as input: a body-less POST is refused by the HTTP transport.
  clearCache: adminProcedure.input(z.object({})).mutation(async ({ ctx }) => {
    await announceCacheClear(ctx.sql);
    return { ok: true as const };
  }),
});
