/**
 * The appointment events of an intervention's stream (docs/decisions/036-appointments.md): spread
 * into INTERVENTION_EVENT_SCHEMAS (events.ts), so they are chained, verified and replayed with the
 * rest. Times are UTC instants (ISO); `sequence` is the .ics SEQUENCE the customer's calendar saw.
 */
import { z } from 'zod';

const slot = { startsAt: z.string(), endsAt: z.string() };

export const APPOINTMENT_EVENT_SCHEMAS = {
  AppointmentBooked: z.object({
    appointmentId: z.string(),
    technicianId: z.string(),
    ...slot,
    sequence: z.number().int(),
  }),
  AppointmentMoved: z.object({
    appointmentId: z.string(),
    technicianId: z.string(),
    ...slot,
    sequence: z.number().int(),
  }),
  AppointmentCancelled: z.object({
    appointmentId: z.string(),
    reason: z.string(),
    sequence: z.number().int(),
  }),
  /** The customer confirmed, from the signed link, the slot of this sequence. */
  AppointmentConfirmed: z.object({ appointmentId: z.string(), sequence: z.number().int() }),
  /** The customer asked for another slot, in their own words. */
  AppointmentOtherSlotAsked: z.object({
    appointmentId: z.string(),
    sequence: z.number().int(),
    message: z.string(),
  }),
} as const;

export type AppointmentEventType = keyof typeof APPOINTMENT_EVENT_SCHEMAS;
export type AppointmentEvent = {
  [K in AppointmentEventType]: { type: K; data: z.infer<(typeof APPOINTMENT_EVENT_SCHEMAS)[K]> };
}[AppointmentEventType];

export const isAppointmentEvent = (event: { type: string }): event is AppointmentEvent =>
  Object.hasOwn(APPOINTMENT_EVENT_SCHEMAS, event.type);
