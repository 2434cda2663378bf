/**
 * Reading appointments: the back-office's week calendar (all technicians for the owner, their own
 * for a technician), a technician's view of one of their interventions, and the customer's upcoming
 * appointments (/compte and the signed link). One query per screen (the week of 5 technicians and
 * 200 appointments: bench/calendar.ts).
 */
import { DomainError } from '../../domain/errors.js';
import type { AppointmentStatus } from '../../domain/interventions/appointments.js';
import { parisWeek } from '../../domain/interventions/appointments.js';
import { interventionNotFound } from '../../domain/interventions/decider.js';
import { toId } from '../../domain/security/ids.js';
import type { Tx } from '../db/client.js';
import { invalidLink } from './appointments.js';
import { interventionIdFromToken, interventionToken, ofAccount } from './intervention-link.js';

export interface CalendarAppointment {
  id: string;
  interventionId: string;
  interventionNumber: string;
  technicianId: string;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  sequence: number;
  service: string;
  urgency: string;
  name: string;
  phone: string;
  street: string;
  zipCode: string;
  city: string;
  customerMessage: string | null;
}

/** Who reads the calendar: the owner (any technician, or all) or a technician (themselves only). */
export type Viewer = { role: 'admin' } | { role: 'technician'; userId: string };

export const notYourPlanning = () =>
  new DomainError('forbidden', 'NOT_YOUR_PLANNING', 'Vous ne voyez que votre propre planning.');

/** The technicians a viewer may see: a technician asking for another's week is refused. */
function scope(viewer: Viewer, technicianId: string | null): string | null {
  if (viewer.role === 'admin') return technicianId;
  if (technicianId && technicianId !== viewer.userId) throw notYourPlanning();
  return viewer.userId;
}

export async function planningWeek(
  sql: Tx,
  viewer: Viewer,
  input: { day: string; technicianId: string | null },
) {
  const week = parisWeek(input.day);
  const technicianId = scope(viewer, input.technicianId);
  const [technicians, appointments] = await Promise.all([
    sql<{ id: string; name: string }[]>`
      select u.id, u.name from profiles p join users u on u.id = p.id
       where p.role = 'technician' ${technicianId ? sql`and u.id = ${technicianId}` : sql``}
       order by u.name, u.id`,
    sql<(Omit<CalendarAppointment, 'startsAt' | 'endsAt'> & { startsAt: Date; endsAt: Date })[]>`
      select a.id, a.intervention_id, i.number as intervention_number, a.technician_id, a.starts_at,
             a.ends_at, a.status, a.sequence, i.service, i.urgency, i.name, i.phone, i.street, i.zip_code,
             i.city, a.customer_message
        from appointments a join interventions i on i.id = a.intervention_id
       where a.status <> 'cancelled'
         and a.starts_at < ${week.to} and a.ends_at > ${week.from}
         ${technicianId ? sql`and a.technician_id = ${technicianId}` : sql``}
       order by a.starts_at, a.id`,
  ]);
  return {
    monday: week.monday,
    days: week.days,
    from: week.from.toISOString(),
    to: week.to.toISOString(),
    technicians,
    appointments: appointments.map(
      (a): CalendarAppointment => ({
        ...a,
        startsAt: a.startsAt.toISOString(),
        endsAt: a.endsAt.toISOString(),
      }),
    ),
  };
}

/**
 * One intervention as its technician reads it (address, phone, request, their appointments on it).
 * A technician with no appointment on it is answered « Intervention introuvable » (NOT_FOUND): they
 * learn nothing of the others' work, not even that it exists.
 */
export async function technicianIntervention(sql: Tx, viewer: Viewer, id: string) {
  const valid = toId(id);
  if (!valid) throw interventionNotFound();
  const [row] = await sql<
    {
      id: string;
      number: string;
      service: string;
      siteType: string;
      urgency: string;
      name: string;
      phone: string;
      street: string;
      zipCode: string;
      city: string;
      message: string;
    }[]
  >`
    select i.id, i.number, i.service, i.site_type, i.urgency, i.name, i.phone, i.street, i.zip_code, i.city, i.message
      from interventions i
     where i.id = ${valid}
       ${
         viewer.role === 'technician'
           ? sql`and exists (select 1 from appointments a where a.intervention_id = i.id
                                and a.technician_id = ${viewer.userId})`
           : sql``
       }`;
  if (!row) throw interventionNotFound();
  const appointments = await sql<{ id: string; startsAt: Date; endsAt: Date; status: AppointmentStatus }[]>`
    select id, starts_at, ends_at, status from appointments
     where intervention_id = ${valid}
       ${viewer.role === 'technician' ? sql`and technician_id = ${viewer.userId}` : sql``}
     order by starts_at`;
  return {
    ...row,
    appointments: appointments.map((a) => ({
      ...a,
      startsAt: a.startsAt.toISOString(),
      endsAt: a.endsAt.toISOString(),
    })),
  };
}

export interface CustomerAppointment {
  id: string;
  interventionNumber: string;
  service: string;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  sequence: number;
  address: string;
  /** The intervention's signed page (/rendez-vous/{token}), where the customer answers. */
  token: string;
}

const customerRows = (sql: Tx, where: ReturnType<Tx>, now: Date) => sql<
  {
    id: string;
    interventionId: string;
    interventionNumber: string;
    service: string;
    startsAt: Date;
    endsAt: Date;
    status: AppointmentStatus;
    sequence: number;
    street: string;
    zipCode: string;
    city: string;
  }[]
>`
  select a.id, a.intervention_id, i.number as intervention_number, i.service, a.starts_at, a.ends_at,
         a.status, a.sequence, i.street, i.zip_code, i.city
    from appointments a join interventions i on i.id = a.intervention_id
   where a.status <> 'cancelled' and a.ends_at > ${now} and ${where}
   order by a.starts_at`;

const toCustomer =
  (secret: string) =>
  (r: Awaited<ReturnType<typeof customerRows>>[number]): CustomerAppointment => ({
    id: r.id,
    interventionNumber: r.interventionNumber,
    service: r.service,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    status: r.status,
    sequence: r.sequence,
    address: [r.street, `${r.zipCode} ${r.city}`.trim()].filter(Boolean).join(', '),
    token: interventionToken(secret, r.interventionId),
  });

/**
 * /compte: the upcoming appointments of the account's interventions: those it requested, and once
 * its email is proven (verified), those requested with that email as a guest (as the personal-data
 * export reads them).
 */
export async function myAppointments(sql: Tx, secret: string, user: { id: string; email: string }) {
  const rows = await customerRows(sql, ofAccount(sql, user), new Date());
  return rows.map(toCustomer(secret));
}

/** The signed link's page: the intervention and its upcoming appointments, no account needed. */
export async function appointmentsByToken(sql: Tx, secret: string, token: string) {
  const id = interventionIdFromToken(secret, token);
  if (!id) throw invalidLink();
  const [intervention] = await sql<{ number: string; service: string; name: string }[]>`
    select number, service, name from interventions where id = ${id}`;
  if (!intervention) throw invalidLink();
  const rows = await customerRows(sql, sql`a.intervention_id = ${id}`, new Date());
  return { ...intervention, appointments: rows.map(toCustomer(secret)) };
}
