/**
 * Appointments (issue 36, point 5; docs/decisions/036-appointments.md): commands on the
 * intervention's stream through the log's generic path, the conflict check under a per-technician
 * lock, the customer's mails with their .ics, the reminders' schedule, and the planning settings.
 */
import { randomUUID } from 'node:crypto';
import { CONTACT_SERVICE_LABELS } from '../../domain/contact/services.js';
import { DomainError } from '../../domain/errors.js';
import type { AppointmentCommand, AppointmentState } from '../../domain/interventions/appointment-decider.js';
import {
  type BusySlot,
  checkTravelBuffer,
  DEFAULT_TRAVEL_BUFFER_MINUTES,
  frenchSlot,
  reminderDueAt,
  type Slot,
  slotFromParis,
} from '../../domain/interventions/appointments.js';
import { decide, type InterventionState, interventionNotFound } from '../../domain/interventions/decider.js';
import type { InterventionEvent } from '../../domain/interventions/events.js';
import { appointmentIcs } from '../../domain/interventions/ics.js';
import type { Actor } from '../../domain/orders/events.js';
import { toId } from '../../domain/security/ids.js';
import type { ShopSettings } from '../../domain/settings/settings.js';
import type { Sql, Tx } from '../db/client.js';
import { handleStreamCommand, readModelStream, type StreamMeta } from '../log/stream-commands.js';
import { contactLine, renderMail } from '../mail/layout.js';
import { enqueueMail, mailTransaction } from '../mail/outbox.js';
import { interventionIdFromToken, interventionLinkUrl } from './intervention-link.js';
import { interventionModel } from './model.js';

/** What the mails need: the public URL (links, the .ics UID's host), the secret, the shop. */
export interface AppointmentMailing {
  publicUrl: string;
  secret: string;
  settings: ShopSettings;
}

// ---------------------------------------------------------------------------------------------
// Settings: the travel buffer (appointment_settings, migration 0115; no row: 30 minutes).

export async function readPlanningSettings(sql: Tx) {
  const [row] = await sql<{ travelBufferMinutes: number; updatedAt: Date; updatedByEmail: string | null }[]>`
    select travel_buffer_minutes, updated_at, updated_by_email from appointment_settings where id = 1`;
  return {
    travelBufferMinutes: row?.travelBufferMinutes ?? DEFAULT_TRAVEL_BUFFER_MINUTES,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedByEmail: row?.updatedByEmail ?? null,
  };
}

export async function savePlanningSettings(sql: Tx, travelBufferMinutes: number, by: { email: string }) {
  checkTravelBuffer(travelBufferMinutes);
  await sql`
    insert into appointment_settings (id, travel_buffer_minutes, updated_at, updated_by_email)
    values (1, ${travelBufferMinutes}, now(), ${by.email})
    on conflict (id) do update set travel_buffer_minutes = excluded.travel_buffer_minutes,
      updated_at = excluded.updated_at, updated_by_email = excluded.updated_by_email`;
  return await readPlanningSettings(sql);
}

// ---------------------------------------------------------------------------------------------
// Technicians: back-office users with the role « Technicien ».

export async function listTechnicians(sql: Tx) {
  return await sql<{ id: string; name: string; email: string }[]>`
    select u.id, u.name, u.email from profiles p join users u on u.id = p.id
     where p.role = 'technician' order by u.name, u.id`;
}

async function checkTechnician(sql: Tx, technicianId: string) {
  const [row] = await sql`select 1 from profiles where id = ${technicianId} and role = 'technician'`;
  if (!row) throw new DomainError('invalid', 'TECHNICIAN_UNKNOWN', 'Choisissez un technicien de l’équipe.');
}

// ---------------------------------------------------------------------------------------------
// Commands.

const checkId = (id: string) => {
  const valid = toId(id);
  if (!valid) throw interventionNotFound();
  return valid;
};

/**
 * The technician's other appointments near the slot (other interventions: this one's are in its
 * state), read after taking the technician's lock so that two bookings never both pass the check.
 */
async function busyAround(
  tx: Tx,
  technicianId: string,
  interventionId: string,
  slot: Slot,
  bufferMinutes: number,
): Promise<BusySlot[]> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`appointments:${technicianId}`}, 0))`;
  const margin = `${bufferMinutes} minutes`;
  const rows = await tx<
    { appointmentId: string; startsAt: Date; endsAt: Date; interventionNumber: string }[]
  >`
    select a.id as appointment_id, a.starts_at, a.ends_at, i.number as intervention_number
      from appointments a join interventions i on i.id = a.intervention_id
     where a.technician_id = ${technicianId} and a.status <> 'cancelled'
       and a.intervention_id <> ${interventionId}
       and a.starts_at < ${slot.endsAt}::timestamptz + ${margin}::interval
       and a.ends_at > ${slot.startsAt}::timestamptz - ${margin}::interval`;
  return rows.map((r) => ({
    appointmentId: r.appointmentId,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    interventionNumber: r.interventionNumber,
  }));
}

export interface SlotInput {
  technicianId: string;
  day: string;
  time: string;
  durationMinutes: number;
}

async function runAppointmentCommand(
  sql: Sql,
  interventionId: string,
  meta: StreamMeta,
  build: (state: InterventionState, tx: Tx) => Promise<AppointmentCommand>,
  after: (tx: Tx, state: InterventionState, command: AppointmentCommand) => Promise<void>,
) {
  let command: AppointmentCommand | null = null;
  return await handleStreamCommand<InterventionState, InterventionEvent>(
    sql,
    interventionModel,
    checkId(interventionId),
    meta,
    async (state, tx) => {
      if (!state) throw interventionNotFound();
      command = await build(state, tx);
      return decide(command, state);
    },
    (tx, state) => after(tx, state, command!),
  );
}

/** « Planifier »: books a slot for a technician; refused (nothing written) when it conflicts. */
export async function bookAppointment(
  sql: Sql,
  interventionId: string,
  input: SlotInput,
  meta: StreamMeta,
  mailing: AppointmentMailing,
) {
  const appointmentId = randomUUID();
  const slot = slotFromParis(input, new Date(meta.at));
  const handled = await runAppointmentCommand(
    sql,
    interventionId,
    meta,
    async (state, tx) => {
      await checkTechnician(tx, input.technicianId);
      const { travelBufferMinutes } = await readPlanningSettings(tx);
      return {
        type: 'BookAppointment',
        appointmentId,
        technicianId: input.technicianId,
        slot,
        busy: await busyAround(tx, input.technicianId, state.id, slot, travelBufferMinutes),
        bufferMinutes: travelBufferMinutes,
      };
    },
    (tx, state) => afterChange(tx, state, appointmentId, 'REQUEST', mailing, meta),
  );
  return { appointmentId, state: handled.state };
}

/** « Déplacer »: a new slot (and maybe technician); the .ics SEQUENCE goes up by one. */
export async function moveAppointment(
  sql: Sql,
  interventionId: string,
  appointmentId: string,
  input: SlotInput,
  meta: StreamMeta,
  mailing: AppointmentMailing,
) {
  const slot = slotFromParis(input, new Date(meta.at));
  return await runAppointmentCommand(
    sql,
    interventionId,
    meta,
    async (state, tx) => {
      await checkTechnician(tx, input.technicianId);
      const { travelBufferMinutes } = await readPlanningSettings(tx);
      return {
        type: 'MoveAppointment',
        appointmentId,
        technicianId: input.technicianId,
        slot,
        busy: await busyAround(tx, input.technicianId, state.id, slot, travelBufferMinutes),
        bufferMinutes: travelBufferMinutes,
      };
    },
    (tx, state) => afterChange(tx, state, appointmentId, 'REQUEST', mailing, meta),
  );
}

export async function cancelAppointment(
  sql: Sql,
  interventionId: string,
  appointmentId: string,
  reason: string,
  meta: StreamMeta,
  mailing: AppointmentMailing,
) {
  return await runAppointmentCommand(
    sql,
    interventionId,
    meta,
    async () => ({ type: 'CancelAppointment', appointmentId, reason }),
    (tx, state) => afterChange(tx, state, appointmentId, 'CANCEL', mailing, meta),
  );
}

/** The customer's answer from the signed link: confirm the slot, or ask for another one. */
export async function answerAppointment(
  sql: Sql,
  token: string,
  answer:
    | { type: 'ConfirmAppointment'; appointmentId: string; sequence: number }
    | { type: 'AskOtherSlot'; appointmentId: string; sequence: number; message: string },
  who: { actor: Actor; requestId: string },
  mailing: AppointmentMailing,
) {
  const id = interventionIdFromToken(mailing.secret, token);
  if (!id) throw invalidLink();
  const meta = { actor: who.actor, at: new Date().toISOString(), requestId: who.requestId };
  return await runAppointmentCommand(
    sql,
    id,
    meta,
    async () => answer,
    (tx, state) => queueShopNotice(tx, state, answer.appointmentId, mailing),
  );
}

export const invalidLink = () =>
  new DomainError(
    'not_found',
    'INTERVENTION_LINK_INVALID',
    'Ce lien de rendez-vous est invalide ou a expiré.',
  );

// ---------------------------------------------------------------------------------------------
// Mails and the reminders' schedule.

const appointmentOf = (state: InterventionState, id: string): AppointmentState => {
  const a = state.appointments.find((x) => x.id === id);
  if (!a) throw new Error(`Appointment ${id} not in its intervention's state`);
  return a;
};

const domainOf = (publicUrl: string) => new URL(publicUrl).hostname;

export const icsFilename = 'rendez-vous.ics';

/** The .ics of an appointment as it stands (REQUEST) or cancelled (CANCEL). */
export function icsOf(
  state: InterventionState,
  a: AppointmentState,
  method: 'REQUEST' | 'CANCEL',
  mailing: AppointmentMailing,
  stamp: Date,
) {
  const r = state.requester;
  return appointmentIcs({
    method,
    appointmentId: a.id,
    domain: domainOf(mailing.publicUrl),
    sequence: a.sequence,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    stamp,
    summary: `${CONTACT_SERVICE_LABELS[state.service] ?? 'Intervention'} – ${mailing.settings.shopName}`,
    description: `Intervention ${state.number}. ${contactLine({ email: mailing.settings.shopEmail, phone: mailing.settings.shopPhone })}`,
    location: [r.street, `${r.zipCode} ${r.city}`.trim()].filter(Boolean).join(', '),
    organizer: { name: mailing.settings.shopName, email: mailing.settings.shopEmail },
    attendee: { name: r.name, email: r.email },
  });
}

/** After a booking, a move or a cancellation: the customer's mail (with its .ics) and the reminder. */
async function afterChange(
  tx: Tx,
  state: InterventionState,
  appointmentId: string,
  method: 'REQUEST' | 'CANCEL',
  mailing: AppointmentMailing,
  meta: StreamMeta,
) {
  const a = appointmentOf(state, appointmentId);
  const link = interventionLinkUrl(mailing.publicUrl, mailing.secret, state.id);
  const slot = frenchSlot(a);
  const cancelled = method === 'CANCEL';
  const moved = !cancelled && a.sequence > 0;
  const mail = renderMail({
    shopName: mailing.settings.shopName,
    subject: cancelled
      ? `Rendez-vous annulé – intervention ${state.number}`
      : moved
        ? `Rendez-vous déplacé au ${slot} – intervention ${state.number}`
        : `Rendez-vous confirmé le ${slot} – intervention ${state.number}`,
    greeting: `Bonjour ${state.requester.name},`,
    blocks: cancelled
      ? [
          {
            kind: 'paragraph',
            text: `Le rendez-vous du ${slot} est annulé. Motif : ${a.cancelReason ?? ''}`,
          },
          { kind: 'paragraph', text: 'Nous vous recontactons pour convenir d’un nouveau créneau.' },
          {
            kind: 'note',
            text: contactLine({ email: mailing.settings.shopEmail, phone: mailing.settings.shopPhone }),
          },
        ]
      : [
          {
            kind: 'paragraph',
            text: `${moved ? 'Votre rendez-vous est déplacé' : 'Votre rendez-vous est fixé'} le ${slot} (heure de Paris), au ${[state.requester.street, state.requester.zipCode, state.requester.city].filter(Boolean).join(' ')}.`,
          },
          {
            kind: 'paragraph',
            text: 'Le fichier joint ajoute ce rendez-vous à votre agenda. Merci de le confirmer, ou de nous proposer un autre créneau :',
          },
          { kind: 'action', label: 'Confirmer ou changer de créneau', url: link },
          {
            kind: 'note',
            text: contactLine({ email: mailing.settings.shopEmail, phone: mailing.settings.shopPhone }),
          },
        ],
  });
  await enqueueMail(tx, {
    ...mail,
    dedupeKey: `appointment:${a.id}:${a.sequence}:${method}`,
    kind: cancelled ? 'appointment-cancelled' : 'appointment',
    to: state.requester.email,
    attachments: [
      {
        filename: icsFilename,
        contentType: `text/calendar; method=${method}; charset=UTF-8`,
        content: Buffer.from(icsOf(state, a, method, mailing, new Date(meta.at)), 'utf8'),
      },
    ],
  });
  if (cancelled) return;
  // The reminder the day before; a slot booked after that time gets none (the mail just went).
  const due = reminderDueAt(a.startsAt);
  if (due.getTime() <= Date.parse(meta.at)) return;
  await tx`
    insert into appointment_reminders (appointment_id, starts_at, due_at)
    values (${a.id}, ${a.startsAt}, ${due}) on conflict do nothing`;
}

/** The shop is told when a customer confirms or asks for another slot. */
async function queueShopNotice(
  tx: Tx,
  state: InterventionState,
  appointmentId: string,
  mailing: AppointmentMailing,
) {
  const a = appointmentOf(state, appointmentId);
  const asked = a.status === 'other_slot_asked';
  const mail = renderMail({
    shopName: mailing.settings.shopName,
    subject: asked
      ? `Autre créneau demandé – intervention ${state.number}`
      : `Rendez-vous confirmé par le client – intervention ${state.number}`,
    greeting: null,
    blocks: [
      {
        kind: 'paragraph',
        text: asked
          ? `${state.requester.name} demande un autre créneau que le ${frenchSlot(a)} : « ${a.customerMessage ?? ''} »`
          : `${state.requester.name} confirme le rendez-vous du ${frenchSlot(a)}.`,
      },
      {
        kind: 'action',
        label: 'Ouvrir le planning',
        url: `${mailing.publicUrl.replace(/\/$/, '')}/admin/planning`,
      },
    ],
  });
  await enqueueMail(tx, {
    ...mail,
    dedupeKey: `appointment-answer:${a.id}:${a.sequence}:${a.status}:${state.version}`,
    kind: 'appointment-answer',
    to: mailing.settings.shopEmail,
  });
}

/**
 * One round of the reminders: claims the due rows (`for update skip locked`, so two workers never
 * take the same), queues each mail in the same transaction that marks it sent (and under a dedupe
 * key of the appointment and its start time), so a reminder is queued once whatever runs it. Rows
 * of a moved or cancelled appointment are closed without a mail. Run by the outbox worker's sweep.
 */
export async function sendDueReminders(
  sql: Sql,
  mailing: AppointmentMailing,
  options: { now?: Date; batch?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  return await mailTransaction(sql, async (tx) => {
    const due = await tx<
      { appointmentId: string; startsAt: Date; interventionId: string; current: boolean }[]
    >`
      select r.appointment_id, r.starts_at, a.intervention_id,
             (a.status <> 'cancelled' and a.starts_at = r.starts_at and a.starts_at > ${now}) as current
        from appointment_reminders r join appointments a on a.id = r.appointment_id
       where r.sent_at is null and r.due_at <= ${now}
       order by r.due_at
       limit ${options.batch ?? 50}
       for update of r skip locked`;
    let queued = 0;
    for (const row of due) {
      if (row.current) {
        const state = await interventionState(tx, row.interventionId);
        const a = state && appointmentOf(state, row.appointmentId);
        if (state && a) {
          const mail = renderMail({
            shopName: mailing.settings.shopName,
            subject: `Rappel : rendez-vous demain – intervention ${state.number}`,
            greeting: `Bonjour ${state.requester.name},`,
            blocks: [
              {
                kind: 'paragraph',
                text: `Nous vous rappelons votre rendez-vous du ${frenchSlot(a)} (heure de Paris), au ${[state.requester.street, state.requester.zipCode, state.requester.city].filter(Boolean).join(' ')}.`,
              },
              {
                kind: 'action',
                label: 'Voir mon rendez-vous',
                url: interventionLinkUrl(mailing.publicUrl, mailing.secret, state.id),
              },
              {
                kind: 'note',
                text: contactLine({ email: mailing.settings.shopEmail, phone: mailing.settings.shopPhone }),
              },
            ],
          });
          const sent = await enqueueMail(tx, {
            ...mail,
            dedupeKey: `appointment-reminder:${a.id}:${row.startsAt.toISOString()}`,
            kind: 'appointment-reminder',
            to: state.requester.email,
          });
          if (sent) queued += 1;
        }
      }
      await tx`
        update appointment_reminders set sent_at = ${now}
         where appointment_id = ${row.appointmentId} and starts_at = ${row.startsAt}`;
    }
    return queued;
  });
}

async function interventionState(tx: Tx, id: string) {
  return (await readModelStream(tx, interventionModel, id)).state;
}
