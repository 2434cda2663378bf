import readline from 'node:readline';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRun } from '../../src/server/audit/runs.js';
import { verifyLines } from '../../src/server/audit/verify.js';
import type { SessionUser } from '../../src/server/context.js';
import { AUDITOR_READ_ONLY_MESSAGE } from '../../src/server/errors.js';
import { setOrderStatus } from '../../src/server/orders/commands.js';
import { callerAs, createTestDatabase, createUser, type TestDatabase } from '../support/db.js';
import { browserClient, type RunningApp, startHttpApp } from '../support/http-app.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';

/*
 * Issue 13, points 9 and 10: the auditor reads orders and the audit page and changes nothing;
 * "Vérifier maintenant" runs the verifier on the server and stores its result; "Exporter le
 * journal" downloads a file the CLI's verifier accepts.
 */

let db: TestDatabase;
let app: RunningApp;
let admin: SessionUser;
let auditor: SessionUser & { password: string };
let customer: SessionUser & { password: string };
const orders: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startHttpApp(db);
  admin = await createUser(app.services, { role: 'admin', firstName: 'Anne', lastName: 'Admin' });
  auditor = await createUser(app.services, {
    role: 'auditor',
    firstName: 'Paul',
    lastName: 'Comptable',
    password: 'un long mot de passe normand 27',
  });
  customer = await createUser(app.services, { password: 'un long mot de passe normand 27' });
  const product = await createProduct(db.sql, { stockQuantity: 100 });
  for (let i = 0; i < 3; i++) {
    const order = await placeOrder(
      db.sql,
      {
        customerId: null,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
      },
      guest,
    );
    orders.push(order.id);
  }
  await setOrderStatus(db.sql, orders[0]!, 'shipped', {
    actor: { kind: 'admin', userId: admin.id },
    requestId: 'r',
  });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const eventCount = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from events`)[0]!.n;

/** Starts a run as this user and waits for its end, reading it back as the page polls it. */
async function verifyAs(user: SessionUser): Promise<AuditRun> {
  const caller = callerAs(app.services, user);
  const { id } = await caller.audit.verify();
  for (let i = 0; i < 200; i++) {
    const run = await caller.audit.run({ id });
    if (run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the verification never finished');
}

describe('the auditor role', () => {
  it('reads an order’s history and the audit page, and is refused every change with a French message', async () => {
    const asAuditor = callerAs(app.services, auditor);
    const history = await asAuditor.orders.history({ orderId: orders[0]! });
    expect(history.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderStatusChanged']);
    await expect(asAuditor.audit.overview()).resolves.toMatchObject({ events: await eventCount() });

    const before = await eventCount();
    for (const attempt of [
      () => asAuditor.orders.setStatus({ orderId: orders[1]!, status: 'cancelled' }),
      () =>
        asAuditor.orders.recordPayment({
          orderId: orders[1]!,
          amountCents: 100,
          method: 'cash',
          day: '2026-01-01',
        }),
      () => asAuditor.orders.remove({ orderId: orders[1]! }),
      () => asAuditor.account.setRole({ userId: auditor.id, role: 'admin' }),
      () => asAuditor.adminProducts.create({ title: 'Piège', price: 10 }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: AUDITOR_READ_ONLY_MESSAGE,
      });
    }
    // The inbox is the admins' own work.
    await expect(asAuditor.contact.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await eventCount()).toBe(before);
    const [role] = await db.sql<{ role: string }[]>`select role from profiles where id = ${auditor.id}`;
    expect(role?.role).toBe('auditor');
  });

  it('is a role the database accepts, and no other unknown one', async () => {
    await expect(db.sql`update profiles set role = 'superuser' where id = ${customer.id}`).rejects.toThrow(
      /profiles_role_check/,
    );
  });
});

describe('Vérifier maintenant', () => {
  it('stores who ran it, when, how many events were checked, and a clean result', async () => {
    const run = await verifyAs(auditor);
    expect(run).toMatchObject({
      status: 'ok',
      startedByName: 'Paul Comptable',
      checked: await eventCount(),
      total: await eventCount(),
      streams: 3,
      problemCount: 0,
      problems: [],
      error: null,
    });
    expect(run.finishedAt).toBeInstanceOf(Date);
    const overview = await callerAs(app.services, admin).audit.overview();
    expect(overview.latestRun?.id).toBe(run.id);
  });

  it('reports a tampered event with its position, and keeps the report', async () => {
    const [target] = await db.sql<{ position: number }[]>`
      select position from events where stream_id = ${orders[1]!} and version = 1`;
    const position = target!.position;
    await db.sql`update events set data = jsonb_set(data, '{totalAmountCents}', '1') where position = ${position}`;
    try {
      const run = await verifyAs(admin);
      expect(run.status).toBe('tampered');
      expect(run.startedByName).toBe('Anne Admin');
      expect(run.problemCount).toBeGreaterThan(0);
      expect(run.problems).toContainEqual(expect.objectContaining({ position, kind: 'hash' }));
      const stored = await callerAs(app.services, auditor).audit.run({ id: run.id });
      expect(stored.problems).toEqual(run.problems);
    } finally {
      await db.sql`update events set data = jsonb_set(data, '{totalAmountCents}', '1000') where position = ${position}`;
    }
    expect((await verifyAs(auditor)).status).toBe('ok');
  });

  it('runs one at a time: a second click joins the running run; a run whose server stopped is closed', async () => {
    const [running] = await db.sql<{ id: string }[]>`
      insert into audit_runs (started_by_name) values ('Autre instance') returning id`;
    const joined = await callerAs(app.services, auditor).audit.verify();
    expect(joined).toEqual({ id: running!.id, joined: true });

    await db.sql`update audit_runs set updated_at = now() - interval '10 minutes' where id = ${running!.id}`;
    const fresh = await callerAs(app.services, auditor).audit.verify();
    expect(fresh.joined).toBe(false);
    expect(fresh.id).not.toBe(running!.id);
    const abandoned = await callerAs(app.services, auditor).audit.run({ id: running!.id });
    expect(abandoned).toMatchObject({ status: 'failed' });
    expect(abandoned.error).toMatch(/^Vérification interrompue/);
    // Let the new run end before the next test.
    for (let i = 0; i < 200; i++) {
      const run = await callerAs(app.services, auditor).audit.run({ id: fresh.id });
      if (run.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('answers NOT_FOUND for an unknown run', async () => {
    await expect(
      callerAs(app.services, auditor).audit.run({ id: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Vérification introuvable.' });
  });
});

describe('Exporter le journal', () => {
  const exportUrl = () => `http://127.0.0.1:${app.port}/api/admin/audit/export`;

  async function signedIn(user: { email: string; password: string }) {
    const browser = browserClient(app);
    expect((await browser.signIn(user.email, user.password)).status).toBe(200);
    return browser;
  }

  async function download(headers: Record<string, string>) {
    const res = await fetch(exportUrl(), { headers });
    return { res, text: await res.text() };
  }

  const verifyText = (text: string) =>
    verifyLines(
      readline.createInterface({ input: Readable.from([text]), crlfDelay: Infinity }),
      app.services.config.AUDIT_KEY,
    );

  it('downloads, for an auditor, an NDJSON file that the verifier of orders:verify --file accepts', async () => {
    const browser = await signedIn(auditor);
    const { res, text } = await download({ cookie: browser.cookie, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="journal-commandes-\d{4}-\d{2}-\d{2}\.ndjson"$/,
    );
    const report = await verifyText(text);
    expect(report).toMatchObject({ ok: true, events: await eventCount(), streams: 3 });
  });

  it('gives a file in which the verifier finds an event edited in the database, at its position', async () => {
    const [target] = await db.sql<{ position: number }[]>`
      select position from events where stream_id = ${orders[2]!} and version = 1`;
    const position = target!.position;
    await db.sql`update events set data = jsonb_set(data, '{totalAmountCents}', '1') where position = ${position}`;
    try {
      const browser = await signedIn(auditor);
      const { text } = await download({ cookie: browser.cookie });
      const report = await verifyText(text);
      expect(report.ok).toBe(false);
      expect(report.problems).toContainEqual(expect.objectContaining({ position, kind: 'hash' }));
    } finally {
      await db.sql`update events set data = jsonb_set(data, '{totalAmountCents}', '1000') where position = ${position}`;
    }
  });

  it('refuses anonymous visitors, customers, other sites and other methods, with a French message', async () => {
    const anonymous = await download({});
    expect(anonymous.res.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Vous devez être connecté.',
    });

    const shopper = await signedIn(customer);
    const refused = await download({ cookie: shopper.cookie });
    expect(refused.res.status).toBe(403);
    expect(JSON.parse(refused.text).message).toBe("Vous n'avez pas les droits d'administration.");

    const browser = await signedIn(auditor);
    const crossSiteHeaders: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSiteHeaders) {
      const crossSite = await download({ cookie: browser.cookie, ...headers });
      expect(crossSite.res.status).toBe(403);
      expect(JSON.parse(crossSite.text)).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
      expect(crossSite.text).not.toContain('"kind":"event"');
    }
    const post = await fetch(exportUrl(), {
      method: 'POST',
      headers: { cookie: browser.cookie, origin: app.url },
    });
    expect(post.status).toBe(405);
  });
});
