/**
 * The `appointments` read table (migration 0115): one row per appointment of an intervention's
 * folded state, written in the append's transaction (model.ts) and by the replay.
 */
import type { InterventionState } from '../../domain/interventions/decider.js';
import type { Tx } from '../db/client.js';

export const appointmentRows = (s: InterventionState) =>
  s.appointments.map((a) => {
    const visit = s.visits.find((v) => v.appointmentId === a.id);
    return {
      id: a.id,
      intervention_id: s.id,
      technician_id: a.technicianId,
      starts_at: a.startsAt,
      ends_at: a.endsAt,
      status: a.status,
      sequence: a.sequence,
      cancel_reason: a.cancelReason,
      customer_message: a.customerMessage,
      booked_at: a.bookedAt,
      updated_at: a.updatedAt,
      departed_at: visit?.departedAt ?? null,
      arrived_at: visit?.arrivedAt ?? null,
      finished_at: visit?.finishedAt ?? null,
    };
  });

export const APPOINTMENT_COLUMNS = [
  'id',
  'intervention_id',
  'technician_id',
  'starts_at',
  'ends_at',
  'status',
  'sequence',
  'cancel_reason',
  'customer_message',
  'booked_at',
  'updated_at',
  'departed_at',
  'arrived_at',
  'finished_at',
] as const;

/** Upserts the state's appointments (none: no statement). */
export async function upsertAppointments(tx: Tx, s: InterventionState): Promise<void> {
  const rows = appointmentRows(s);
  if (rows.length === 0) return;
  await tx`
    insert into appointments ${tx(rows as never, APPOINTMENT_COLUMNS)}
    on conflict (id) do update set ${tx.unsafe(
      APPOINTMENT_COLUMNS.filter((c) => c !== 'id')
        .map((c) => `${c} = excluded.${c}`)
        .join(', '),
    )}`;
}
