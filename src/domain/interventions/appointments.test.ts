import { describe, expect, it } from 'vitest';
import { decideAppointment, evolveAppointment, type WithAppointments } from './appointment-decider.js';
import {
  findConflict,
  mondayOf,
  parisInstant,
  parisWallTime,
  parisWeek,
  reminderDueAt,
  slotFromParis,
  slotsConflict,
} from './appointments.js';
import { appointmentIcs, foldLine, parseIcs } from './ics.js';

const slot = (startsAt: string, endsAt: string) => ({ startsAt, endsAt });

describe('overlap and travel buffer', () => {
  const nine = slot('2026-12-01T08:00:00.000Z', '2026-12-01T09:00:00.000Z');
  it('refuses a slot starting less than the buffer after another ends', () => {
    expect(slotsConflict(nine, slot('2026-12-01T09:29:00.000Z', '2026-12-01T10:00:00.000Z'), 30)).toBe(true);
    expect(slotsConflict(nine, slot('2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z'), 30)).toBe(false);
  });
  it('applies the buffer before a slot too (the next visit needs its travel)', () => {
    expect(slotsConflict(nine, slot('2026-12-01T07:00:00.000Z', '2026-12-01T07:45:00.000Z'), 30)).toBe(true);
    expect(slotsConflict(nine, slot('2026-12-01T07:00:00.000Z', '2026-12-01T07:30:00.000Z'), 30)).toBe(false);
  });
  it('lets touching slots pass with no buffer, never overlapping ones', () => {
    expect(slotsConflict(nine, slot('2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z'), 0)).toBe(false);
    expect(slotsConflict(nine, slot('2026-12-01T08:30:00.000Z', '2026-12-01T08:45:00.000Z'), 0)).toBe(true);
  });
  it('ignores the appointment being moved', () => {
    const busy = [{ appointmentId: 'a', ...nine }];
    expect(findConflict(nine, busy, 30, 'a')).toBeNull();
    expect(findConflict(nine, busy, 30)?.appointmentId).toBe('a');
  });
});

describe('Paris weeks and DST', () => {
  it('gives Monday to Sunday of the Paris week, as UTC instants', () => {
    const w = parisWeek('2026-12-03');
    expect(w.monday).toBe('2026-11-30');
    expect(w.days).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(w.from.toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(w.to.toISOString()).toBe('2026-12-06T23:00:00.000Z');
    expect(mondayOf('2026-12-06')).toBe('2026-11-30');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
  });
  it('the week of the last Sunday of March is 167 hours, of October 169', () => {
    const march = parisWeek('2026-03-29');
    expect(march.from.toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(march.to.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect((march.to.getTime() - march.from.getTime()) / 3_600_000).toBe(167);
    const october = parisWeek('2026-10-25');
    expect(october.from.toISOString()).toBe('2026-10-18T22:00:00.000Z');
    expect(october.to.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect((october.to.getTime() - october.from.getTime()) / 3_600_000).toBe(169);
  });
  it('stores 9:00 Paris as 08:00Z in winter and 07:00Z in summer, around both changes', () => {
    expect(parisInstant('2026-03-28', '09:00').toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(parisInstant('2026-03-29', '09:00').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(parisInstant('2026-10-24', '09:00').toISOString()).toBe('2026-10-24T07:00:00.000Z');
    expect(parisInstant('2026-10-25', '09:00').toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(parisWallTime('2026-10-25T08:00:00.000Z')).toEqual({ day: '2026-10-25', time: '09:00' });
  });
  it('refuses 02:30 on the last Sunday of March, takes the first 02:30 in October', () => {
    expect(() => parisInstant('2026-03-29', '02:30')).toThrow(/n’existe pas/);
    expect(parisInstant('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
  it('a two-hour slot across the October change lasts two real hours', () => {
    const s = slotFromParis(
      { day: '2026-10-25', time: '01:30', durationMinutes: 120 },
      new Date('2026-01-01'),
    );
    expect(Date.parse(s.endsAt) - Date.parse(s.startsAt)).toBe(2 * 3_600_000);
    expect(parisWallTime(s.endsAt).time).toBe('02:30');
  });
  it('dates the reminder 10:00 Paris the day before, across the March change', () => {
    expect(reminderDueAt('2026-03-30T07:00:00.000Z').toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(reminderDueAt('2026-12-01T08:00:00.000Z').toISOString()).toBe('2026-11-30T09:00:00.000Z');
  });
  it('refuses past slots and durations off the quarter hour', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(() => slotFromParis({ day: '2026-12-01', time: '09:00', durationMinutes: 60 }, now)).toThrow(
      /passé/,
    );
    expect(() => slotFromParis({ day: '2026-12-02', time: '09:00', durationMinutes: 50 }, now)).toThrow(
      /quarts d’heure/,
    );
  });
});

const base = (): WithAppointments => ({
  number: 'INT-2026-000001',
  status: 'requested',
  appointments: [],
  statusBeforeScheduled: null,
  statusBeforeLost: null,
  rodenticideEpisodes: [],
});
const place = (id: string, s: { startsAt: string; endsAt: string }) => ({
  appointmentId: id,
  technicianId: 't1',
  slot: s,
  busy: [],
  bufferMinutes: 30,
});

describe('the appointment decider', () => {
  const tue = slot('2026-12-01T08:00:00.000Z', '2026-12-01T10:00:00.000Z');
  const booked = evolveAppointment(
    base(),
    decideAppointment({ type: 'BookAppointment', ...place('a1', tue) }, base())[0]!,
    '2026-11-28T10:00:00.000Z',
  );
  it('books at sequence 0 and moves the intervention to « Planifié »', () => {
    expect(booked.status).toBe('scheduled');
    expect(booked.appointments[0]).toMatchObject({ id: 'a1', sequence: 0, status: 'planned' });
  });
  it('refuses a slot conflicting with another intervention of the technician, in French', () => {
    expect(() =>
      decideAppointment(
        {
          type: 'BookAppointment',
          ...place('a2', slot('2026-12-01T10:15:00.000Z', '2026-12-01T11:00:00.000Z')),
          busy: [{ appointmentId: 'x', interventionNumber: 'INT-2026-000009', ...tue }],
        },
        base(),
      ),
    ).toThrow(/chevauche .*INT-2026-000009.*trajet de 30 minutes/);
  });
  it('refuses a second slot of the same intervention too close to its first', () => {
    expect(() =>
      decideAppointment(
        {
          type: 'BookAppointment',
          ...place('a2', slot('2026-12-01T10:15:00.000Z', '2026-12-01T11:00:00.000Z')),
        },
        booked,
      ),
    ).toThrow(/chevauche/);
  });
  it('a realised intervention takes no appointment, but its open anticoagulant episode takes inspections', () => {
    const done: WithAppointments = { ...base(), status: 'done' };
    const book = (s: WithAppointments) => () =>
      decideAppointment({ type: 'BookAppointment', ...place('a9', tue) }, s);
    expect(book(done)).toThrow('Cette intervention est close');
    expect(book({ ...done, rodenticideEpisodes: [{ closedOn: '2026-11-20' }] })).toThrow('close');
    const open = { ...done, rodenticideEpisodes: [{ closedOn: null }] };
    expect(book(open)()).toHaveLength(1);
    expect(book({ ...open, status: 'lost' })).toThrow('close');
    // The inspection keeps the stage: still « Réalisé ».
    expect(evolveAppointment(open, book(open)()[0]!, 'x').status).toBe('done');
  });
  it('a move raises the SEQUENCE and may overlap its own old slot', () => {
    const [moved] = decideAppointment(
      {
        type: 'MoveAppointment',
        ...place('a1', slot('2026-12-01T09:00:00.000Z', '2026-12-01T11:00:00.000Z')),
      },
      booked,
    );
    expect(moved).toMatchObject({ type: 'AppointmentMoved', data: { sequence: 1 } });
  });
  it('a confirmation for an older sequence is refused; cancelling the last one goes back', () => {
    const moved = evolveAppointment(
      booked,
      { type: 'AppointmentMoved', data: { appointmentId: 'a1', technicianId: 't1', ...tue, sequence: 1 } },
      'x',
    );
    expect(() =>
      decideAppointment({ type: 'ConfirmAppointment', appointmentId: 'a1', sequence: 0 }, moved),
    ).toThrow(/a changé/);
    const [cancel] = decideAppointment(
      { type: 'CancelAppointment', appointmentId: 'a1', reason: 'Client absent' },
      moved,
    );
    const after = evolveAppointment(moved, cancel!, 'y');
    expect(after.status).toBe('requested');
    expect(after.appointments[0]).toMatchObject({ status: 'cancelled', sequence: 2 });
  });
});

describe('the .ics file', () => {
  const text = appointmentIcs({
    method: 'REQUEST',
    appointmentId: '5f0c1c2e-1111-4222-8333-944445555666',
    domain: 'example.fr',
    sequence: 2,
    startsAt: '2026-12-01T08:00:00.000Z',
    endsAt: '2026-12-01T10:00:00.000Z',
    stamp: new Date('2026-11-28T10:00:00Z'),
    summary: 'Nid de guêpes, toiture; accès',
    description: 'Intervention INT-2026-000001.\nDeuxième ligne',
    location: '12 rue des Lilas, 27000 Évreux',
    organizer: { name: 'Hygiène', email: 'contact@example.fr' },
    attendee: { name: 'Camille Durand', email: 'camille@example.fr' },
  });
  it('is RFC 5545: CRLF, UTC times with Z, stable UID, SEQUENCE, METHOD', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const { props } = parseIcs(text);
    expect(props.get('METHOD')).toEqual(['REQUEST']);
    expect(props.get('UID')).toEqual(['appointment-5f0c1c2e-1111-4222-8333-944445555666@example.fr']);
    expect(props.get('SEQUENCE')).toEqual(['2']);
    expect(props.get('DTSTART')).toEqual(['20261201T080000Z']);
    expect(props.get('DTEND')).toEqual(['20261201T100000Z']);
    expect(props.get('SUMMARY')).toEqual(['Nid de guêpes\\, toiture\\; accès']);
    expect(props.get('DESCRIPTION')).toEqual(['Intervention INT-2026-000001.\\nDeuxième ligne']);
    expect(props.get('BEGIN')).toEqual(['VCALENDAR', 'VEVENT']);
  });
  it('folds lines at 75 octets without cutting a character', () => {
    const long = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});
