/**
 * The appointment half of the intervention decider (docs/decisions/036-appointments.md): decide
 * and fold the appointment events of one intervention's stream. decider.ts delegates here. The
 * technician's other appointments (other streams) come in the command as `busy`, read by the server
 * under a per-technician lock; the decider adds this stream's own and refuses any conflict.
 */
import { DomainError } from '../errors.js';
import type { AppointmentEvent } from './appointment-events.js';
import {
  type AppointmentStatus,
  type BusySlot,
  CANCEL_REASON_MAX,
  CUSTOMER_MESSAGE_MAX,
  findConflict,
  frenchSlot,
  isActiveAppointment,
  type Slot,
} from './appointments.js';
import { type InterventionStatus, stageAfter } from './pipeline.js';

export interface AppointmentState {
  id: string;
  technicianId: string;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  /** The .ics SEQUENCE: 0 when booked, raised by each move and by the cancellation. */
  sequence: number;
  cancelReason: string | null;
  customerMessage: string | null;
  bookedAt: string;
  updatedAt: string;
}

/** What the appointment fold reads and writes of an intervention's state. */
export interface WithAppointments {
  number: string;
  status: InterventionStatus;
  appointments: AppointmentState[];
  /** The stage before « Planifié » (where cancelling the last appointment goes back to). */
  statusBeforeScheduled: InterventionStatus | null;
  /** The stage « Perdu » covers (a cancellation appended while lost, before ADR 049, moved it). */
  statusBeforeLost: InterventionStatus | null;
  /** Anticoagulant episodes (visit-decider.ts): an open one takes inspections after « Réalisé ». */
  rodenticideEpisodes: readonly { closedOn: string | null }[];
}

interface Placement {
  appointmentId: string;
  technicianId: string;
  slot: Slot;
  /** The technician's appointments on other interventions around the slot. */
  busy: BusySlot[];
  bufferMinutes: number;
}

export type AppointmentCommand =
  | ({ type: 'BookAppointment' } & Placement)
  | ({ type: 'MoveAppointment' } & Placement)
  | { type: 'CancelAppointment'; appointmentId: string; reason: string }
  | { type: 'ConfirmAppointment'; appointmentId: string; sequence: number }
  | { type: 'AskOtherSlot'; appointmentId: string; sequence: number; message: string };

export const APPOINTMENT_COMMANDS = [
  'BookAppointment',
  'MoveAppointment',
  'CancelAppointment',
  'ConfirmAppointment',
  'AskOtherSlot',
] as const;
export const isAppointmentCommand = (command: { type: string }): command is AppointmentCommand =>
  (APPOINTMENT_COMMANDS as readonly string[]).includes(command.type);

const invalid = (code: string, message: string) => new DomainError('invalid', code, message);
export const appointmentNotFound = () =>
  new DomainError('not_found', 'APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable.');

/**
 * Stages that take no new appointment. A realised or invoiced intervention still takes the
 * inspections of its open anticoagulant episode (ADR 037: the owner books the proposed days).
 */
const CLOSED: readonly InterventionStatus[] = ['lost', 'done', 'invoiced'];
const closedTo = (state: WithAppointments) =>
  state.status === 'lost' ||
  (CLOSED.includes(state.status) && !state.rodenticideEpisodes.some((e) => e.closedOn === null));

function checkPlacement(state: WithAppointments, p: Placement, ignoreId?: string) {
  const own: BusySlot[] = state.appointments
    .filter((a) => isActiveAppointment(a.status) && a.technicianId === p.technicianId)
    .map((a) => ({
      appointmentId: a.id,
      startsAt: a.startsAt,
      endsAt: a.endsAt,
      interventionNumber: state.number,
    }));
  const conflict = findConflict(p.slot, [...own, ...p.busy], p.bufferMinutes, ignoreId);
  if (conflict) {
    const which = conflict.interventionNumber ? ` (${conflict.interventionNumber})` : '';
    throw new DomainError(
      'conflict',
      'APPOINTMENT_CONFLICT',
      `Ce créneau chevauche un autre rendez-vous du technicien${which}, le ${frenchSlot(conflict)}, trajet de ${p.bufferMinutes} minutes compris. Choisissez un autre horaire.`,
    );
  }
}

function activeAppointment(state: WithAppointments, id: string): AppointmentState {
  const appointment = state.appointments.find((a) => a.id === id);
  if (!appointment) throw appointmentNotFound();
  if (!isActiveAppointment(appointment.status))
    throw invalid('APPOINTMENT_CANCELLED', 'Ce rendez-vous a été annulé.');
  return appointment;
}

function checkSequence(appointment: AppointmentState, sequence: number) {
  if (sequence !== appointment.sequence)
    throw new DomainError(
      'conflict',
      'APPOINTMENT_CHANGED',
      `Ce rendez-vous a changé depuis ce message : il est maintenant prévu le ${frenchSlot(appointment)}.`,
    );
}

export function decideAppointment(command: AppointmentCommand, state: WithAppointments): AppointmentEvent[] {
  switch (command.type) {
    case 'BookAppointment': {
      if (closedTo(state))
        throw invalid(
          'INTERVENTION_CLOSED',
          'Cette intervention est close : elle ne reçoit plus de rendez-vous.',
        );
      if (state.appointments.some((a) => a.id === command.appointmentId))
        throw new DomainError('conflict', 'APPOINTMENT_EXISTS', 'Ce rendez-vous existe déjà.');
      checkPlacement(state, command);
      return [
        {
          type: 'AppointmentBooked',
          data: {
            appointmentId: command.appointmentId,
            technicianId: command.technicianId,
            ...command.slot,
            sequence: 0,
          },
        },
      ];
    }
    case 'MoveAppointment': {
      const appointment = activeAppointment(state, command.appointmentId);
      if (
        appointment.startsAt === command.slot.startsAt &&
        appointment.endsAt === command.slot.endsAt &&
        appointment.technicianId === command.technicianId
      )
        throw invalid('APPOINTMENT_UNCHANGED', 'Le rendez-vous est déjà à ce créneau.');
      checkPlacement(state, command, appointment.id);
      return [
        {
          type: 'AppointmentMoved',
          data: {
            appointmentId: appointment.id,
            technicianId: command.technicianId,
            ...command.slot,
            sequence: appointment.sequence + 1,
          },
        },
      ];
    }
    case 'CancelAppointment': {
      const appointment = activeAppointment(state, command.appointmentId);
      const reason = command.reason.trim();
      if (!reason) throw invalid('CANCEL_REASON_REQUIRED', 'Indiquez pourquoi le rendez-vous est annulé.');
      if (reason.length > CANCEL_REASON_MAX)
        throw invalid(
          'CANCEL_REASON_TOO_LONG',
          `Le motif ne doit pas dépasser ${CANCEL_REASON_MAX} caractères.`,
        );
      return [
        {
          type: 'AppointmentCancelled',
          data: { appointmentId: appointment.id, reason, sequence: appointment.sequence + 1 },
        },
      ];
    }
    case 'ConfirmAppointment': {
      const appointment = activeAppointment(state, command.appointmentId);
      checkSequence(appointment, command.sequence);
      // Confirming twice (a second click, a reload) records nothing more.
      if (appointment.status === 'confirmed') return [];
      return [
        {
          type: 'AppointmentConfirmed',
          data: { appointmentId: appointment.id, sequence: appointment.sequence },
        },
      ];
    }
    case 'AskOtherSlot': {
      const appointment = activeAppointment(state, command.appointmentId);
      checkSequence(appointment, command.sequence);
      const message = command.message.trim();
      if (!message)
        throw invalid('OTHER_SLOT_MESSAGE_REQUIRED', 'Indiquez les jours et heures qui vous conviendraient.');
      if (message.length > CUSTOMER_MESSAGE_MAX)
        throw invalid(
          'OTHER_SLOT_MESSAGE_TOO_LONG',
          `Le message ne doit pas dépasser ${CUSTOMER_MESSAGE_MAX} caractères.`,
        );
      return [
        {
          type: 'AppointmentOtherSlotAsked',
          data: { appointmentId: appointment.id, sequence: appointment.sequence, message },
        },
      ];
    }
  }
}

export function evolveAppointment<S extends WithAppointments>(
  state: S,
  event: AppointmentEvent,
  at: string,
): S {
  const d = event.data;
  const update = (patch: Partial<AppointmentState>) =>
    state.appointments.map((a) => (a.id === d.appointmentId ? { ...a, ...patch, updatedAt: at } : a));
  switch (event.type) {
    case 'AppointmentBooked': {
      // A first booking moves to « Planifié » (any open stage, ADR 036); « Réalisé » stays.
      return {
        ...state,
        ...stageAfter(state, 'booked'),
        appointments: [
          ...state.appointments,
          {
            id: event.data.appointmentId,
            technicianId: event.data.technicianId,
            startsAt: event.data.startsAt,
            endsAt: event.data.endsAt,
            status: 'planned',
            sequence: event.data.sequence,
            cancelReason: null,
            customerMessage: null,
            bookedAt: at,
            updatedAt: at,
          },
        ],
      };
    }
    case 'AppointmentMoved':
      return {
        ...state,
        appointments: update({
          technicianId: event.data.technicianId,
          startsAt: event.data.startsAt,
          endsAt: event.data.endsAt,
          sequence: event.data.sequence,
          status: 'planned',
        }),
      };
    case 'AppointmentCancelled': {
      const appointments = update({
        status: 'cancelled',
        sequence: event.data.sequence,
        cancelReason: event.data.reason,
      });
      const last = !appointments.some((a) => isActiveAppointment(a.status));
      return { ...state, appointments, ...(last ? stageAfter(state, 'last_cancelled') : {}) };
    }
    case 'AppointmentConfirmed':
      return { ...state, appointments: update({ status: 'confirmed' }) };
    case 'AppointmentOtherSlotAsked':
      return {
        ...state,
        appointments: update({ status: 'other_slot_asked', customerMessage: event.data.message }),
      };
  }
}
