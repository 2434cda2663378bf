/**
 * Appointments (issue 36, point 5; ADR 036) on real PostgreSQL: booking on the intervention's
 * stream, conflicts refused with nothing written, a move raising the .ics SEQUENCE, the reminder
 * sent once even with two workers, the technician who sees only their own, the customer's link.
 */
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisInstant, parisWeek } from '../../src/domain/interventions/appointments.js';
import { parseIcs } from '../../src/domain/interventions/ics.js';
import { DEFAULT_SETTINGS } from '../../src/domain/settings/settings.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import type { Services } from '../../src/server/context.js';
import { type AppointmentMailing, sendDueReminders } from '../../src/server/interventions/appointments.js';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { replayInterventions } from '../../src/server/interventions/replay.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';
import { requestFields } from '../support/interventions.js';

let db: TestDatabase;
let services: Services;
let admin: Awaited<ReturnType<typeof createUser>>;
let tech1: Awaited<ReturnType<typeof createUser>>;
let tech2: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let mailing: AppointmentMailing;

// A Tuesday three weeks ahead, in Paris time.
const tuesday = parisWeek(addDays(new Date().toISOString().slice(0, 10), 21)).days[1]!;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  admin = await createUser(services, { role: 'admin' });
  tech1 = await createUser(services, { role: 'technician', firstName: 'Théo', lastName: 'Martin' });
  tech2 = await createUser(services, { role: 'technician', firstName: 'Inès', lastName: 'Roux' });
  customer = await createUser(services, { email: 'camille@example.fr' });
  mailing = {
    publicUrl: services.config.PUBLIC_URL,
    secret: services.config.AUTH_SECRET,
    settings: DEFAULT_SETTINGS,
  };
});
afterAll(async () => {
  await db.drop();
});

let n = 0;
async function intervention(email = `client${++n}@example.fr`, customerId: string | null = null) {
  const request = {
    ...requestFields(n),
    email,
    urgency: 'semaine' as const,
    message: 'Nid de guêpes',
  };
  const { state } = await openIntervention(db.sql, request, {
    meta: { actor: { kind: 'guest' }, at: new Date().toISOString(), requestId: 't' },
    source: 'form',
    customerId,
  });
  return state!.id;
}

const counts = async () =>
  (
    await db.sql<{ events: number; appointments: number; mails: number; reminders: number }[]>`
      select (select count(*) from events)::int as events, (select count(*) from appointments)::int as appointments,
             (select count(*) from mail_outbox)::int as mails,
             (select count(*) from appointment_reminders)::int as reminders`
  )[0]!;

const icsOf = async (to: string) => {
  const rows = await db.sql<
    { subject: string; attachments: { filename: string; contentType: string; contentBase64: string }[] }[]
  >`
    select subject, attachments from mail_outbox where to_address = ${to} and kind like 'appointment%' order by id`;
  return rows.map((r) => ({
    subject: r.subject,
    ics: parseIcs(Buffer.from(r.attachments[0]!.contentBase64, 'base64').toString('utf8')),
    contentType: r.attachments[0]!.contentType,
  }));
};

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (error) {
    return error instanceof TRPCError ? `${error.code}: ${error.message}` : String(error);
  }
};

let firstId: string;
let firstAppointment: string;

describe('booking', () => {
  it('books Tuesday 9:00 on the stream, mails the customer an .ics and schedules the reminder', async () => {
    firstId = await intervention('camille@example.fr', customer.id);
    const { appointmentId } = await callerAs(services, admin).planning.book({
      interventionId: firstId,
      technicianId: tech1.id,
      day: tuesday,
      time: '09:00',
      durationMinutes: 60,
    });
    firstAppointment = appointmentId;
    const [row] = await db.sql`select * from appointments where id = ${appointmentId}`;
    expect(row).toMatchObject({ technicianId: tech1.id, status: 'planned', sequence: 0 });
    expect((row!.startsAt as Date).toISOString()).toBe(parisInstant(tuesday, '09:00').toISOString());
    const [i] = await db.sql`select status from interventions where id = ${firstId}`;
    expect(i!.status).toBe('scheduled');
    const [event] =
      await db.sql`select type from events where stream_id = ${firstId} order by version desc limit 1`;
    expect(event!.type).toBe('AppointmentBooked');
    const [mail] = await icsOf('camille@example.fr');
    expect(mail!.contentType).toBe('text/calendar; method=REQUEST; charset=UTF-8');
    expect(mail!.ics.props.get('METHOD')).toEqual(['REQUEST']);
    expect(mail!.ics.props.get('SEQUENCE')).toEqual(['0']);
    expect(mail!.ics.props.get('UID')).toEqual([`appointment-${appointmentId}@localhost`]);
    expect(mail!.ics.props.get('DTSTART')![0]).toMatch(/^\d{8}T\d{6}Z$/);
    expect(mail!.subject).toMatch(/^Rendez-vous confirmé le mardi/);
    const [reminder] =
      await db.sql`select due_at from appointment_reminders where appointment_id = ${appointmentId}`;
    expect((reminder!.dueAt as Date).toISOString()).toBe(
      parisInstant(addDays(tuesday, -1), '10:00').toISOString(),
    );
    expect((await verifyDatabase(db.sql, 'audit-test-key-0123456789')).ok).toBe(true);
  });

  it('refuses a slot inside the travel buffer of the technician, in French, and writes nothing', async () => {
    const other = await intervention();
    const before = await counts();
    const result = await codeOf(
      callerAs(services, admin).planning.book({
        interventionId: other,
        technicianId: tech1.id,
        day: tuesday,
        time: '10:15',
        durationMinutes: 60,
      }),
    );
    expect(result).toMatch(/^CONFLICT: Ce créneau chevauche un autre rendez-vous du technicien \(INT-/);
    expect(await counts()).toEqual(before);
    // Another technician is free then; 10:30 is free for the first one (30 minutes after 10:00).
    await callerAs(services, admin).planning.book({
      interventionId: other,
      technicianId: tech2.id,
      day: tuesday,
      time: '10:15',
      durationMinutes: 60,
    });
  });

  it('lets only one of six simultaneous bookings of the same slot through', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await intervention());
    const book = (id: string) =>
      codeOf(
        callerAs(services, admin).planning.book({
          interventionId: id,
          technicianId: tech1.id,
          day: tuesday,
          time: '14:00',
          durationMinutes: 90,
        }),
      );
    const results = await Promise.all(ids.map(book));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r.startsWith('CONFLICT'))).toHaveLength(5);
  });

  it('a move raises the SEQUENCE of the same UID and reschedules the reminder', async () => {
    await callerAs(services, admin).planning.move({
      interventionId: firstId,
      appointmentId: firstAppointment,
      technicianId: tech1.id,
      day: addDays(tuesday, 1),
      time: '09:00',
      durationMinutes: 60,
    });
    const mails = await icsOf('camille@example.fr');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.ics.props.get('SEQUENCE')).toEqual(['1']);
    expect(mails[1]!.ics.props.get('UID')).toEqual(mails[0]!.ics.props.get('UID'));
    expect(mails[1]!.subject).toMatch(/^Rendez-vous déplacé au mercredi/);
    const [row] = await db.sql`select sequence from appointments where id = ${firstAppointment}`;
    expect(row!.sequence).toBe(1);
    expect(
      await db.sql`select 1 from appointment_reminders where appointment_id = ${firstAppointment}`,
    ).toHaveLength(2);
  });

  it('refuses an unknown technician and a time that does not exist (DST)', async () => {
    const id = await intervention();
    expect(
      await codeOf(
        callerAs(services, admin).planning.book({
          interventionId: id,
          technicianId: customer.id,
          day: tuesday,
          time: '08:00',
          durationMinutes: 60,
        }),
      ),
    ).toBe('BAD_REQUEST: Choisissez un technicien de l’équipe.');
  });
});

describe('reminders', () => {
  it('are sent once even when two workers run at the due time, never for the moved-away slot', async () => {
    const dueNow = new Date(parisInstant(addDays(tuesday, 1), '08:00').getTime() - 3_600_000);
    const [a, b] = await Promise.all([
      sendDueReminders(db.sql, mailing, { now: dueNow }),
      sendDueReminders(db.sql, mailing, { now: dueNow }),
    ]);
    const sent = await db.sql`
      select subject from mail_outbox where kind = 'appointment-reminder' and to_address = 'camille@example.fr'`;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Rappel : rendez-vous demain/);
    expect(a + b).toBeGreaterThanOrEqual(1);
    // Again later: nothing more for anyone.
    const before = (
      await db.sql`select count(*)::int as n from mail_outbox where kind = 'appointment-reminder'`
    )[0]!.n;
    await sendDueReminders(db.sql, mailing, { now: dueNow });
    const after = (
      await db.sql`select count(*)::int as n from mail_outbox where kind = 'appointment-reminder'`
    )[0]!.n;
    expect(after).toBe(before);
  });
});

describe('the technician', () => {
  it('sees their own week only; another technician is refused theirs and their interventions', async () => {
    const mine = await callerAs(services, tech1).planning.week({ day: tuesday, technicianId: null });
    expect(mine.technicians.map((t) => t.id)).toEqual([tech1.id]);
    expect(mine.appointments.every((a) => a.technicianId === tech1.id)).toBe(true);
    expect(mine.appointments.length).toBeGreaterThan(0);
    expect(
      await codeOf(callerAs(services, tech2).planning.week({ day: tuesday, technicianId: tech1.id })),
    ).toBe('FORBIDDEN: Vous ne voyez que votre propre planning.');
    expect(await codeOf(callerAs(services, tech2).planning.intervention({ id: firstId }))).toBe(
      'NOT_FOUND: Intervention introuvable.',
    );
    await expect(callerAs(services, tech1).planning.intervention({ id: firstId })).resolves.toMatchObject({
      id: firstId,
    });
  });

  it('is refused every other back-office procedure and every change', async () => {
    const t = callerAs(services, tech1);
    for (const call of [
      t.interventions.list({}),
      t.interventions.counts(),
      t.orders.list({}),
      t.planning.technicians(),
      t.planning.book({
        interventionId: firstId,
        technicianId: tech1.id,
        day: tuesday,
        time: '17:00',
        durationMinutes: 30,
      }),
      t.planning.cancel({ interventionId: firstId, appointmentId: firstAppointment, reason: 'x' }),
    ])
      expect(await codeOf(call as Promise<unknown>)).toMatch(/^FORBIDDEN: /);
  });
});

describe('the customer', () => {
  it('sees the appointment in /compte and on the signed link, and confirms it', async () => {
    const mine = await callerAs(services, customer).planning.mine();
    expect(mine).toHaveLength(1);
    const { token, sequence, id } = mine[0]!;
    const page = await callerAs(services, null).planning.byToken({ token });
    expect(page.appointments.map((a) => a.id)).toEqual([id]);
    expect(
      await codeOf(
        callerAs(services, null).planning.confirm({ token, appointmentId: id, sequence: sequence - 1 }),
      ),
    ).toMatch(/^CONFLICT: Ce rendez-vous a changé/);
    await callerAs(services, null).planning.confirm({ token, appointmentId: id, sequence });
    const [row] = await db.sql`select status from appointments where id = ${id}`;
    expect(row!.status).toBe('confirmed');
    expect(
      await codeOf(callerAs(services, null).planning.byToken({ token: `${token.slice(0, -2)}AA` })),
    ).toBe('NOT_FOUND: Ce lien de rendez-vous est invalide ou a expiré.');
  });

  it('sees a guest request of their email in /compte only once that email is verified', async () => {
    const id = await intervention('invite@example.fr');
    await callerAs(services, admin).planning.book({
      interventionId: id,
      technicianId: tech2.id,
      day: addDays(tuesday, 2),
      time: '09:00',
      durationMinutes: 60,
    });
    const guest = await createUser(services, { email: 'invite@example.fr' });
    expect(await callerAs(services, guest).planning.mine()).toEqual([]);
    await db.sql`update users set email_verified = true where id = ${guest.id}`;
    expect((await callerAs(services, guest).planning.mine()).map((a) => a.interventionNumber)).toHaveLength(
      1,
    );
  });

  it('the replay rebuilds the same read tables, and repairs a tampered appointment', async () => {
    expect((await replayInterventions(db.sql)).differences).toEqual([]);
    await db.sql`update appointments set starts_at = starts_at - interval '1 hour' where id = ${firstAppointment}`;
    expect((await replayInterventions(db.sql)).differences).toEqual([
      { id: firstAppointment, kind: 'changed', columns: ['starts_at'], table: 'appointments' },
    ]);
    await replayInterventions(db.sql, { apply: true });
    expect((await replayInterventions(db.sql)).differences).toEqual([]);
  });
});
