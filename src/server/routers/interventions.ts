import { z } from 'zod';
import { SEARCH_MAX } from '../../domain/common/limits.js';
import { LOST_REASON_MAX, NOTE_MAX } from '../../domain/interventions/decider.js';
import { INTERVENTION_STATUSES } from '../../domain/interventions/pipeline.js';
import { interventionRequestSchema } from '../../domain/interventions/request.js';
import { tariffsSchema } from '../../domain/interventions/tariffs.js';
import { recordPaymentInput } from '../../domain/orders/money.js';
import { uuidInput } from '../../domain/security/ids.js';
import { runInterventionCommand } from '../interventions/commands.js';
import { invoiceIntervention, recordInterventionPayment } from '../interventions/invoice.js';
import { listInterventions, pipelineCounts } from '../interventions/queries.js';
import { receiveInterventionRequest } from '../interventions/requests.js';
import { readTariffs, saveTariffs } from '../interventions/tariffs.js';
import { cachedSettings } from '../settings/store.js';
import { adminProcedure, publicProcedure, router } from '../trpc.js';

const id = uuidInput('Intervention introuvable.');
const adminMeta = (ctx: { user: { id: string }; requestId: string }) => ({
  actor: { kind: 'admin' as const, userId: ctx.user.id },
  at: new Date().toISOString(),
  requestId: ctx.requestId,
});

/** Interventions (issue 36): the published tariff, requests, the back-office pipeline. */
export const interventionsRouter = router({
  /** The published tariff and catalogue (the public « Tarifs » page). */
  tariffs: publicProcedure.query(async ({ ctx }) => (await readTariffs(ctx.sql)).tariffs),
  /** Paramètres › Interventions, with who saved it last. */
  tariffSettings: adminProcedure.query(({ ctx }) => readTariffs(ctx.sql)),
  saveTariffs: adminProcedure
    .input(tariffsSchema)
    .mutation(({ ctx, input }) => saveTariffs(ctx.sql, input, { email: ctx.user.email })),
  /** « Demande d'intervention »: the contact form opens an intervention. */
  request: publicProcedure.input(interventionRequestSchema).mutation(async ({ ctx, input }) =>
    receiveInterventionRequest(ctx.sql, input, {
      ip: ctx.ip,
      userId: ctx.user?.id ?? null,
      requestId: ctx.requestId,
      settings: (await cachedSettings(ctx.sql, ctx.config)).settings,
      publicUrl: ctx.config.PUBLIC_URL,
    }),
  ),
  /** The pipeline's column counts. */
  counts: adminProcedure.query(({ ctx }) => pipelineCounts(ctx.sql)),
  list: adminProcedure
    .input(
      z.object({
        status: z.enum(INTERVENTION_STATUSES, 'Étape inconnue.').nullable().default(null),
        search: z
          .string()
          .max(SEARCH_MAX, `La recherche ne doit pas dépasser ${SEARCH_MAX} caractères.`)
          .default(''),
        urgentOnly: z.boolean().default(false),
        limit: z.number().int().min(1).max(500).default(200),
      }),
    )
    .query(({ ctx, input }) => listInterventions(ctx.sql, input)),
  addNote: adminProcedure
    .input(
      z.object({
        id,
        note: z.string().max(NOTE_MAX, `La note ne doit pas dépasser ${NOTE_MAX} caractères.`),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await runInterventionCommand(ctx.sql, input.id, { type: 'AddNote', note: input.note }, adminMeta(ctx));
      return { ok: true as const };
    }),
  markLost: adminProcedure
    .input(
      z.object({
        id,
        reason: z
          .string()
          .max(LOST_REASON_MAX, `Le motif ne doit pas dépasser ${LOST_REASON_MAX} caractères.`),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await runInterventionCommand(
        ctx.sql,
        input.id,
        { type: 'MarkLost', reason: input.reason },
        adminMeta(ctx),
      );
      return { ok: true as const };
    }),
  reopen: adminProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await runInterventionCommand(ctx.sql, input.id, { type: 'Reopen' }, adminMeta(ctx));
    return { ok: true as const };
  }),
  /** « Facturer »: the sealed report's invoice (docs/decisions/039). */
  invoice: adminProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const { number } = await invoiceIntervention(ctx.sql, input.id, {
      meta: adminMeta(ctx),
      config: ctx.config,
    });
    return { number };
  }),
  /** « Enregistrer un paiement » on the intervention's invoice (refused before the L221-10 day). */
  recordPayment: adminProcedure.input(recordPaymentInput.extend({ id })).mutation(async ({ ctx, input }) => {
    const { id: interventionId, ...payment } = input;
    await recordInterventionPayment(ctx.sql, interventionId, payment, adminMeta(ctx));
    return { ok: true as const };
  }),
});
