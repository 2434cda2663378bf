import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CUSTOMER_MESSAGES as M } from '../../src/domain/account/customers.js';
import type { Services, SessionUser } from '../../src/server/context.js';
import { replayOrders } from '../../src/server/orders/replay.js';
import {
  callerAs,
  clientFailure,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';
import { browserClient, type RunningApp, startHttpApp } from '../support/http-app.js';
import { createProduct, customerForm, placeOrder } from '../support/orders.js';

let db: TestDatabase;
let app: RunningApp;
let services: Services;
let admin: SessionUser;
let customer: SessionUser;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startHttpApp(db);
  services = app.services;
  admin = await createUser(services, { role: 'admin' });
  customer = await createUser(services);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const asAdmin = () => callerAs(services, admin);
const PASSWORD = 'Frelon asiatique sous le toit 27';
const email = (name = 'client') => `${name}-${randomUUID().slice(0, 8)}@example.fr`;
const newCustomer = (fields: Record<string, unknown> = {}) => ({
  firstName: 'Hélène',
  lastName: 'Lefèvre',
  email: email(),
  password: PASSWORD,
  phone: '06 11 22 33 44',
  address: '3 rue de la Harpe',
  city: 'Évreux',
  postalCode: '27000',
  ...fields,
});

const failure = clientFailure;

const count = async (table: 'users' | 'profiles' | 'sessions' | 'orders') =>
  (await db.sql<{ n: number }[]>`select count(*)::int as n from ${db.sql(table)}`)[0]!.n;
const sessionsOf = async (userId: string) =>
  (await db.sql<{ n: number }[]>`select count(*)::int as n from sessions where user_id = ${userId}`)[0]!.n;

describe('authorization: every adminCustomers procedure', () => {
  it('refuses anonymous visitors and customers, and changes nothing', async () => {
    const target = await createUser(services);
    const calls = {
      list: (c: ReturnType<typeof callerAs>) => c.adminCustomers.list({}),
      create: (c: ReturnType<typeof callerAs>) => c.adminCustomers.create(newCustomer()),
      update: (c: ReturnType<typeof callerAs>) =>
        c.adminCustomers.update({ id: target.id, firstName: 'Pirate', lastName: 'X', role: 'admin' }),
      remove: (c: ReturnType<typeof callerAs>) => c.adminCustomers.remove({ id: target.id }),
    };
    const before = {
      users: await count('users'),
      profile: await db.sql`select * from profiles where id = ${target.id}`,
    };
    for (const [who, user, code] of [
      ['anonymous', null, 'UNAUTHORIZED'],
      ['customer', customer, 'FORBIDDEN'],
    ] as const) {
      for (const [name, call] of Object.entries(calls)) {
        expect((await failure(call(callerAs(services, user)))).code, `${who} ${name}`).toBe(code);
      }
    }
    expect(await count('users')).toBe(before.users);
    expect(await db.sql`select * from profiles where id = ${target.id}`).toEqual(before.profile);
  });
});

describe('creating a customer', () => {
  it('makes an account that signs in at /auth at once, with its profile and no session of its own', async () => {
    const input = newCustomer({ dateOfBirth: '1980-05-17', country: 'Belgique' });
    const created = await asAdmin().adminCustomers.create(input);
    expect(created).toMatchObject({
      email: input.email,
      firstName: 'Hélène',
      lastName: 'Lefèvre',
      phone: '+33611223344',
      address: '3 rue de la Harpe',
      city: 'Évreux',
      postalCode: '27000',
      country: 'Belgique',
      dateOfBirth: '1980-05-17',
      role: 'user',
    });
    expect(created.id).toBeTruthy();
    // The admin did not sign in as the customer.
    expect(await sessionsOf(created.id)).toBe(0);

    const browser = browserClient(app);
    const signIn = await browser.signIn(input.email, PASSWORD);
    expect(signIn.status).toBe(200);
    const profile = await browser.trpc().account.profile.query();
    expect(profile).toMatchObject({ id: created.id, email: input.email, firstName: 'Hélène', role: 'user' });
  });

  it('can make an admin', async () => {
    const created = await asAdmin().adminCustomers.create(newCustomer({ role: 'admin' }));
    expect(created.role).toBe('admin');
  });

  it('refuses bad fields with the French messages, and creates nothing', async () => {
    const before = await count('users');
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '' }, 'Le prénom est obligatoire'],
      [{ lastName: 'x'.repeat(51) }, 'Le nom ne doit pas dépasser 50 caractères'],
      [{ email: 'pas-un-email' }, 'Adresse email invalide'],
      [{ password: 'court' }, 'Le mot de passe doit contenir au moins 8 caractères'],
      [{ phone: '12345' }, 'Numéro de téléphone invalide (ex. 06 12 34 56 78 ou +44 20 7946 0958)'],
      [{ postalCode: '270' }, 'Le code postal doit contenir 5 chiffres'],
      [{ dateOfBirth: '2999-01-01' }, 'La date de naissance ne peut pas être dans le futur'],
      [{ role: 'root' }, 'Rôle invalide'],
    ];
    for (const [fields, message] of cases) {
      const error = await failure(asAdmin().adminCustomers.create(newCustomer(fields) as never));
      expect(error, JSON.stringify(fields)).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    expect(await count('users')).toBe(before);
  });

  it("applies the shop's password rule (zxcvbn) and refuses a taken email, whatever its case", async () => {
    const before = await count('users');
    const weak = await failure(asAdmin().adminCustomers.create(newCustomer({ password: 'azertyuiop' })));
    expect(weak).toMatchObject({ code: 'BAD_REQUEST', domainCode: 'WEAK_PASSWORD' });
    expect(weak.message).toMatch(/^Mot de passe trop facile à deviner/);
    const own = await failure(
      asAdmin().adminCustomers.create(
        newCustomer({ email: 'helene.lefevre@example.fr', password: 'helene.lefevre' }),
      ),
    );
    expect(own.domainCode).toBe('WEAK_PASSWORD');
    const taken = await failure(
      asAdmin().adminCustomers.create(newCustomer({ email: customer.email.toUpperCase() })),
    );
    expect(taken).toEqual({ code: 'CONFLICT', domainCode: 'EMAIL_TAKEN', message: M.emailTaken });
    expect(await count('users')).toBe(before);
  });
});

describe('the list', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const make = async (key: string, fields: Record<string, unknown>) =>
      [key, (await asAdmin().adminCustomers.create(newCustomer(fields))).id] as const;
    ids = Object.fromEntries([
      await make('durand', {
        firstName: 'Élodie',
        lastName: 'Durand-Liste',
        city: 'Vernon',
        phone: '0232001122',
      }),
      await make('martin', {
        firstName: 'Paul',
        lastName: 'Martin-Liste',
        city: 'Louviers',
        phone: '+44 20 7946 0958',
        email: email('paul.martin'),
      }),
      await make('boss', { firstName: 'Anne', lastName: 'Chef-Liste', city: 'Vernon', role: 'admin' }),
    ]);
  });
  const list = (input: Parameters<ReturnType<typeof callerAs>['adminCustomers']['list']>[0]) =>
    asAdmin().adminCustomers.list(input);
  const idsOf = (page: { items: { id: string }[] }) => page.items.map((c) => c.id);

  it('searches by name (accents and case ignored), email, phone as typed, or city', async () => {
    expect(idsOf(await list({ search: 'ELODIE durand' }))).toEqual([ids.durand]);
    expect(idsOf(await list({ search: 'liste' })).sort()).toEqual(Object.values(ids).sort());
    expect(idsOf(await list({ search: 'paul.martin' }))).toEqual([ids.martin]);
    expect(idsOf(await list({ search: '02 32 00 11' }))).toEqual([ids.durand]);
    expect(idsOf(await list({ search: '+33 2 32 00' }))).toEqual([ids.durand]);
    expect(idsOf(await list({ search: '+44 20 7946' }))).toEqual([ids.martin]);
    expect(idsOf(await list({ search: 'louviers' }))).toEqual([ids.martin]);
    // LIKE's wildcards are plain text.
    expect((await list({ search: '%' })).items).toEqual([]);
    expect((await list({ search: 'personne-de-ce-nom' })).total).toBe(0);
  });

  it('filters by role, and counts what matches', async () => {
    const vernon = await list({ search: 'vernon' });
    expect(vernon.total).toBe(2);
    const admins = await list({ search: 'vernon', role: 'admin' });
    expect(idsOf(admins)).toEqual([ids.boss]);
    expect(admins.total).toBe(1);
    expect(idsOf(await list({ search: 'vernon', role: 'user' }))).toEqual([ids.durand]);
    expect((await list({})).total).toBe(await count('profiles'));
    expect((await list({ role: 'admin' })).items.every((c) => c.role === 'admin')).toBe(true);
  });

  it('pages newest first with a cursor, without gaps or repeats', async () => {
    const all = await list({ limit: 100 });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list({ limit: 2, cursor });
      if (cursor) expect(page.total).toBeNull();
      else expect(page.total).toBe(all.total);
      seen.push(...idsOf(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(idsOf(all));
    expect(new Set(seen).size).toBe(all.total);
    expect((await failure(list({ cursor: 'pas un curseur' }))).code).toBe('BAD_REQUEST');
  });

  it('answers what the table shows, nothing more', async () => {
    const [row] = (await list({ search: 'elodie' })).items;
    expect(Object.keys(row!).sort()).toEqual(
      [
        'address',
        'city',
        'country',
        'createdAt',
        'dateOfBirth',
        'email',
        'firstName',
        'id',
        'lastName',
        'phone',
        'postalCode',
        'role',
      ].sort(),
    );
  });
});

/** A signed-in browser of a new customer, with a websocket whose context is made. */
async function signedInCustomer() {
  const created = await asAdmin().adminCustomers.create(newCustomer());
  const browser = browserClient(app);
  expect((await browser.signIn(created.email, PASSWORD)).status).toBe(200);
  const ws = new WebSocket(`ws://127.0.0.1:${app.port}/api/trpc`, {
    headers: { origin: app.url, cookie: browser.cookie },
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.on('message', () => resolve());
    ws.on('error', reject);
    ws.on('open', () =>
      ws.send(JSON.stringify({ id: 1, method: 'query', params: { path: 'session.me', input: undefined } })),
    );
  });
  const within = (ms: number) =>
    Promise.race([closed, new Promise<string>((r) => setTimeout(() => r('still open'), ms))]);
  return { created, browser, ws, within };
}

describe('updating a customer', () => {
  it('saves the fields, never the email, and keeps the sessions when the role stays', async () => {
    const { created, browser, ws } = await signedInCustomer();
    const updated = await asAdmin().adminCustomers.update({
      id: created.id,
      firstName: 'Hélène',
      lastName: 'Dubois',
      phone: '',
      city: 'Rouen',
      country: '',
      role: 'user',
      email: 'autre@example.fr',
    } as never);
    expect(updated).toMatchObject({
      email: created.email,
      lastName: 'Dubois',
      phone: null,
      address: null,
      city: 'Rouen',
      country: 'France',
    });
    expect(await sessionsOf(created.id)).toBe(1);
    expect((await browser.trpc().account.profile.query()).lastName).toBe('Dubois');
    expect(idsOfSearch(await asAdmin().adminCustomers.list({ search: 'dubois rouen' }))).toEqual([
      created.id,
    ]);
    ws.close();
  });

  it('ends the sessions and closes the open sockets of a customer whose role changes', async () => {
    const { created, browser, within } = await signedInCustomer();
    await asAdmin().adminCustomers.update({
      id: created.id,
      firstName: 'Hélène',
      lastName: 'Lefèvre',
      role: 'admin',
    });
    expect(await within(3000)).toBe(4401);
    expect(await sessionsOf(created.id)).toBe(0);
    await expect(browser.trpc().account.profile.query()).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
    // Signing in again gives the new rights.
    expect((await browser.signIn(created.email, PASSWORD)).status).toBe(200);
    expect((await browser.trpc().account.profile.query()).role).toBe('admin');
  });

  it('closes the open sockets of a customer whose password is reset by mail (issue 23, finding 10)', async () => {
    const { created, browser, within } = await signedInCustomer();
    const anyone = browserClient(app);
    expect(
      (
        await anyone.post('/api/auth/request-password-reset', {
          email: created.email,
          redirectTo: '/reinitialiser-mot-de-passe',
        })
      ).status,
    ).toBe(200);
    const [mail] = await db.sql<{ textBody: string }[]>`
      select text_body from mail_outbox where kind = 'reset-password' and to_address = ${created.email}`;
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    const done = await anyone.post('/api/auth/reset-password', {
      newPassword: 'Un tout autre mot de passe 27',
      token,
    });
    expect(done.status).toBe(200);
    // At once, as for a role change: not at the socket's next idle check.
    expect(await within(3000)).toBe(4401);
    expect(await sessionsOf(created.id)).toBe(0);
    await expect(browser.trpc().account.profile.query()).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
  });

  it('does the same through account.setRole', async () => {
    const { created, within } = await signedInCustomer();
    await asAdmin().account.setRole({ userId: created.id, role: 'admin' });
    expect(await within(3000)).toBe(4401);
    expect(await sessionsOf(created.id)).toBe(0);
  });

  it('refuses unknown customers and bad fields, changing nothing', async () => {
    expect(
      await failure(
        asAdmin().adminCustomers.update({ id: 'inconnu', firstName: 'A', lastName: 'B', role: 'user' }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
    const before = await db.sql`select * from profiles where id = ${customer.id}`;
    const bad = await failure(
      asAdmin().adminCustomers.update({ id: customer.id, firstName: 'Jean', lastName: '', role: 'user' }),
    );
    expect(bad).toMatchObject({ code: 'BAD_REQUEST', message: 'Le nom est obligatoire' });
    expect(await db.sql`select * from profiles where id = ${customer.id}`).toEqual(before);
  });
});

const idsOfSearch = (page: { items: { id: string }[] }) => page.items.map((c) => c.id);

describe('roles: never yourself, never the last admin', () => {
  it('refuses an admin demoting themselves', async () => {
    const error = await failure(
      asAdmin().adminCustomers.update({ id: admin.id, firstName: 'Jean', lastName: 'Dupont', role: 'user' }),
    );
    expect(error).toMatchObject({ code: 'FORBIDDEN', domainCode: 'CANNOT_DEMOTE_SELF' });
    expect((await db.sql`select role from profiles where id = ${admin.id}`)[0]?.role).toBe('admin');
  });

  it('lets exactly one of two admins demoting each other at once win', async () => {
    // A shop of its own: only these two admins.
    const shop = await createTestDatabase();
    try {
      const s = createTestServices(shop);
      const a = await createUser(s, { role: 'admin' });
      const b = await createUser(s, { role: 'admin' });
      const results = await Promise.allSettled([
        callerAs(s, a).adminCustomers.update({ id: b.id, firstName: 'B', lastName: 'B', role: 'user' }),
        callerAs(s, b).adminCustomers.update({ id: a.id, firstName: 'A', lastName: 'A', role: 'user' }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: 'CONFLICT', message: M.lastAdmin });
      const [{ admins } = { admins: 0 }] = await shop.sql<{ admins: number }[]>`
        select count(*)::int as admins from profiles where role = 'admin'`;
      expect(admins).toBe(1);
    } finally {
      await shop.drop();
    }
  });
});

describe('deleting a customer', () => {
  it('keeps their orders (customer id kept, log untouched) and ends their sessions and sockets', async () => {
    const { created, browser, within } = await signedInCustomer();
    const product = await createProduct(db.sql);
    const placed = await placeOrder(
      db.sql,
      {
        customerId: created.id,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
      },
      { actor: { kind: 'user', userId: created.id }, requestId: 'r' },
    );
    // An order still to deliver keeps the account (erasure precondition): cancelled first.
    await asAdmin().orders.setStatus({ orderId: placed.id, status: 'cancelled' });
    const events = await db.sql`select position, hash from events order by position`;
    expect(await asAdmin().adminCustomers.remove({ id: created.id })).toEqual({ id: created.id });
    expect(await within(3000)).toBe(4401);
    expect(await db.sql`select 1 from users where id = ${created.id}`).toHaveLength(0);
    expect(await db.sql`select 1 from profiles where id = ${created.id}`).toHaveLength(0);
    expect(await sessionsOf(created.id)).toBe(0);
    const orderId = placed.id;
    const [order] = await db.sql`select customer_id from orders where id = ${orderId}`;
    expect(order?.customerId).toBe(created.id);
    expect(await db.sql`select 1 from order_items where order_id = ${orderId}`).toHaveLength(1);
    // The order's events are untouched; the erasure is one event more, of its own (ADR 020).
    expect(
      await db.sql`select position, hash from events where type <> 'DataSubjectErased' order by position`,
    ).toEqual(events);
    expect(await db.sql`select 1 from events where type = 'DataSubjectErased'`).toHaveLength(1);
    expect((await replayOrders(db.sql)).differenceCount).toBe(0);
    await expect(browser.trpc().account.profile.query()).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
    expect((await browser.signIn(created.email, PASSWORD)).status).toBe(401);
  });

  it('refuses deleting yourself, an admin, or no one, with French messages', async () => {
    const other = await asAdmin().adminCustomers.create(newCustomer({ role: 'admin' }));
    expect(await failure(asAdmin().adminCustomers.remove({ id: admin.id }))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'CANNOT_DELETE_SELF',
      message: M.deleteSelf,
    });
    expect(await failure(asAdmin().adminCustomers.remove({ id: other.id }))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'CANNOT_DELETE_ADMIN',
      message: M.deleteAdmin,
    });
    expect((await failure(asAdmin().adminCustomers.remove({ id: 'inconnu' }))).code).toBe('NOT_FOUND');
    expect(await db.sql`select 1 from users where id in ${db.sql([admin.id, other.id])}`).toHaveLength(2);
  });
});
