import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context, Services, SessionUser } from '../../src/server/context.js';
import { appRouter } from '../../src/server/routers/index.js';
import { createCallerFactory } from '../../src/server/trpc.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';

/* Issue 13, point 11: the contact inbox of the back-office (admins). */

let db: TestDatabase;
let services: Services;
let admin: SessionUser;
let otherAdmin: SessionUser;
let auditor: SessionUser;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  admin = await createUser(services, { role: 'admin', firstName: 'Anne', lastName: 'Admin' });
  otherAdmin = await createUser(services, { role: 'admin', firstName: 'Bruno', lastName: 'Second' });
  auditor = await createUser(services, { role: 'auditor' });
});
afterAll(async () => {
  await db.drop();
});

const createCaller = createCallerFactory(appRouter);
const visitor = (ip: string) =>
  createCaller({ ...services, user: null, requestId: `test-${ip}`, ip } satisfies Context);

async function send(n: number) {
  await visitor(`10.9.0.${n}`).contact.send({
    name: `Visiteur ${n}`,
    email: `visiteur${n}@example.fr`,
    phone: '06 12 34 56 78',
    service: n % 2 ? 'frelon' : 'punaises',
    message: `Demande numéro ${n}`,
  });
}

describe('contact inbox', () => {
  it('lists the requests newest first as new, counts them, and marks one handled with who and when', async () => {
    const asAdmin = callerAs(services, admin);
    for (const n of [1, 2, 3]) await send(n);
    // Distinct times, whatever the clock's resolution: Visiteur n was sent 10 - n minutes ago.
    await db.sql`
      update contact_requests set created_at = now() - make_interval(mins => 10 - right(name, 1)::int)
       where name like 'Visiteur _'`;

    const rows = await asAdmin.contact.list();
    expect(rows.map((r) => r.name)).toEqual(['Visiteur 3', 'Visiteur 2', 'Visiteur 1']);
    expect(rows[0]).toMatchObject({
      service: 'frelon',
      message: 'Demande numéro 3',
      handledAt: null,
      handledByName: null,
    });
    expect(await asAdmin.contact.newCount()).toBe(3);

    const handled = await asAdmin.contact.setHandled({ id: rows[1]!.id, handled: true });
    expect(handled).toMatchObject({ id: rows[1]!.id, handledByName: 'Anne Admin' });
    expect(handled.handledAt).toBeInstanceOf(Date);
    expect(await asAdmin.contact.newCount()).toBe(2);

    // Marked again by another admin: the first mark stays (who handled it, and when).
    const again = await callerAs(services, otherAdmin).contact.setHandled({ id: rows[1]!.id, handled: true });
    expect(again).toMatchObject({ handledByName: 'Anne Admin', handledAt: handled.handledAt });
    expect(await asAdmin.contact.newCount()).toBe(2);
    const [stored] = await db.sql<
      { handledBy: string }[]
    >`select handled_by from contact_requests where id = ${rows[1]!.id}`;
    expect(stored?.handledBy).toBe(admin.id);

    // A mistake is undone: the request is new again.
    await expect(asAdmin.contact.setHandled({ id: rows[1]!.id, handled: false })).resolves.toMatchObject({
      handledAt: null,
      handledByName: null,
    });
    expect(await asAdmin.contact.newCount()).toBe(3);
  });

  it('answers NOT_FOUND for an unknown request, and BAD_REQUEST for a malformed id, changing nothing', async () => {
    const asAdmin = callerAs(services, admin);
    const before = await asAdmin.contact.newCount();
    await expect(
      asAdmin.contact.setHandled({ id: '00000000-0000-4000-8000-000000000000', handled: true }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Demande introuvable.' });
    await expect(asAdmin.contact.setHandled({ id: 'pas-un-id', handled: true })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await asAdmin.contact.newCount()).toBe(before);
  });

  it('is the admins’ own: an auditor neither reads nor marks requests', async () => {
    const [row] = await callerAs(services, admin).contact.list({ limit: 1 });
    const asAuditor = callerAs(services, auditor);
    await expect(asAuditor.contact.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asAuditor.contact.newCount()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asAuditor.contact.setHandled({ id: row!.id, handled: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const [after] = await db.sql<
      { handledAt: Date | null }[]
    >`select handled_at from contact_requests where id = ${row!.id}`;
    expect(after?.handledAt).toBeNull();
  });
});
