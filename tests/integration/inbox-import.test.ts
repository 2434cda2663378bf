/**
 * Issue 36: the old inbox's contact requests become interventions through the one append path,
 * once each (src/server/interventions/inbox-import.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import { importInboxRequests } from '../../src/server/interventions/inbox-import.js';
import { replayInterventions } from '../../src/server/interventions/replay.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';

const KEY = 'audit-test-key-0123456789';
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

async function inboxItem(n: number, at: string) {
  const [row] = await db.sql<{ id: string }[]>`
    insert into contact_requests (name, email, phone, service, message, ip, created_at)
    values (${`Ancien Visiteur ${n}`}, ${`ancien${n}@example.fr`}, '+33612345678', 'frelon',
            ${`Message ${n}`}, '10.9.0.1', ${at})
    returning id`;
  return row!.id;
}

const eventsOf = (id: string) =>
  db.sql<{ type: string; data: Record<string, unknown>; metadata: { at: string } }[]>`
    select type, data, metadata from events where stream_id = ${id} order by version`;

describe('the old inbox becomes requests', () => {
  it('opens one intervention per item, with its source, id, time, and its calls as notes', async () => {
    const first = await inboxItem(1, '2025-10-02T08:30:00Z');
    const second = await inboxItem(2, '2025-11-14T16:00:00Z');
    await db.sql`
      insert into contact_request_replies (request_id, kind, body, author_name, created_at)
      values (${second}, 'call', 'Rappelé, nid dans la haie.', 'Jean Admin', '2025-11-14T17:00:00Z')`;
    await db.sql`update contact_requests set handled_at = '2025-11-14T17:00:00Z', handled_by_name = 'Jean Admin'
                  where id = ${second}`;

    expect(await importInboxRequests(db.sql)).toBe(2);

    const rows = await db.sql`
      select id, number, status, source, service, site_type, name, email, street, message, note_count, created_at
        from interventions order by created_at`;
    expect(rows).toMatchObject([
      { id: first, status: 'requested', source: 'inbox', service: 'frelon', siteType: null, noteCount: 0 },
      { id: second, status: 'requested', source: 'inbox', name: 'Ancien Visiteur 2', noteCount: 2 },
    ]);
    expect(rows[0]!.number).toMatch(/^INT-2025-\d{6}$/);
    expect((rows[1]!.createdAt as Date).toISOString()).toBe('2025-11-14T16:00:00.000Z');
    const events = await eventsOf(second);
    expect(events.map((e) => e.type)).toEqual([
      'InterventionRequested',
      'InterventionNoteAdded',
      'InterventionNoteAdded',
    ]);
    expect(events[0]!.data).toMatchObject({ source: 'inbox', contactRequestId: second, siteType: null });
    // The requester's fields left the chain for their personal record, as for every request.
    expect(JSON.stringify(events[0]!.data)).not.toContain('ancien2@example.fr');
    expect(events[1]!.data.note).toContain('Appel noté par Jean Admin');
    expect(events[1]!.data.note).toContain('Rappelé, nid dans la haie.');
    expect(events[2]!.data.note).toContain('Marquée « Traitée » par Jean Admin');

    expect((await verifyDatabase(db.sql, KEY)).ok).toBe(true);
    expect((await replayInterventions(db.sql)).differences).toEqual([]);
  });

  it('creates nothing new when run again, even by two instances at once', async () => {
    const before = await db.sql<{ n: number }[]>`select count(*)::int as n from events`;
    expect(await importInboxRequests(db.sql)).toBe(0);
    const third = await inboxItem(3, '2026-01-05T09:00:00Z');
    const counts = await Promise.all([importInboxRequests(db.sql), importInboxRequests(db.sql)]);
    expect(counts[0]! + counts[1]!).toBe(1);
    const after = await db.sql<{ n: number }[]>`select count(*)::int as n from events`;
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    expect((await eventsOf(third)).map((e) => e.type)).toEqual(['InterventionRequested']);
    const [total] = await db.sql<{ n: number }[]>`select count(*)::int as n from interventions`;
    expect(total!.n).toBe(3);
  });
});
