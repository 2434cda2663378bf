import { z } from 'zod';
import { uuidInput } from '../../domain/security/ids.js';
import { inspectorLinkInputSchema, siteProtocolInputSchema } from '../../domain/sites/inspector-link.js';
import { sightingSchema } from '../../domain/sites/sighting.js';
import type { Context } from '../context.js';
import { siteFolder } from '../inspector/folder.js';
import {
  createInspectorLink,
  inspectorLinks,
  openFolderLink,
  revokeInspectorLink,
  saveSiteProtocol,
  siteProtocol,
} from '../inspector/links.js';
import {
  customerSites,
  reportSighting,
  type SiteScope,
  siteDocumentPdf,
  siteLinkScope,
} from '../inspector/site-space.js';
import { cachedSettings } from '../settings/store.js';
import { siteLinkUrl } from '../sites/site-link.js';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../trpc.js';

/*
 * The inspector's folder and the customer's « Mes sites » (issue 38 points 3 and 4,
 * docs/decisions/045-inspector-folder.md). The owner makes and revokes the links (admins); the
 * folder is read with its token alone; a customer reads their own sites from /compte or from the
 * signed site link, never another's.
 */
const siteId = uuidInput('Site introuvable.');
const token = z.string().min(1).max(100);
const documentNumber = z.string().max(40);

const sightingWho = async (ctx: Context & { user: { id: string } | null }) => ({
  ip: ctx.ip,
  userId: ctx.user?.id ?? null,
  requestId: ctx.requestId,
  settings: (await cachedSettings(ctx.sql, ctx.config)).settings,
  publicUrl: ctx.config.PUBLIC_URL,
});

const byLink = (ctx: Context, t: string): SiteScope => siteLinkScope(ctx.config.AUTH_SECRET, t);

export const inspectorRouter = router({
  /** The site's links: label, made on, by, revoked, last opened. */
  links: adminProcedure
    .input(z.object({ siteId }))
    .query(({ ctx, input }) => inspectorLinks(ctx.sql, input.siteId)),
  /** « Créer un lien »: its URL is in this answer only. */
  createLink: adminProcedure
    .input(inspectorLinkInputSchema)
    .mutation(({ ctx, input }) =>
      createInspectorLink(ctx.sql, input, { email: ctx.user.email, publicUrl: ctx.config.PUBLIC_URL }),
    ),
  revokeLink: adminProcedure
    .input(z.object({ linkId: uuidInput('Lien introuvable.') }))
    .mutation(({ ctx, input }) => revokeInspectorLink(ctx.sql, input.linkId, { email: ctx.user.email })),
  /** The protocol the folder states, written by the owner per site. */
  protocol: adminProcedure
    .input(z.object({ siteId }))
    .query(async ({ ctx, input }) => ({ protocol: await siteProtocol(ctx.sql, input.siteId) })),
  saveProtocol: adminProcedure
    .input(siteProtocolInputSchema)
    .mutation(({ ctx, input }) => saveSiteProtocol(ctx.sql, input.siteId, input.protocol)),
  /** The customer's signed site link (« Mes sites » without an account), for the owner to send. */
  customerLink: adminProcedure.input(z.object({ siteId })).query(({ ctx, input }) => ({
    url: siteLinkUrl(ctx.config.PUBLIC_URL, ctx.config.AUTH_SECRET, input.siteId),
  })),

  /** /dossier/{token}: the folder, for whoever holds the link; each reading is recorded. */
  folder: publicProcedure.input(z.object({ token })).query(async ({ ctx, input }) => {
    const link = await openFolderLink(ctx.sql, input.token, ctx.ip);
    return { label: link.label, ...(await siteFolder(ctx.sql, link.siteId)) };
  }),

  /** /compte « Mes sites »: the account's sites. */
  mySites: authedProcedure.query(({ ctx }) => customerSites(ctx.sql, { user: ctx.user })),
  mySitePdf: authedProcedure
    .input(z.object({ siteId, number: documentNumber }))
    .query(({ ctx, input }) => siteDocumentPdf(ctx.sql, { user: ctx.user }, input.siteId, input.number)),
  mySighting: authedProcedure
    .input(sightingSchema)
    .mutation(async ({ ctx, input }) =>
      reportSighting(ctx.sql, { user: ctx.user }, input, await sightingWho(ctx)),
    ),

  /** The signed site link's page (/site/{token}): the same for its one site. */
  sitesByToken: publicProcedure
    .input(z.object({ token }))
    .query(({ ctx, input }) => customerSites(ctx.sql, byLink(ctx, input.token))),
  tokenSitePdf: publicProcedure
    .input(z.object({ token, siteId, number: documentNumber }))
    .query(({ ctx, input }) =>
      siteDocumentPdf(ctx.sql, byLink(ctx, input.token), input.siteId, input.number),
    ),
  tokenSighting: publicProcedure.input(sightingSchema.extend({ token })).mutation(async ({ ctx, input }) => {
    const { token: t, ...sighting } = input;
    return reportSighting(ctx.sql, byLink(ctx, t), sighting, await sightingWho(ctx));
  }),
});
