import { z } from 'zod';
import {
  CANCEL_REASON_MAX,
  CUSTOMER_MESSAGE_MAX,
  DURATION_MAX_MINUTES,
  TRAVEL_BUFFER_MAX,
} from '../../domain/interventions/appointments.js';
import { actorFromUser } from '../../domain/orders/events.js';
import { uuidInput } from '../../domain/security/ids.js';
import { errors } from '../errors.js';
import {
  appointmentsByToken,
  myAppointments,
  planningWeek,
  technicianIntervention,
  type Viewer,
} from '../interventions/appointment-queries.js';
import {
  type AppointmentMailing,
  answerAppointment,
  bookAppointment,
  cancelAppointment,
  listTechnicians,
  moveAppointment,
  readPlanningSettings,
  savePlanningSettings,
} from '../interventions/appointments.js';
import { cachedSettings } from '../settings/store.js';
import type { TrpcContext } from '../trpc.js';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../trpc.js';

const interventionId = uuidInput('Intervention introuvable.');
const appointmentId = uuidInput('Rendez-vous introuvable.');
const token = z.string().min(1).max(100);
const sequence = z.number().int().min(0).max(10_000);

export const slot = z.object({
  technicianId: z.string().trim().min(1, 'Choisissez un technicien.').max(100),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choisissez une date.'),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choisissez une heure.'),
  durationMinutes: z
    .number('Indiquez la durée.')
    .int('La durée se compte en minutes.')
    .min(15, 'La durée est d’au moins 15 minutes.')
    .max(DURATION_MAX_MINUTES, `La durée ne doit pas dépasser ${DURATION_MAX_MINUTES / 60} heures.`),
});

const adminMeta = (ctx: { user: { id: string }; requestId: string }) => ({
  actor: { kind: 'admin' as const, userId: ctx.user.id },
  at: new Date().toISOString(),
  requestId: ctx.requestId,
});

export async function mailing(ctx: TrpcContext): Promise<AppointmentMailing> {
  return {
    publicUrl: ctx.config.PUBLIC_URL,
    secret: ctx.config.AUTH_SECRET,
    settings: (await cachedSettings(ctx.sql, ctx.config)).settings,
  };
}

/**
 * The planning's readers: the owner (every technician) and technicians (their own appointments
 * only, enforced in each query through the Viewer). Auditors and customers are refused.
 */
const planningProcedure = authedProcedure.use(function isPlanningReader({ ctx, next }) {
  const role = ctx.user.role;
  if (role !== 'admin' && role !== 'technician') throw errors.notAdmin();
  const viewer: Viewer = role === 'admin' ? { role: 'admin' } : { role: 'technician', userId: ctx.user.id };
  return next({ ctx: { ...ctx, viewer } });
});

/** Appointments (issue 36, point 5; docs/decisions/036-appointments.md). */
export const planningRouter = router({
  /** The week calendar (Monday to Sunday, Paris time) of one technician, or all for the owner. */
  week: planningProcedure
    .input(
      z.object({
        day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide.'),
        technicianId: z.string().trim().max(100).nullable().default(null),
      }),
    )
    .query(({ ctx, input }) => planningWeek(ctx.sql, ctx.viewer, input)),
  /** One intervention as its technician reads it (another's: « Intervention introuvable »). */
  intervention: planningProcedure
    .input(z.object({ id: interventionId }))
    .query(({ ctx, input }) => technicianIntervention(ctx.sql, ctx.viewer, input.id)),
  technicians: adminProcedure.query(({ ctx }) => listTechnicians(ctx.sql)),
  settings: adminProcedure.query(({ ctx }) => readPlanningSettings(ctx.sql)),
  saveSettings: adminProcedure
    .input(
      z.object({
        travelBufferMinutes: z
          .number('Indiquez le temps de trajet.')
          .int('Le temps de trajet se compte en minutes.')
          .min(0, 'Le temps de trajet ne peut pas être négatif.')
          .max(TRAVEL_BUFFER_MAX, `Le temps de trajet ne doit pas dépasser ${TRAVEL_BUFFER_MAX} minutes.`),
      }),
    )
    .mutation(({ ctx, input }) =>
      savePlanningSettings(ctx.sql, input.travelBufferMinutes, { email: ctx.user.email }),
    ),
  book: adminProcedure.input(slot.extend({ interventionId })).mutation(async ({ ctx, input }) => {
    const { interventionId: id, ...rest } = input;
    const booked = await bookAppointment(ctx.sql, id, rest, adminMeta(ctx), await mailing(ctx));
    return { appointmentId: booked.appointmentId };
  }),
  move: adminProcedure
    .input(slot.extend({ interventionId, appointmentId }))
    .mutation(async ({ ctx, input }) => {
      const { interventionId: id, appointmentId: aid, ...rest } = input;
      await moveAppointment(ctx.sql, id, aid, rest, adminMeta(ctx), await mailing(ctx));
      return { ok: true as const };
    }),
  cancel: adminProcedure
    .input(
      z.object({
        interventionId,
        appointmentId,
        reason: z
          .string()
          .max(CANCEL_REASON_MAX, `Le motif ne doit pas dépasser ${CANCEL_REASON_MAX} caractères.`),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await cancelAppointment(
        ctx.sql,
        input.interventionId,
        input.appointmentId,
        input.reason,
        adminMeta(ctx),
        await mailing(ctx),
      );
      return { ok: true as const };
    }),
  /** /compte: the signed-in customer's upcoming appointments. */
  mine: authedProcedure.query(({ ctx }) => myAppointments(ctx.sql, ctx.config.AUTH_SECRET, ctx.user)),
  /** The signed link's page (/rendez-vous/{token}): no account, the token is the right. */
  byToken: publicProcedure
    .input(z.object({ token }))
    .query(({ ctx, input }) => appointmentsByToken(ctx.sql, ctx.config.AUTH_SECRET, input.token)),
  confirm: publicProcedure
    .input(z.object({ token, appointmentId, sequence }))
    .mutation(async ({ ctx, input }) => {
      await answerAppointment(
        ctx.sql,
        input.token,
        { type: 'ConfirmAppointment', appointmentId: input.appointmentId, sequence: input.sequence },
        { actor: actorFromUser(ctx.user), requestId: ctx.requestId },
        await mailing(ctx),
      );
      return { ok: true as const };
    }),
  askOtherSlot: publicProcedure
    .input(
      z.object({
        token,
        appointmentId,
        sequence,
        message: z
          .string()
          .max(CUSTOMER_MESSAGE_MAX, `Le message ne doit pas dépasser ${CUSTOMER_MESSAGE_MAX} caractères.`),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await answerAppointment(
        ctx.sql,
        input.token,
        {
          type: 'AskOtherSlot',
          appointmentId: input.appointmentId,
          sequence: input.sequence,
          message: input.message,
        },
        { actor: actorFromUser(ctx.user), requestId: ctx.requestId },
        await mailing(ctx),
      );
      return { ok: true as const };
    }),
});
