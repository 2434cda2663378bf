import {
  addDeviceInputSchema,
  addZoneInputSchema,
  changeDeviceZoneInputSchema,
  deviceIdInputSchema,
  moveDeviceInputSchema,
  recordPlanInputSchema,
  renameZoneInputSchema,
  reorderZonesInputSchema,
  siteIdInputSchema,
  siteInputSchema,
  siteListInputSchema,
  updateSiteInputSchema,
  zoneIdInputSchema,
} from '../../domain/sites/site.js';
import {
  addDevice,
  addZone,
  archiveSite,
  changeDeviceZone,
  createSite,
  moveDevice,
  recordPlan,
  removeDevice,
  removeZone,
  renameZone,
  reorderZones,
  siteNotFound,
  updateSite,
} from '../sites/commands.js';
import { listSites, siteDetail } from '../sites/queries.js';
import { adminProcedure, router } from '../trpc.js';

/** The owner's sites screen (/admin/sites, ADR 042): sites, zones, plan versions, devices. Admins only. */
export const sitesRouter = router({
  list: adminProcedure.input(siteListInputSchema).query(({ ctx, input }) => listSites(ctx.sql, input)),

  byId: adminProcedure.input(siteIdInputSchema).query(async ({ ctx, input }) => {
    const detail = await siteDetail(ctx.sql, input.siteId);
    if (!detail) throw siteNotFound();
    return detail;
  }),

  create: adminProcedure
    .input(siteInputSchema)
    .mutation(({ ctx, input }) => createSite(ctx.sql, input, ctx.user)),
  update: adminProcedure
    .input(updateSiteInputSchema)
    .mutation(({ ctx, input: { siteId, ...site } }) => updateSite(ctx.sql, siteId, site, ctx.user)),
  archive: adminProcedure
    .input(siteIdInputSchema)
    .mutation(({ ctx, input }) => archiveSite(ctx.sql, input.siteId, ctx.user)),

  addZone: adminProcedure
    .input(addZoneInputSchema)
    .mutation(({ ctx, input }) => addZone(ctx.sql, input.siteId, input.name, ctx.user)),
  renameZone: adminProcedure
    .input(renameZoneInputSchema)
    .mutation(({ ctx, input }) => renameZone(ctx.sql, input.zoneId, input.name, ctx.user)),
  reorderZones: adminProcedure
    .input(reorderZonesInputSchema)
    .mutation(({ ctx, input }) => reorderZones(ctx.sql, input.siteId, input.zoneIds, ctx.user)),
  removeZone: adminProcedure
    .input(zoneIdInputSchema)
    .mutation(({ ctx, input }) => removeZone(ctx.sql, input.zoneId, ctx.user)),

  /** After POST /api/admin/images: the stored image becomes the plan's next version. */
  recordPlan: adminProcedure
    .input(recordPlanInputSchema)
    .mutation(({ ctx, input }) => recordPlan(ctx.sql, input.siteId, input.imageId, ctx.user)),

  addDevice: adminProcedure
    .input(addDeviceInputSchema)
    .mutation(({ ctx, input }) => addDevice(ctx.sql, input, ctx.user)),
  moveDevice: adminProcedure
    .input(moveDeviceInputSchema)
    .mutation(({ ctx, input }) => moveDevice(ctx.sql, input.deviceId, input.point, ctx.user)),
  changeDeviceZone: adminProcedure
    .input(changeDeviceZoneInputSchema)
    .mutation(({ ctx, input }) => changeDeviceZone(ctx.sql, input.deviceId, input.zoneId, ctx.user)),
  removeDevice: adminProcedure
    .input(deviceIdInputSchema)
    .mutation(({ ctx, input }) => removeDevice(ctx.sql, input.deviceId, ctx.user)),
});
