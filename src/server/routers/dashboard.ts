import { dayRangeSchema } from '../../domain/dashboard/periods.js';
import {
  bestSellers,
  latestOrders,
  lowStock,
  newCustomers,
  ordersByStatus,
  revenueByCategory,
  revenueSummary,
} from '../dashboard/dashboard.js';
import { readReadiness } from '../settings/readiness.js';
import { cachedSettings } from '../settings/store.js';
import { adminProcedure, router } from '../trpc.js';

/**
 * Who may read the dashboard: admins today. One name, so that a read-only role (the auditor) is
 * let in by changing this line alone.
 */
const dashboardProcedure = adminProcedure;

/** One procedure per need of the dashboard screen; figures are computed at the server's time. */
export const dashboardRouter = router({
  revenue: dashboardProcedure.query(({ ctx }) => revenueSummary(ctx.sql, new Date())),
  ordersByStatus: dashboardProcedure.query(({ ctx }) => ordersByStatus(ctx.sql, new Date())),
  newCustomers: dashboardProcedure.query(({ ctx }) => newCustomers(ctx.sql, new Date())),
  lowStock: dashboardProcedure.query(async ({ ctx }) =>
    lowStock(ctx.sql, (await cachedSettings(ctx.sql, ctx.config)).settings.lowStockThreshold),
  ),
  latestOrders: dashboardProcedure.query(({ ctx }) => latestOrders(ctx.sql)),
  /** « Mise en service »: what the shop still needs before it may sell (issue 35). */
  readiness: dashboardProcedure.query(({ ctx }) => readReadiness(ctx.sql, ctx.config, ctx.user.id)),
  bestSellers: dashboardProcedure
    .input(dayRangeSchema)
    .query(({ ctx, input }) => bestSellers(ctx.sql, input)),
  revenueByCategory: dashboardProcedure
    .input(dayRangeSchema)
    .query(({ ctx, input }) => revenueByCategory(ctx.sql, input)),
});
