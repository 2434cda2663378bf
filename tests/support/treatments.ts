/**
 * The one way the integration tests get a visit with treatments and its sealed report: through the
 * commands a technician's phone and the sealing screen run (the functions the `planning.book`,
 * `visits.record` and `reports.seal` procedures call), so these tests can never hold an event the
 * app would not write. Dates are the tests' own: the appointment is booked the day before, each
 * visit action is sent one minute after it was done (the server's clock, as `recordVisit` takes
 * it), the report is sealed by the documents' clock a few minutes after « Terminé ».
 */
import { randomUUID } from 'node:crypto';
import type { InterventionState } from '../../src/domain/interventions/decider.js';
import { type VisitInput, visitInputSchema } from '../../src/domain/interventions/visit-input.js';
import { parisDay } from '../../src/domain/site/time-zone.js';
import type { Services } from '../../src/server/context.js';
import type { Sql } from '../../src/server/db/client.js';
import { bookAppointment } from '../../src/server/interventions/appointments.js';
import { sealReport } from '../../src/server/interventions/reports.js';
import { type FieldUser, recordVisit } from '../../src/server/interventions/visits.js';
import { readSettings } from '../../src/server/settings/store.js';
import { createProduct } from './orders.js';

/** Where the commands run: the database and what the mails and the QR code need. */
export interface Field {
  sql: Sql;
  config: { PUBLIC_URL: string; AUTH_SECRET: string };
}

export const fieldOf = (services: Services): Field => ({ sql: services.sql, config: services.config });

/** A biocide of the catalogue with the facts a treatment copies (AMM, type, category, antidote). */
export async function createBiocide(
  sql: Sql,
  fields: {
    title: string;
    ammNumber: string;
    biocideType: string;
    /** Reserved to professionals: the category their Certibiocide must have. */
    certibiocideCategory?: string | null;
    antidote?: string | null;
    reentryDelayHours?: number | null;
    anticoagulantRodenticide?: boolean;
    priceCents?: number;
  },
) {
  const { id } = await createProduct(sql, {
    title: fields.title,
    priceCents: fields.priceCents ?? 1800,
    stockQuantity: 10,
  });
  const category = fields.certibiocideCategory ?? null;
  await sql`
    update products
       set amm_number = ${fields.ammNumber}, biocide_type = ${fields.biocideType},
           professional_only = ${category !== null}, certibiocide_category = ${category},
           antidote = ${fields.antidote ?? null}, reentry_delay_hours = ${fields.reentryDelayHours ?? null},
           anticoagulant_rodenticide = ${fields.anticoagulantRodenticide ?? false}
     where id = ${id}`;
  return id;
}

type Action = VisitInput extends infer V
  ? V extends VisitInput
    ? Omit<V, 'interventionId' | 'appointmentId' | 'clientEventId' | 'at'>
    : never
  : never;
/** A visit action the phone sends, `minutes` after « Sur place ». */
export type TimedAction = Action & { minutes: number };

/** « Traitement » as the phone's form sends it (a rat bait by default). */
export const treatmentAction = (
  productId: string,
  minutes: number,
  over: Partial<Extract<Action, { type: 'RecordTreatment' }>> = {},
): TimedAction => ({
  type: 'RecordTreatment',
  productId,
  quantity: 150,
  unit: 'g',
  method: 'Postes d’appâtage sécurisés',
  zone: 'Grenier',
  target: 'Rats bruns',
  species: 'rats',
  ...over,
  minutes,
});

export interface VisitPlan {
  interventionId: string;
  technician: { id: string; name: string };
  /** « Sur place » (ISO instant). */
  arrivedAt: string;
  /** « Je pars » this many minutes before arriving (null: not sent). */
  departMinutes?: number | null;
  /** What is recorded on site, in order. */
  actions?: TimedAction[];
  /** « Terminé » this many minutes after arriving (null: the visit is still going on). */
  finishMinutes?: number | null;
  /** An appointment already booked for this technician; else one is booked on the arrival's day. */
  appointmentId?: string;
  /** The booked slot's Paris time (08:00): one technician's visits of a day need their own. */
  slot?: string;
}

const minutesAfter = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** Books (if needed) and records the visit through `recordVisit`, as the technician's phone does. */
export async function recordedVisit(f: Field, plan: VisitPlan) {
  const { interventionId, technician } = plan;
  const appointmentId =
    plan.appointmentId ??
    (await book(f, interventionId, technician.id, plan.arrivedAt, plan.slot ?? '08:00'));
  const user: FieldUser = { id: technician.id, role: 'technician', email: `${technician.id}@example.fr` };
  const departMinutes = plan.departMinutes === undefined ? 30 : plan.departMinutes;
  const finishMinutes = plan.finishMinutes === undefined ? 60 : plan.finishMinutes;
  const timed: TimedAction[] = [
    ...(departMinutes === null ? [] : [{ type: 'DepartVisit', minutes: -departMinutes } as const]),
    { type: 'ArriveVisit', minutes: 0 },
    ...(plan.actions ?? []),
    ...(finishMinutes === null ? [] : [{ type: 'FinishVisit', minutes: finishMinutes } as const]),
  ];
  let state: { version: number } = { version: 0 };
  for (const { minutes, ...action } of timed) {
    const at = minutesAfter(plan.arrivedAt, minutes);
    const input = visitInputSchema.parse({
      ...action,
      interventionId,
      appointmentId,
      clientEventId: randomUUID(),
      at,
    });
    state = await recordVisit(f.sql, user, input, `visit:${at}`, minutesAfter(at, 1));
  }
  return { appointmentId, version: state.version };
}

/** « Planifier »: the arrival's Paris day at `time`, booked by the owner the day before. */
async function book(f: Field, interventionId: string, technicianId: string, arrivedAt: string, time: string) {
  const at = minutesAfter(arrivedAt, -24 * 60);
  const { settings } = await readSettings(f.sql);
  const { appointmentId } = await bookAppointment(
    f.sql,
    interventionId,
    { technicianId, day: parisDay(new Date(arrivedAt)), time, durationMinutes: 60 },
    { actor: { kind: 'admin', userId: 'owner' }, at, requestId: `book:${at}` },
    { publicUrl: f.config.PUBLIC_URL, secret: f.config.AUTH_SECRET, settings },
  );
  return appointmentId;
}

const strokes = 'M 20 80 C 40 20 60 20 80 70 L 120 40';

/**
 * The report of a recorded visit signed by the technician and the customer and sealed by
 * `sealReport` at `at` (the documents' clock too).
 */
export async function sealVisit(
  f: Field,
  plan: Pick<VisitPlan, 'interventionId' | 'technician'> & { appointmentId: string; at: string },
) {
  const { at } = plan;
  return await sealReport(
    f.sql,
    plan.interventionId,
    {
      appointmentId: plan.appointmentId,
      technician: { name: plan.technician.name, strokes },
      customer: { name: 'Camille Durand', strokes: `${strokes} L 200 60` },
      customerAbsent: false,
    },
    {
      meta: { actor: { kind: 'user', userId: plan.technician.id }, at, requestId: `seal:${at}` },
      sealer: { role: 'technician', userId: plan.technician.id },
      publicUrl: f.config.PUBLIC_URL,
      clock: async () => new Date(at),
    },
  );
}

/**
 * A visit recorded as `recordedVisit` does, then its report sealed by `sealVisit` (`sealMinutes`
 * after « Terminé »): the report's number, short code and the intervention's state.
 */
export async function sealedVisit(f: Field, plan: VisitPlan & { sealMinutes?: number }) {
  const { appointmentId } = await recordedVisit(f, plan);
  const at = minutesAfter(plan.arrivedAt, (plan.finishMinutes ?? 60) + (plan.sealMinutes ?? 3));
  const sealed = await sealVisit(f, { ...plan, appointmentId, at });
  return {
    appointmentId,
    number: sealed.number as string,
    shortCode: sealed.shortCode as string,
    state: sealed.state as InterventionState,
  };
}
