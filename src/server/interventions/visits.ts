/**
 * The technician's visit (issue 37, docs/decisions/037-the-visit.md): the visit commands through
 * the log's one command path (handleStreamCommand), with what the server knows better than the
 * phone read inside the append's transaction: the product's title, AMM, type, category, antidote
 * and re-entry delay from the catalogue; the applicator (the appointment's technician), their name
 * and Certibiocide from their profile; photos as images of the pipeline. Then the technician's
 * day, the visit's folded state, the site's access notes and the owner's rodenticide episodes.
 */
import { DomainError } from '../../domain/errors.js';
import { addDays, parisInstant } from '../../domain/interventions/appointments.js';
import { decide, type InterventionState, interventionNotFound } from '../../domain/interventions/decider.js';
import type { InterventionEvent } from '../../domain/interventions/events.js';
import {
  inspectionOverdue,
  nextInspection,
  openEpisode,
  proposedInspectionDays,
  type RodenticideEpisode,
  type SiteHazard,
  type TreatmentProduct,
  type VisitActor,
  type VisitCommand,
} from '../../domain/interventions/visit-decider.js';
import type { ParsedVisitInput } from '../../domain/interventions/visit-input.js';
import { actorFromUser } from '../../domain/orders/events.js';
import { toId } from '../../domain/security/ids.js';
import { parisDay } from '../../domain/site/time-zone.js';
import { findCertibiocide } from '../customers/certibiocide.js';
import type { Sql, Tx } from '../db/client.js';
import { imageUrl } from '../images/images.js';
import { handleStreamCommand, readModelStream } from '../log/stream-commands.js';
import { siteDevices } from '../sites/queries.js';
import { resolveSiteDevice } from './device-checks.js';
import { interventionModel } from './model.js';
import { readSiteNotes, type SiteNotes, saveSiteNotes } from './site-notes.js';

/** Who acts on a visit: an admin, or a technician (their own appointments only). */
export interface FieldUser {
  id: string;
  role: 'admin' | 'technician';
  email: string;
}

const checkId = (id: string) => {
  const valid = toId(id);
  if (!valid) throw interventionNotFound();
  return valid;
};

/** A technician sees an intervention only if one of its appointments is theirs (else: not found). */
function visible(state: InterventionState | null, user: FieldUser): InterventionState {
  if (!state) throw interventionNotFound();
  if (user.role === 'technician' && !state.appointments.some((a) => a.technicianId === user.id))
    throw interventionNotFound();
  return state;
}

export async function treatmentProduct(tx: Tx, productId: string): Promise<TreatmentProduct> {
  const [row] = await tx<
    {
      id: string;
      title: string;
      ammNumber: string | null;
      biocideType: string | null;
      professionalOnly: boolean;
      certibiocideCategory: string | null;
      antidote: string | null;
      reentryDelayHours: number | null;
      anticoagulantRodenticide: boolean;
    }[]
  >`
    select id, title, amm_number, biocide_type, professional_only, certibiocide_category, antidote,
           reentry_delay_hours, anticoagulant_rodenticide
      from products where id = ${productId}`;
  if (!row) throw new DomainError('not_found', 'PRODUCT_NOT_FOUND', 'Produit introuvable dans le catalogue.');
  return {
    ...row,
    ammNumber: row.ammNumber ?? '',
    biocideType: row.biocideType ?? '',
    antidote: row.antidote ?? '',
  };
}

async function applicatorOf(tx: Tx, technicianId: string) {
  const [user] = await tx<{ name: string }[]>`select name from users where id = ${technicianId}`;
  return {
    technicianId,
    name: user?.name ?? 'Technicien',
    certificate: await findCertibiocide(tx, technicianId),
  };
}

async function photosOf(tx: Tx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await tx<{ id: string }[]>`select id from images where id = any(${ids as string[]}::uuid[])`;
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing)
    throw new DomainError('invalid', 'PHOTO_NOT_FOUND', 'Une photo n’a pas été envoyée : reprenez-la.');
  return ids.map((id) => ({ id, url: imageUrl(id), thumbUrl: `${imageUrl(id)}/320.webp` }));
}

/** The domain command of a parsed input, with everything the server reads itself. */
async function commandOf(
  tx: Tx,
  state: InterventionState,
  input: ParsedVisitInput,
  by: VisitActor,
  now: string,
): Promise<VisitCommand> {
  const typed = {
    clientEventId: input.clientEventId,
    appointmentId: input.appointmentId,
    at: input.at,
    now,
    by,
  };
  switch (input.type) {
    case 'DepartVisit':
    case 'ArriveVisit':
    case 'FinishVisit':
      return { type: input.type, ...typed };
    case 'RecordObservation':
      return {
        type: input.type,
        ...typed,
        pest: input.pest,
        zone: input.zone,
        level: input.level,
        evidence: input.evidence,
        photos: await photosOf(tx, input.photoIds),
      };
    case 'RecordTreatment': {
      const appointment = state.appointments.find((a) => a.id === input.appointmentId);
      return {
        type: input.type,
        ...typed,
        product: await treatmentProduct(tx, input.productId),
        // The applicator is the appointment's technician, read from the stream (not the phone).
        applicator: await applicatorOf(tx, appointment?.technicianId ?? by.userId),
        quantity: input.quantity,
        unit: input.unit,
        method: input.method,
        zone: input.zone,
        target: input.target,
        species: input.species,
      };
    }
    case 'GiveSafetyAdvice': {
      const product = input.productId ? await treatmentProduct(tx, input.productId) : null;
      return {
        type: input.type,
        ...typed,
        reentryDelayHours: input.reentryDelayHours ?? product?.reentryDelayHours ?? null,
        ventilation: input.ventilation,
        // The antidote is the label's, from the catalogue: never typed.
        antidote: product?.antidote ?? '',
        productId: product?.id ?? null,
      };
    }
    case 'AddRecommendation':
      return { type: input.type, ...typed, libraryId: input.libraryId, text: input.text };
    case 'AddCustomerRemark':
    case 'WriteRodenticideAnalysis':
      return { type: input.type, ...typed, text: input.text };
    case 'RemoveRodenticideBaits':
      return { type: input.type, ...typed, note: input.note };
    case 'RecordDeviceCheck': {
      // A site's device: its label and kind are the site_devices row's, never the phone's.
      const device = input.device ? await resolveSiteDevice(tx, state.siteId, input.device) : null;
      return {
        type: input.type,
        ...typed,
        deviceId: device?.id ?? null,
        label: device?.label ?? input.label,
        kind: device?.kind ?? input.kind,
        state: input.state,
        consumptionPercent: input.consumptionPercent,
        reason: input.reason,
        captures: input.captures,
        note: input.note,
      };
    }
  }
}

/**
 * Records one visit action. A clientEventId already in the stream records nothing and answers
 * `recorded: false` (the phone's queue sent it again): the phone then drops it from its queue.
 * `now` is the server's clock (tests date a visit in the past, as the documents' clock does).
 */
export async function recordVisit(
  sql: Sql,
  user: FieldUser,
  input: ParsedVisitInput,
  requestId: string,
  now = new Date().toISOString(),
) {
  const by: VisitActor = { userId: user.id, role: user.role };
  const handled = await handleStreamCommand<InterventionState, InterventionEvent>(
    sql,
    interventionModel,
    checkId(input.interventionId),
    { actor: actorFromUser(user), at: now, requestId },
    async (before, tx) => {
      const state = visible(before, user);
      if (state.clientEventIds.includes(input.clientEventId)) return [];
      return decide(await commandOf(tx, state, input, by, now), state);
    },
  );
  return { recorded: handled.events.length > 0, version: handled.state?.version ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Reading.

export interface DayVisit {
  appointmentId: string;
  interventionId: string;
  interventionNumber: string;
  technicianId: string;
  technicianName: string;
  startsAt: string;
  endsAt: string;
  status: string;
  service: string;
  name: string;
  phone: string;
  street: string;
  zipCode: string;
  city: string;
  message: string;
  departedAt: string | null;
  arrivedAt: string | null;
  finishedAt: string | null;
  accessNotes: string;
  hazards: SiteHazard[];
  /** The appointment's sealed report (ADR 038), null before. */
  reportNumber: string | null;
  /** The site (ADR 042) whose devices the visit checks, if any. */
  siteId: string | null;
}

/**
 * A Paris day's visits in order: a technician's own, or for an admin everyone's (or one
 * technician's). The access notes are decrypted only here, for these readers.
 */
export async function visitDay(
  sql: Tx,
  secret: string,
  user: FieldUser,
  input: { day: string; technicianId: string | null },
): Promise<{ day: string; visits: DayVisit[] }> {
  const technicianId = user.role === 'technician' ? user.id : input.technicianId;
  const from = parisInstant(input.day, '00:00');
  const to = parisInstant(addDays(input.day, 1), '00:00');
  const rows = await sql<
    (Omit<
      DayVisit,
      'startsAt' | 'endsAt' | 'departedAt' | 'arrivedAt' | 'finishedAt' | 'accessNotes' | 'hazards'
    > & {
      startsAt: Date;
      endsAt: Date;
      departedAt: Date | null;
      arrivedAt: Date | null;
      finishedAt: Date | null;
    })[]
  >`
    select a.id as appointment_id, a.intervention_id, i.number as intervention_number, a.technician_id,
           coalesce(u.name, '') as technician_name, a.starts_at, a.ends_at, a.status, i.service, i.name,
           i.phone, i.street, i.zip_code, i.city, i.message, a.departed_at, a.arrived_at, a.finished_at,
           i.site_id,
           (select r ->> 'number' from jsonb_array_elements(i.reports) r
             where r ->> 'appointmentId' = a.id::text limit 1) as report_number
      from appointments a
      join interventions i on i.id = a.intervention_id
      left join users u on u.id = a.technician_id
     where a.status <> 'cancelled' and a.starts_at >= ${from} and a.starts_at < ${to}
       ${technicianId ? sql`and a.technician_id = ${technicianId}` : sql``}
     order by a.starts_at, a.id`;
  const notes = await readSiteNotes(
    sql,
    secret,
    rows.map((r) => r.interventionId),
  );
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    day: input.day,
    visits: rows.map((r) => ({
      ...r,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      departedAt: iso(r.departedAt),
      arrivedAt: iso(r.arrivedAt),
      finishedAt: iso(r.finishedAt),
      accessNotes: notes.get(r.interventionId)?.accessNotes ?? '',
      hazards: notes.get(r.interventionId)?.hazards ?? [],
    })),
  };
}

/** One visit's folded state (what was recorded), and the intervention's open episode. */
export async function visitDetail(sql: Tx, user: FieldUser, interventionId: string, appointmentId: string) {
  const { state: folded } = await readModelStream(sql, interventionModel, checkId(interventionId));
  const state = visible(folded, user);
  const appointment = state.appointments.find((a) => a.id === appointmentId);
  if (!appointment || (user.role === 'technician' && appointment.technicianId !== user.id))
    throw new DomainError('not_found', 'APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable.');
  const episode = openEpisode(state);
  return {
    visit: state.visits.find((v) => v.appointmentId === appointmentId) ?? null,
    episode: episode ? episodeView(episode, parisDay(new Date())) : null,
    /** The site's devices, the visit's checklist (ADR 043); null when the intervention has no site. */
    siteDevices: state.siteId ? await siteDevices(sql, state.siteId) : null,
    reportSealed: state.reports.some((r) => r.appointmentId === appointmentId),
  };
}

const episodeView = (episode: RodenticideEpisode, today: string) => ({
  ...episode,
  nextInspection: nextInspection(episode),
  proposedDays: proposedInspectionDays(episode),
  overdue: inspectionOverdue(episode, today),
  analysisDueAfter: addDays(episode.openedOn, 35),
});

/** The products a technician may pick for a treatment or advice: biocides of the catalogue. */
export async function treatmentProducts(sql: Tx) {
  const rows = await sql<
    {
      id: string;
      title: string;
      ammNumber: string | null;
      biocideType: string;
      professionalOnly: boolean;
      antidote: string | null;
      reentryDelayHours: number | null;
      anticoagulantRodenticide: boolean;
    }[]
  >`
    select id, title, amm_number, biocide_type, professional_only, antidote, reentry_delay_hours,
           anticoagulant_rodenticide
      from products where biocide_type is not null order by title, id`;
  return [...rows];
}

/** The site's notes, for the appointment's technician or an admin. */
export async function updateSiteNotes(
  sql: Sql,
  secret: string,
  user: FieldUser,
  interventionId: string,
  input: SiteNotes,
) {
  const { state } = await readModelStream(sql, interventionModel, checkId(interventionId));
  visible(state, user);
  return await saveSiteNotes(sql, secret, checkId(interventionId), input, user);
}

/**
 * The owner's list: every open anticoagulant episode with its next inspection (overdue or not),
 * the proposed days to book, whether an inspection is already booked in the window, and the last
 * technician. Read from the folded state's column (migration 0120); the rules are the domain's.
 */
export async function rodenticideEpisodes(sql: Tx, today = parisDay(new Date())) {
  const rows = await sql<
    {
      id: string;
      number: string;
      name: string;
      city: string;
      rodenticideEpisodes: RodenticideEpisode[];
      lastTechnicianId: string | null;
      nextBookedAt: Date | null;
    }[]
  >`
    select i.id, i.number, i.name, i.city, i.rodenticide_episodes,
           (select a.technician_id from appointments a where a.intervention_id = i.id and a.status <> 'cancelled'
             order by a.starts_at desc limit 1) as last_technician_id,
           (select min(a.starts_at) from appointments a where a.intervention_id = i.id
             and a.status <> 'cancelled' and a.arrived_at is null and a.starts_at >= now()) as next_booked_at
      from interventions i
     where i.rodenticide_episodes @> '[{"closedOn": null}]'
     order by i.number`;
  return rows.flatMap((r) => {
    const episode = openEpisode({ rodenticideEpisodes: r.rodenticideEpisodes });
    if (!episode) return [];
    return [
      {
        interventionId: r.id,
        number: r.number,
        name: r.name,
        city: r.city,
        lastTechnicianId: r.lastTechnicianId,
        nextBookedAt: r.nextBookedAt?.toISOString() ?? null,
        ...episodeView(episode, today),
      },
    ];
  });
}
