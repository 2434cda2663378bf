/**
 * The technician's visit (issue 37; ADR 037) on real PostgreSQL: the visit's events through the
 * one command path, the treatment's copied fields read by the server (never the phone's), the
 * Certibiocide refused once expired, idempotent replays of the phone's queue, who may record,
 * the encrypted access notes, the owner's rodenticide episodes, the replay and the chain; the
 * photo route drops a real JPEG's GPS EXIF.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { TRPCError } from '@trpc/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisWallTime } from '../../src/domain/interventions/appointments.js';
import type { VisitInput } from '../../src/domain/interventions/visit-input.js';
import { parisDay } from '../../src/domain/site/time-zone.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import type { Services } from '../../src/server/context.js';
import { createHttpServer, type HttpServer } from '../../src/server/http/server.js';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { replayInterventions } from '../../src/server/interventions/replay.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';

let db: TestDatabase;
let services: Services;
let admin: Awaited<ReturnType<typeof createUser>>;
let tech1: Awaited<ReturnType<typeof createUser>>;
let tech2: Awaited<ReturnType<typeof createUser>>;
let expiredTech: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let ratBait: string;
let gel: string;

const tomorrow = addDays(parisDay(new Date()), 1);
const today = parisDay(new Date());

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  admin = await createUser(services, { role: 'admin' });
  tech1 = await createUser(services, { role: 'technician', firstName: 'Théo', lastName: 'Martin' });
  tech2 = await createUser(services, { role: 'technician', firstName: 'Inès', lastName: 'Roux' });
  expiredTech = await createUser(services, { role: 'technician', firstName: 'Paul', lastName: 'Leroy' });
  customer = await createUser(services);
  const owner = callerAs(services, admin);
  await owner.visits.saveCertificate({
    userId: tech1.id,
    number: 'CB-2024-00042',
    category: 'nuisibles',
    expiresOn: addDays(today, 400),
  });
  await owner.visits.saveCertificate({
    userId: expiredTech.id,
    number: 'CB-2019-00007',
    category: 'nuisibles',
    expiresOn: addDays(today, -1),
  });
  const product = (over: Record<string, unknown>) =>
    owner.adminProducts.create({ price: 30, stockQuantity: 5, biocideType: 'TP14', ...over } as never);
  ratBait = (
    await product({
      title: 'Pâte raticide brodifacoum pro',
      professionalOnly: true,
      certibiocideCategory: 'nuisibles',
      ammNumber: 'FR-2019-0042',
      antidote: 'Vitamine K1',
      reentryDelayHours: 0,
      anticoagulantRodenticide: true,
    })
  ).id;
  gel = (await product({ title: 'Gel blattes', biocideType: 'TP18', reentryDelayHours: 2 })).id;
});
afterAll(async () => {
  await db.drop();
});

let n = 0;
async function intervention() {
  n += 1;
  const { state } = await openIntervention(
    db.sql,
    {
      name: `Restaurant du Port ${n}`,
      email: `resto${n}@example.fr`,
      phone: '+33612345678',
      service: 'deratisation',
      siteType: 'logement_ancien',
      street: '3 quai de la Marne',
      zipCode: '27000',
      city: 'Évreux',
      urgency: 'semaine',
      preferredSlots: [],
      message: 'Rats dans la réserve',
      callbackConsent: false,
    },
    {
      meta: { actor: { kind: 'guest' }, at: new Date().toISOString(), requestId: 't' },
      source: 'form',
      customerId: null,
    },
  );
  return state!.id;
}

async function booked(technicianId: string, time = '09:00') {
  const interventionId = await intervention();
  const { appointmentId } = await callerAs(services, admin).planning.book({
    interventionId,
    technicianId,
    day: tomorrow,
    time,
    durationMinutes: 60,
  });
  return { interventionId, appointmentId };
}

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (error) {
    return error instanceof TRPCError ? `${error.code}: ${error.message}` : String(error);
  }
};
/** The EXIF GPSInfo IFD pointer tag (0x8825) in either byte order, followed by its LONG type (4). */
const hasGpsPointer = (bytes: Buffer) =>
  bytes.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) ||
  bytes.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]));
const eventCount = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from events`)[0]!.n;

type Visit = { interventionId: string; appointmentId: string };
type Body<T extends VisitInput['type']> = Omit<
  Extract<VisitInput, { type: T }>,
  keyof Visit | 'clientEventId' | 'at'
>;
const action = <T extends VisitInput['type']>(
  v: Visit,
  body: { type: T } & Partial<Body<T>>,
  clientEventId = randomUUID(),
) => ({ ...v, clientEventId, at: new Date().toISOString(), ...body }) as VisitInput;

const treatment = (productId: string) =>
  ({
    type: 'RecordTreatment',
    productId,
    quantity: 150,
    unit: 'g',
    method: 'Postes sécurisés',
    zone: 'Réserve',
    target: 'Rats bruns',
    species: 'rats',
  }) as const;

describe('a rat visit', () => {
  let visit: Visit;
  it('records « Je pars », « Sur place », a professional treatment with the catalogue’s facts, advice, « Terminé »', async () => {
    visit = await booked(tech1.id);
    const tech = callerAs(services, tech1);
    for (const type of ['DepartVisit', 'ArriveVisit'] as const)
      expect(await tech.visits.record(action(visit, { type }))).toMatchObject({ recorded: true });
    // What the phone adds for the copied fields is not part of the input: the server reads them.
    await tech.visits.record({
      ...action(visit, treatment(ratBait)),
      productTitle: 'Eau',
      ammNumber: 'FAUX',
      applicator: { technicianId: tech2.id },
    } as never);
    await tech.visits.record(
      action(visit, { type: 'GiveSafetyAdvice', ventilation: 'Aérer', productId: ratBait }),
    );
    await tech.visits.record(action(visit, { type: 'FinishVisit' }));
    const events = await db.sql<{ type: string; data: Record<string, unknown> }[]>`
      select type, data from events where stream_id = ${visit.interventionId} order by version`;
    expect(events.map((e) => e.type)).toEqual([
      'InterventionRequested',
      'AppointmentBooked',
      'VisitDeparted',
      'VisitArrived',
      'TreatmentRecorded',
      'SafetyAdviceGiven',
      'VisitFinished',
    ]);
    expect(events[4]!.data).toMatchObject({
      productTitle: 'Pâte raticide brodifacoum pro',
      ammNumber: 'FR-2019-0042',
      biocideType: 'TP14',
      professionalOnly: true,
      certibiocideCategory: 'nuisibles',
      applicator: {
        technicianId: tech1.id,
        name: 'Théo Martin',
        certificate: { number: 'CB-2024-00042', category: 'nuisibles', expiresOn: addDays(today, 400) },
      },
      rodenticide: { species: 'rats' },
    });
    expect(events[5]!.data).toMatchObject({
      antidote: 'Vitamine K1',
      reentryDelayHours: 0,
      ventilation: 'Aérer',
    });
    const [row] =
      await db.sql`select departed_at, arrived_at, finished_at from appointments where id = ${visit.appointmentId}`;
    expect(row?.departedAt && row.arrivedAt && row.finishedAt).toBeTruthy();
  });

  it('lists the open episode for the owner with the 5-7 day inspection proposed', async () => {
    const episodes = await callerAs(services, admin).visits.episodes();
    const episode = episodes.find((e) => e.interventionId === visit.interventionId);
    expect(episode).toMatchObject({
      openedOn: today,
      species: 'rats',
      nextInspection: { from: addDays(today, 5), to: addDays(today, 7) },
      proposedDays: [addDays(today, 5), addDays(today, 6), addDays(today, 7)],
      overdue: false,
      lastTechnicianId: tech1.id,
    });
    expect(await codeOf(callerAs(services, tech1).visits.episodes())).toMatch(/^FORBIDDEN/);
  });

  it('replays to identical read tables and the chain verifies', async () => {
    expect((await replayInterventions(db.sql)).differences).toEqual([]);
    // The visit columns of the read tables are rebuilt too: an edited arrival is found.
    await db.sql`update appointments set arrived_at = null where id = ${visit.appointmentId}`;
    expect((await replayInterventions(db.sql)).differences).toEqual([
      { id: visit.appointmentId, kind: 'changed', columns: ['arrived_at'], table: 'appointments' },
    ]);
    await replayInterventions(db.sql, { apply: true });
    expect((await verifyDatabase(db.sql, 'audit-test-key-0123456789')).ok).toBe(true);
  });
});

describe('rules on the server', () => {
  it('refuses a professional product to a technician whose certificate expired, naming the date, and writes nothing', async () => {
    const visit = await booked(expiredTech.id, '11:00');
    const tech = callerAs(services, expiredTech);
    await tech.visits.record(action(visit, { type: 'ArriveVisit' }));
    const before = await eventCount();
    const refused = await codeOf(tech.visits.record(action(visit, treatment(ratBait))));
    expect(refused).toMatch(/^FORBIDDEN: .*a expiré le \d{2}\/\d{2}\/\d{4}/);
    expect(await eventCount()).toBe(before);
    // A non-professional product needs no certificate.
    expect(await tech.visits.record(action(visit, { ...treatment(gel), species: null }))).toMatchObject({
      recorded: true,
    });
  });

  it('records an action sent twice (the offline queue) once', async () => {
    const visit = await booked(tech1.id, '13:00');
    const tech = callerAs(services, tech1);
    const arrival = action(visit, { type: 'ArriveVisit' });
    const before = await eventCount();
    const [a, b] = await Promise.all([tech.visits.record(arrival), tech.visits.record(arrival)]);
    expect([a.recorded, b.recorded].sort()).toEqual([false, true]);
    expect(await tech.visits.record(arrival)).toMatchObject({ recorded: false });
    expect(await eventCount()).toBe(before + 1);
  });

  it('lets no one else record: another technician, a customer, a guest', async () => {
    const visit = await booked(tech1.id, '15:00');
    const before = await eventCount();
    expect(
      await codeOf(callerAs(services, tech2).visits.record(action(visit, { type: 'ArriveVisit' }))),
    ).toBe('NOT_FOUND: Intervention introuvable.');
    expect(
      await codeOf(callerAs(services, customer).visits.record(action(visit, { type: 'ArriveVisit' }))),
    ).toMatch(/^FORBIDDEN/);
    expect(
      await codeOf(callerAs(services, null).visits.record(action(visit, { type: 'ArriveVisit' }))),
    ).toMatch(/^UNAUTHORIZED/);
    expect(await eventCount()).toBe(before);
    // An admin records for the technician.
    expect(
      await callerAs(services, admin).visits.record(action(visit, { type: 'ArriveVisit' })),
    ).toMatchObject({
      recorded: true,
    });
  });
});

describe('the day and the site notes', () => {
  it('shows a technician their own day in order, with the access notes decrypted; stores them encrypted', async () => {
    const visit = await booked(tech2.id, '08:00');
    const later = await booked(tech2.id, '16:00');
    await callerAs(services, admin).visits.saveSite({
      interventionId: visit.interventionId,
      accessNotes: 'Code portail 4821B, clé chez la gardienne',
      hazards: ['children', 'aquarium'],
    });
    const [stored] = await db.sql<{ accessNotesEncrypted: string }[]>`
      select access_notes_encrypted from intervention_sites where intervention_id = ${visit.interventionId}`;
    expect(stored!.accessNotesEncrypted).not.toContain('4821B');
    const day = await callerAs(services, tech2).visits.day({ day: tomorrow });
    expect(day.visits.map((v) => v.appointmentId)).toEqual([visit.appointmentId, later.appointmentId]);
    expect(day.visits[0]).toMatchObject({
      accessNotes: 'Code portail 4821B, clé chez la gardienne',
      hazards: ['children', 'aquarium'],
      phone: '+33612345678',
    });
    expect(parisWallTime(day.visits[0]!.startsAt).time).toBe('08:00');
    // Another technician's day never holds it, even asked by id.
    const other = await callerAs(services, tech1).visits.day({ day: tomorrow, technicianId: tech2.id });
    expect(other.visits.some((v) => v.interventionId === visit.interventionId)).toBe(false);
    expect(
      await codeOf(
        callerAs(services, tech1).visits.saveSite({
          interventionId: visit.interventionId,
          accessNotes: 'x',
          hazards: [],
        }),
      ),
    ).toBe('NOT_FOUND: Intervention introuvable.');
  });
});

describe('the photo route', () => {
  let http: HttpServer;
  let url: string;
  beforeAll(async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    url = `http://localhost:${port}`;
    services = createTestServices(db, { PUBLIC_URL: url, AUTH_RATE_LIMIT_MAX: '1000' });
    http = await createHttpServer(services, { dev: false });
    await new Promise<void>((r) => http.server.listen(port, '127.0.0.1', () => r()));
  });
  afterAll(async () => {
    await http.close();
  });

  const signIn = async (u: { email: string; password: string }) => {
    const res = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: u.email, password: u.password }),
    });
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };

  it('takes a technician’s JPEG with GPS EXIF and keeps no EXIF; refuses a customer', async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#6b4f2a' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCam', Model: 'X1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '49/1 1/1 30/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '1/1 9/1 0/1',
        },
      })
      .toBuffer();
    // The upload does carry a GPS block: EXIF with the GPSInfo IFD pointer (tag 0x8825).
    const original = (await sharp(jpeg).metadata()).exif;
    expect(original && hasGpsPointer(original)).toBe(true);
    const post = (cookie: string) =>
      fetch(`${url}/api/visit/photos`, {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          origin: url,
          cookie,
          'x-file-name': 'IMG_0001.JPG',
        },
        body: jpeg,
      });
    expect((await post(await signIn(customer))).status).toBe(403);
    const res = await post(await signIn(tech1));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const variants = await db.sql<{ data: Buffer }[]>`select data from image_variants where image_id = ${id}`;
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(hasGpsPointer(v.data)).toBe(false);
      expect(v.data.includes(Buffer.from('PhoneCam'))).toBe(false);
    }
    // The photo goes into an observation as an image of the pipeline.
    const visit = await booked(tech1.id, '17:30');
    const tech = callerAs(services, tech1);
    await tech.visits.record(action(visit, { type: 'ArriveVisit' }));
    await tech.visits.record(
      action(visit, {
        type: 'RecordObservation',
        pest: 'Rats',
        zone: 'Cave',
        level: 'forte',
        evidence: 'Crottes',
        photoIds: [id],
      }),
    );
    const detail = await tech.visits.detail(visit);
    expect(detail.visit?.observations[0]?.photos).toEqual([
      { id, url: `/images/${id}`, thumbUrl: `/images/${id}/320.webp` },
    ]);
    expect(
      await codeOf(
        tech.visits.record(
          action(visit, {
            type: 'RecordObservation',
            pest: 'Rats',
            zone: 'Cave',
            level: 'forte',
            photoIds: [randomUUID()],
          }),
        ),
      ),
    ).toMatch(/^BAD_REQUEST: Une photo n’a pas été envoyée/);
  });
});
