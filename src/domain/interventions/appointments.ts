/**
 * Appointments (issue 36, point 5; docs/decisions/036-appointments.md): pure rules of the calendar.
 * Times are UTC instants everywhere they are stored; a person reads and types them in Paris time
 * (the shop's clock, site/time-zone.ts). A technician's two visits must leave the travel buffer
 * between them (a setting, migration 0115, 30 minutes by default).
 */
import { addDays } from '../dashboard/periods.js';
import { DomainError } from '../errors.js';
import { frenchDay, frenchWeekdayDate, parisDay } from '../site/dates.js';
import { parisWallTime } from '../site/wall-time.js';

export { parisWallTime };

export const DEFAULT_TRAVEL_BUFFER_MINUTES = 30;
export const TRAVEL_BUFFER_MAX = 240;
/** A slot's length: quarter hours, from 15 minutes to 12 hours. */
export const DURATION_STEP_MINUTES = 15;
export const DURATION_MAX_MINUTES = 12 * 60;
export const CANCEL_REASON_MAX = 500;
export const CUSTOMER_MESSAGE_MAX = 1000;

export const APPOINTMENT_STATUSES = ['planned', 'confirmed', 'other_slot_asked', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  planned: 'Planifié',
  confirmed: 'Confirmé par le client',
  other_slot_asked: 'Autre créneau demandé',
  cancelled: 'Annulé',
};

/** An appointment still holds its technician's time (a cancelled one frees it). */
export const isActiveAppointment = (status: AppointmentStatus) => status !== 'cancelled';

export interface Slot {
  startsAt: string;
  endsAt: string;
}

export interface BusySlot extends Slot {
  appointmentId: string;
  interventionNumber?: string;
}

const invalid = (code: string, message: string) => new DomainError('invalid', code, message);

/**
 * True when two slots of one technician are closer than the travel buffer: each needs `buffer`
 * minutes free after it before the next may start. Touching slots with a zero buffer do not overlap.
 */
export function slotsConflict(a: Slot, b: Slot, bufferMinutes: number): boolean {
  const buffer = bufferMinutes * 60_000;
  const aStart = Date.parse(a.startsAt);
  const aEnd = Date.parse(a.endsAt);
  const bStart = Date.parse(b.startsAt);
  const bEnd = Date.parse(b.endsAt);
  return aStart < bEnd + buffer && bStart < aEnd + buffer;
}

/** The first of `busy` (the technician's other appointments) the slot conflicts with, if any. */
export function findConflict(
  slot: Slot,
  busy: readonly BusySlot[],
  bufferMinutes: number,
  ignoreId?: string,
): BusySlot | null {
  return busy.find((b) => b.appointmentId !== ignoreId && slotsConflict(slot, b, bufferMinutes)) ?? null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The UTC instant of a Paris wall time. On the night clocks go forward (last Sunday of March,
 * 02:00-02:59 does not exist) the time is refused; on the night they go back (last Sunday of
 * October, 02:00-02:59 happens twice) the first one (summer time) is taken.
 */
export function parisInstant(day: string, time: string): Date {
  const d = DAY.exec(day);
  const t = TIME.exec(time);
  if (!d || !t) throw invalid('SLOT_INVALID', 'Date ou heure invalide.');
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // Paris is UTC+1 or UTC+2: try summer time first (the earlier instant), then winter time.
  for (const offsetHours of [2, 1]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000);
    const wall = parisWallTime(candidate);
    if (wall.day === day && wall.time === time) return candidate;
  }
  throw invalid(
    'SLOT_NONEXISTENT_TIME',
    `L’heure ${time} n’existe pas le ${frenchDay(day)} (passage à l’heure d’été) : choisissez une autre heure.`,
  );
}

/** 'YYYY-MM-DD' plus n days: the calendar's one rule (dashboard/periods.ts), for the planning's callers. */
export { addDays };

/** The Monday of the Paris week holding `day` ('YYYY-MM-DD'). */
export function mondayOf(day: string): string {
  const d = DAY.exec(day);
  if (!d) throw invalid('DAY_INVALID', 'Date invalide.');
  const weekday = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]))).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The Paris week (Monday 00:00 to the next Monday 00:00, Paris time) holding `day`, as UTC
 * instants [from, to): 167 or 169 hours long on the weeks the clocks change.
 */
export function parisWeek(day: string): { monday: string; days: string[]; from: Date; to: Date } {
  const monday = mondayOf(day);
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  return { monday, days, from: parisInstant(monday, '00:00'), to: parisInstant(addDays(monday, 7), '00:00') };
}

/** The Paris week holding an instant. */
export const parisWeekOf = (at: Date) => parisWeek(parisDay(at));

/**
 * A slot typed by a person (a Paris day, a start time, a duration in minutes) as UTC instants,
 * checked: quarter hours, at most 12 hours, not in the past.
 */
export function slotFromParis(
  input: { day: string; time: string; durationMinutes: number },
  now: Date,
): Slot {
  const { durationMinutes } = input;
  if (
    !Number.isInteger(durationMinutes) ||
    durationMinutes < DURATION_STEP_MINUTES ||
    durationMinutes > DURATION_MAX_MINUTES ||
    durationMinutes % DURATION_STEP_MINUTES !== 0
  )
    throw invalid(
      'SLOT_DURATION_INVALID',
      `La durée se compte par quarts d’heure, de ${DURATION_STEP_MINUTES} minutes à ${DURATION_MAX_MINUTES / 60} heures.`,
    );
  const start = parisInstant(input.day, input.time);
  if (start.getTime() < now.getTime())
    throw invalid('SLOT_IN_PAST', 'Ce créneau est déjà passé : choisissez une date à venir.');
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return { startsAt: start.toISOString(), endsAt: end.toISOString() };
}

/** « mardi 1 décembre 2026 de 09:00 à 11:00 », in Paris time (mails, pages). */
export function frenchSlot(slot: Slot): string {
  const start = parisWallTime(slot.startsAt);
  const end = parisWallTime(slot.endsAt);
  const day = frenchWeekdayDate(start.day);
  return end.day === start.day
    ? `${day} de ${start.time} à ${end.time}`
    : `${day} à ${start.time} (fin le ${frenchWeekdayDate(end.day)} à ${end.time})`;
}

/**
 * When the reminder of an appointment is due: 10:00 Paris time the day before (the schedule is a
 * row in PostgreSQL, migration 0115, claimed by the outbox worker's sweep).
 */
export const reminderDueAt = (startsAt: string): Date =>
  parisInstant(addDays(parisWallTime(startsAt).day, -1), '10:00');

export const checkTravelBuffer = (minutes: number) => {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > TRAVEL_BUFFER_MAX)
    throw invalid(
      'TRAVEL_BUFFER_INVALID',
      `Le temps de trajet se compte en minutes, de 0 à ${TRAVEL_BUFFER_MAX}.`,
    );
  return minutes;
};
