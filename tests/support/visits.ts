/**
 * The opening the visit tests share (device checks, a site's devices, its trends; integration tier
 * only): a database of the file's own, the seller's identity the reports print, and Théo Martin,
 * technician, whose Certibiocide « nuisibles » is valid until 2029; interventions opened by the
 * owner; a device check sent as a phone could send it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { visitInputSchema } from '../../src/domain/interventions/visit-input.js';
import type { Sql } from '../../src/server/db/client.js';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { recordVisit } from '../../src/server/interventions/visits.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { createTestDatabase, createTestServices, type TestDatabase } from './db.js';
import { requestFields } from './interventions.js';
import { SELLER } from './invoices.js';
import { createTechnician } from './technicians.js';
import { type Field, fieldOf } from './treatments.js';

export interface VisitTests {
  db: TestDatabase;
  field: Field;
  technician: { id: string; name: string };
}

export async function openVisitTests(): Promise<VisitTests> {
  const db = await createTestDatabase();
  const services = createTestServices(db);
  await saveIdentity(db.sql, SELLER, null);
  const technician = await createTechnician(
    services,
    { firstName: 'Théo', lastName: 'Martin' },
    { number: 'CB-2024-777', category: 'nuisibles', expiresOn: '2029-05-31' },
  );
  return { db, field: fieldOf(services), technician };
}

/**
 * The visit tests of the calling file: opened before its tests (beforeAll), its database dropped
 * after them (afterAll); the fields are set once beforeAll has run.
 */
export function visitTestsForFile(): VisitTests {
  const suite = {} as VisitTests;
  beforeAll(async () => {
    Object.assign(suite, await openVisitTests());
  });
  afterAll(async () => {
    await suite.db?.drop();
  });
  return suite;
}

let opened = 0;
/** An intervention the owner opens (at a site, when given), its requester numbered in the file. */
export async function ownerIntervention(sql: Sql, siteId: string | null = null): Promise<string> {
  const { state } = await openIntervention(sql, requestFields(++opened), {
    meta: { actor: { kind: 'admin', userId: 'owner' }, at: '2026-11-02T09:00:00.000Z', requestId: 'test' },
    source: 'admin',
    customerId: null,
    siteId,
  });
  return state!.id;
}

/** The events of a stream: a refused command leaves it as it was. */
export const countEvents = async (sql: Sql, id: string) =>
  Number((await sql<{ n: string }[]>`select count(*) as n from events where stream_id = ${id}`)[0]!.n);

/**
 * A device check, sent by the technician one minute after `at`, as a phone could send it past its
 * own form's checks (`fields` are not parsed): the server's rules answer.
 */
export function sendDeviceCheck(
  sql: Sql,
  technician: { id: string },
  visit: { interventionId: string; appointmentId: string; at: string },
  fields: Record<string, unknown>,
) {
  const input = visitInputSchema.parse({
    type: 'RecordDeviceCheck',
    ...visit,
    clientEventId: randomUUID(),
    label: 'P3',
    kind: 'plaque_glu',
    state: 'intact',
  });
  return recordVisit(
    sql,
    { id: technician.id, role: 'technician', email: 't@example.fr' },
    { ...input, ...fields } as typeof input,
    `visit:${visit.at}`,
    new Date(Date.parse(visit.at) + 60_000).toISOString(),
  );
}
