import { z } from 'zod';
import { ADDENDUM_TEXT_MAX, SIGNER_NAME_MAX, STROKES_MAX } from '../../domain/interventions/report.js';
import { actorFromUser } from '../../domain/orders/events.js';
import { uuidInput } from '../../domain/security/ids.js';
import { errors } from '../errors.js';
import {
  interventionDocumentPdf,
  interventionDocuments,
  linkScope,
} from '../interventions/customer-documents.js';
import {
  reportDraft,
  reportPdfForStaff,
  type Sealer,
  sealAddendum,
  sealReport,
  verifyReportCode,
} from '../interventions/reports.js';
import { authedProcedure, publicProcedure, router, staffProcedure } from '../trpc.js';

/*
 * Sealed reports (issue 37 point 4, docs/decisions/038-sealed-reports.md). The technician of the
 * appointment (or the owner) seals the report with both signatures and adds signed addenda; anyone
 * holding the short code verifies it on /verifier/{code}; the customer downloads it from /compte and
 * from the signed link (/rendez-vous/{token}).
 */
const interventionId = uuidInput('Intervention introuvable.');
const appointmentId = uuidInput('Rendez-vous introuvable.');
const token = z.string().min(1).max(100);
const documentNumber = z.string().max(40);
const signature = z.object({
  name: z.string().max(SIGNER_NAME_MAX, `Le nom ne doit pas dépasser ${SIGNER_NAME_MAX} caractères.`),
  strokes: z.string().max(STROKES_MAX, 'La signature est trop longue : effacez-la et signez à nouveau.'),
});

/** The sealers: the owner, or a technician (their own appointments only, checked on the stream). */
const sealerProcedure = authedProcedure.use(function isSealer({ ctx, next }) {
  const role = ctx.user.role;
  if (role !== 'admin' && role !== 'technician') throw errors.notAdmin();
  const sealer: Sealer = { role, userId: ctx.user.id };
  return next({ ctx: { ...ctx, sealer } });
});

const meta = (ctx: { user: Parameters<typeof actorFromUser>[0] & object; requestId: string }) => ({
  actor: actorFromUser(ctx.user),
  at: new Date().toISOString(),
  requestId: ctx.requestId,
});

export const reportsRouter = router({
  /** The sealing screen: the visit as the report would state it, or the report already sealed. */
  draft: sealerProcedure
    .input(z.object({ interventionId, appointmentId }))
    .query(({ ctx, input }) => reportDraft(ctx.sql, input.interventionId, input.appointmentId, ctx.sealer)),
  /** « Sceller le rapport »: after « Terminé », both signatures or « Client absent ». */
  seal: sealerProcedure
    .input(
      z.object({
        interventionId,
        appointmentId,
        technician: signature,
        customer: signature.nullable(),
        customerAbsent: z.boolean(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { interventionId: id, ...rest } = input;
      const sealed = await sealReport(ctx.sql, id, rest, {
        meta: meta(ctx),
        sealer: ctx.sealer,
        publicUrl: ctx.config.PUBLIC_URL,
      });
      return { number: sealed.number, shortCode: sealed.shortCode };
    }),
  /** « Ajouter un additif »: a signed correction. */
  addendum: sealerProcedure
    .input(
      z.object({
        interventionId,
        reportNumber: documentNumber,
        text: z
          .string()
          .max(ADDENDUM_TEXT_MAX, `L’additif ne doit pas dépasser ${ADDENDUM_TEXT_MAX} caractères.`),
        technician: signature,
      }),
    )
    .mutation(({ ctx, input }) => {
      const { interventionId: id, ...rest } = input;
      return sealAddendum(ctx.sql, id, rest, {
        meta: meta(ctx),
        sealer: ctx.sealer,
        publicUrl: ctx.config.PUBLIC_URL,
      });
    }),
  /** The public verification page: no account, rate limited, the same time for an unknown code. */
  verify: publicProcedure
    .input(z.object({ code: z.string().max(20) }))
    .query(({ ctx, input }) => verifyReportCode(ctx.sql, ctx.ip, input.code)),
  /**
   * /compte: the documents of the account's interventions, reports, addenda and the invoices from
   * them (interventions/customer-documents.ts), and their PDFs.
   */
  mine: authedProcedure.query(({ ctx }) => interventionDocuments(ctx.sql, { user: ctx.user })),
  minePdf: authedProcedure
    .input(z.object({ number: documentNumber }))
    .query(({ ctx, input }) => interventionDocumentPdf(ctx.sql, { user: ctx.user }, input.number)),
  /** The signed link's page (/rendez-vous/{token}): the same for its intervention. */
  byToken: publicProcedure
    .input(z.object({ token }))
    .query(({ ctx, input }) =>
      interventionDocuments(ctx.sql, linkScope(ctx.config.AUTH_SECRET, input.token)),
    ),
  tokenPdf: publicProcedure
    .input(z.object({ token, number: documentNumber }))
    .query(({ ctx, input }) =>
      interventionDocumentPdf(ctx.sql, linkScope(ctx.config.AUTH_SECRET, input.token), input.number),
    ),
  adminPdf: staffProcedure
    .input(z.object({ interventionId, number: documentNumber }))
    .query(({ ctx, input }) => reportPdfForStaff(ctx.sql, input.interventionId, input.number)),
});
