import { z } from 'zod';
import { devisDraftSchema } from '../../domain/interventions/devis.js';
import { SIGNER_NAME_MAX, URGENT_WORDS_MAX } from '../../domain/interventions/devis-decider.js';
import { actorFromUser } from '../../domain/orders/events.js';
import { uuidInput } from '../../domain/security/ids.js';
import {
  acceptDevis,
  customerDevisList,
  devisForToken,
  devisPdfForAdmin,
  devisPdfForToken,
  recordOffPremisesSignature,
  refuseDevisByToken,
  requestAcceptanceCode,
  sendDevis,
} from '../interventions/devis.js';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../trpc.js';

/*
 * Devis (issue 36, docs/decisions/035-devis.md). The back-office builds and sends them, and records
 * a devis signed at the customer's home; the customer reads, downloads and accepts them on the
 * signed link (/devis/{token}: the token is the right, no account) and finds them in /compte.
 */
const id = uuidInput('Intervention introuvable.');
const token = z.string().min(1).max(100);
const number = z.string().regex(/^DE-\d{4}-\d{6}$/, 'Devis introuvable.');
const adminMeta = (ctx: { user: { id: string }; requestId: string }) => ({
  actor: { kind: 'admin' as const, userId: ctx.user.id },
  at: new Date().toISOString(),
  requestId: ctx.requestId,
});
const signerName = z
  .string()
  .max(SIGNER_NAME_MAX, `Le nom ne doit pas dépasser ${SIGNER_NAME_MAX} caractères.`);

export const devisRouter = router({
  /** « Envoyer le devis »: numbered, rendered, mailed with the signed link (a new version if one was sent). */
  send: adminProcedure
    .input(z.object({ id, draft: devisDraftSchema }))
    .mutation(({ ctx, input }) =>
      sendDevis(ctx.sql, input.id, input.draft, { meta: adminMeta(ctx), config: ctx.config }),
    ),
  /** The shop's products a devis line can name (available ones, by title). */
  products: adminProcedure.query(
    ({ ctx }) =>
      ctx.sql<{ id: string; title: string; priceCents: number }[]>`
      select id::text, title, price_cents from products where is_available order by title limit 500`,
  ),
  adminPdf: adminProcedure
    .input(z.object({ id, number }))
    .query(({ ctx, input }) => devisPdfForAdmin(ctx.sql, input.id, input.number)),
  /** A devis signed at the customer's home: mode « hors établissement », the 7-day payment ban. */
  recordOffPremises: adminProcedure
    .input(
      z.object({
        id,
        number,
        signerName,
        signedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Indiquez la date de signature.'),
        urgentWords: z
          .string()
          .max(URGENT_WORDS_MAX, `La demande ne doit pas dépasser ${URGENT_WORDS_MAX} caractères.`)
          .nullable(),
        expressRequest: z.boolean(),
        acknowledgement: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const { id: interventionId, ...rest } = input;
      return recordOffPremisesSignature(ctx.sql, interventionId, rest, adminMeta(ctx));
    }),

  /** The signed page: the current devis, its status, the words the customer may tick. */
  show: publicProcedure
    .input(z.object({ token }))
    .query(({ ctx, input }) => devisForToken(ctx.sql, ctx.config.AUTH_SECRET, input.token)),
  pdf: publicProcedure
    .input(z.object({ token, number }))
    .query(({ ctx, input }) => devisPdfForToken(ctx.sql, ctx.config.AUTH_SECRET, input.token, input.number)),
  requestCode: publicProcedure
    .input(z.object({ token, number }))
    .mutation(({ ctx, input }) =>
      requestAcceptanceCode(ctx.sql, ctx.config.AUTH_SECRET, input.token, input.number),
    ),
  accept: publicProcedure
    .input(
      z.object({
        token,
        number,
        hash: z.string().regex(/^[0-9a-f]{64}$/, 'Rechargez la page.'),
        signerName,
        code: z.string().max(12, 'Le code compte 6 chiffres.'),
        expressRequest: z.boolean(),
        acknowledgement: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const { token: t, ...rest } = input;
      return acceptDevis(ctx.sql, ctx.config.AUTH_SECRET, t, rest, {
        ip: ctx.ip,
        userAgent: ctx.userAgent ?? '',
        requestId: ctx.requestId,
        actor: actorFromUser(ctx.user),
      });
    }),
  refuse: publicProcedure
    .input(
      z.object({
        token,
        number,
        reason: z.string().max(500, 'Le motif ne doit pas dépasser 500 caractères.'),
      }),
    )
    .mutation(({ ctx, input }) =>
      refuseDevisByToken(ctx.sql, ctx.config.AUTH_SECRET, input.token, input, {
        actor: actorFromUser(ctx.user),
        at: new Date().toISOString(),
        requestId: ctx.requestId,
      }),
    ),
  /** /compte: the signed-in customer's devis, each with its signed link. */
  mine: authedProcedure.query(({ ctx }) =>
    customerDevisList(ctx.sql, ctx.config.AUTH_SECRET, { id: ctx.user.id, email: ctx.user.email }),
  ),
});
