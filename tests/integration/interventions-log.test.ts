/**
 * Interventions in the event log (issue 36, ADR 032): one hash-chained stream per intervention in
 * the same `events` table as orders, so verify, replay, the personal-data export and erasure, and
 * the live feed cover them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_CONSENT_WORDING } from '../../src/domain/interventions/request.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import { openIntervention, runInterventionCommand } from '../../src/server/interventions/commands.js';
import { replayInterventions } from '../../src/server/interventions/replay.js';
import { horizonCursor, readEntries } from '../../src/server/live/order-feed.js';
import { eraseSubject } from '../../src/server/privacy/erase.js';
import { exportData } from '../../src/server/privacy/export.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { requestFields } from '../support/interventions.js';

const KEY = 'audit-test-key-0123456789';
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const meta = (at = new Date().toISOString()) => ({
  actor: { kind: 'guest' as const },
  at,
  requestId: 'test',
});
const admin = (at = new Date().toISOString()) => ({
  actor: { kind: 'admin' as const, userId: 'admin-1' },
  at,
  requestId: 'test',
});

describe('an intervention stream', () => {
  it('opens with a yearly number, the read row and the consent with its words and time', async () => {
    const at = '2026-03-02T10:00:00.000Z';
    const { state } = await openIntervention(db.sql, requestFields(1), {
      meta: meta(at),
      source: 'form',
      customerId: null,
    });
    expect(state?.number).toMatch(/^INT-2026-\d{6}$/);
    const [row] = await db.sql`select * from interventions where id = ${state!.id}`;
    expect(row).toMatchObject({
      status: 'requested',
      name: 'Camille Durand 1',
      siteType: 'logement_ancien',
      urgency: 'urgent',
      preferredSlots: ['matin'],
      callbackConsentWording: CALLBACK_CONSENT_WORDING,
      version: 1,
    });
    expect((row!.callbackConsentAt as Date).toISOString()).toBe(at);
    const second = await openIntervention(
      db.sql,
      { ...requestFields(2), callbackConsent: false },
      {
        meta: meta('2026-03-02T11:00:00.000Z'),
        source: 'form',
        customerId: null,
      },
    );
    expect(Number(second.state!.number.slice(-6))).toBe(Number(state!.number.slice(-6)) + 1);
    const [noConsent] =
      await db.sql`select callback_consent_at from interventions where id = ${second.state!.id}`;
    expect(noConsent!.callbackConsentAt).toBeNull();
  });

  it('numbers by the Paris year: 31 December 23:00 UTC opens INT-2027, one millisecond earlier is INT-2026', async () => {
    const open = (n: number, at: string) =>
      openIntervention(db.sql, requestFields(n), { meta: meta(at), source: 'form', customerId: null });
    const last = await open(40, '2026-12-31T22:59:59.999Z');
    const first = await open(41, '2026-12-31T23:00:00.000Z');
    expect(last.state?.number).toMatch(/^INT-2026-\d{6}$/);
    expect(first.state?.number).toBe('INT-2027-000001');
  });

  it('keeps the requester out of the chain (a personal record) and is verified with the orders', async () => {
    const { state } = await openIntervention(db.sql, requestFields(3), {
      meta: meta(),
      source: 'form',
      customerId: null,
    });
    const [event] = await db.sql`select data from events where stream_id = ${state!.id} and version = 1`;
    expect(JSON.stringify(event!.data)).not.toContain('camille3@example.fr');
    expect(JSON.stringify(event!.data)).not.toContain('Durand');
    const [record] = await db.sql`
      select fields from personal_records where stream_id = ${state!.id} and event_type = 'InterventionRequested'`;
    expect(record!.fields).toMatchObject({ email: 'camille3@example.fr', city: 'Évreux' });
    await runInterventionCommand(db.sql, state!.id, { type: 'AddNote', note: 'Rappeler demain' }, admin());
    expect((await verifyDatabase(db.sql, KEY)).ok).toBe(true);
  });

  it('is caught when one of its events is edited', async () => {
    const { state } = await openIntervention(db.sql, requestFields(4), {
      meta: meta(),
      source: 'form',
      customerId: null,
    });
    await runInterventionCommand(db.sql, state!.id, { type: 'MarkLost', reason: 'Trop cher' }, admin());
    const [lost] = await db.sql<{ position: number }[]>`
      select position from events where stream_id = ${state!.id} and version = 2`;
    await db.sql`update events set data = jsonb_set(data, '{reason}', '"Autre"') where position = ${lost!.position}`;
    const report = await verifyDatabase(db.sql, KEY);
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.position)).toContain(Number(lost!.position));
    await db.sql`update events set data = jsonb_set(data, '{reason}', '"Trop cher"') where position = ${lost!.position}`;
    expect((await verifyDatabase(db.sql, KEY)).ok).toBe(true);
  });

  it('is rebuilt by the replay, which finds and repairs an edited read row', async () => {
    expect((await replayInterventions(db.sql)).differences).toEqual([]);
    const [row] = await db.sql<{ id: string }[]>`select id from interventions order by created_at limit 1`;
    await db.sql`update interventions set status = 'invoiced', city = 'Rouen' where id = ${row!.id}`;
    const found = await replayInterventions(db.sql);
    expect(found.differences).toEqual([{ id: row!.id, kind: 'changed', columns: ['city', 'status'] }]);
    await db.sql`delete from interventions where id <> ${row!.id}`;
    const applied = await replayInterventions(db.sql, { apply: true });
    expect(applied.applied).toBe(true);
    expect((await replayInterventions(db.sql)).differences).toEqual([]);
  });

  it('refuses « Perdu » without a reason and a second time, and reopens to where it was', async () => {
    const { state } = await openIntervention(db.sql, requestFields(5), {
      meta: meta(),
      source: 'form',
      customerId: null,
    });
    await expect(
      runInterventionCommand(db.sql, state!.id, { type: 'MarkLost', reason: '  ' }, admin()),
    ).rejects.toMatchObject({ code: 'LOST_REASON_REQUIRED' });
    await runInterventionCommand(
      db.sql,
      state!.id,
      { type: 'MarkLost', reason: 'Client injoignable' },
      admin(),
    );
    await expect(
      runInterventionCommand(db.sql, state!.id, { type: 'MarkLost', reason: 'Encore' }, admin()),
    ).rejects.toMatchObject({ code: 'ALREADY_LOST' });
    const [lost] = await db.sql`select status, lost_reason from interventions where id = ${state!.id}`;
    expect(lost).toMatchObject({ status: 'lost', lostReason: 'Client injoignable' });
    await runInterventionCommand(db.sql, state!.id, { type: 'Reopen' }, admin());
    const [reopened] =
      await db.sql`select status, lost_reason, version from interventions where id = ${state!.id}`;
    expect(reopened).toMatchObject({ status: 'requested', lostReason: null, version: 3 });
    await expect(
      runInterventionCommand(db.sql, '00000000-0000-4000-8000-000000000000', { type: 'Reopen' }, admin()),
    ).rejects.toMatchObject({ code: 'INTERVENTION_NOT_FOUND' });
  });

  it('reaches the live feed as an intervention change, not an order one', async () => {
    const start = await horizonCursor(db.sql);
    const { state } = await openIntervention(db.sql, requestFields(6), {
      meta: meta(),
      source: 'form',
      customerId: null,
    });
    let entries = await readEntries(db.sql, start);
    for (let i = 0; i < 50 && entries.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      entries = await readEntries(db.sql, start);
    }
    expect(entries.map((e) => [e.kind, e.change.orderId, e.change.orderNumber, e.change.type])).toEqual([
      ['intervention', state!.id, state!.number, 'InterventionRequested'],
    ]);
  });

  it('is in the personal-data export and erased with the subject; the log still verifies and replays', async () => {
    const { state } = await openIntervention(db.sql, requestFields(7), {
      meta: meta(),
      source: 'form',
      customerId: null,
    });
    await runInterventionCommand(db.sql, state!.id, { type: 'AddNote', note: 'Note interne' }, admin());
    const exported = await exportData(db.sql, {
      userId: null,
      emails: ['CAMILLE7@example.fr'],
      orderIds: [],
    });
    const section = exported.json.interventions as {
      number: string;
      requested: { requester: { name: string } };
      history: unknown[];
    }[];
    expect(section.map((i) => i.number)).toEqual([state!.number]);
    expect(section[0]!.requested.requester.name).toBe('Camille Durand 7');
    expect(JSON.stringify(section)).not.toContain('Note interne');

    await db.sql.begin((tx) =>
      eraseSubject(
        tx,
        { userId: null, emails: ['camille7@example.fr'], guestOrderIds: [] },
        {
          reason: 'admin-request',
          actor: { kind: 'system' },
          requestId: 'test',
        },
      ),
    );
    const [row] =
      await db.sql`select name, email, phone, street, city, message from interventions where id = ${state!.id}`;
    expect(row).toEqual({ name: 'Client supprimé', email: '', phone: '', street: '', city: '', message: '' });
    expect(
      JSON.stringify(await db.sql`select * from personal_records where stream_id = ${state!.id}`),
    ).not.toContain('camille7');
    expect((await verifyDatabase(db.sql, KEY)).ok).toBe(true);
    expect((await replayInterventions(db.sql)).differences).toEqual([]);
    const again = await exportData(db.sql, { userId: null, emails: ['camille7@example.fr'], orderIds: [] });
    expect(again.json.interventions).toEqual([]);
  });
});
