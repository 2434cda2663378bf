import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { checkWitness, sealOnce } from '../../src/server/audit/sealer.js';
import { latestWitnessed, sealLog, verifyDatabase } from '../../src/server/audit/verify.js';
import type { SessionUser } from '../../src/server/context.js';
import { horizonCursor, readEntries } from '../../src/server/live/order-feed.js';
import { createTestDatabase, createTestServices, createUser, type TestDatabase } from '../support/db.js';
import { type BrowserClient, browserClient, type RunningApp, startHttpApp } from '../support/http-app.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';

/*
 * Issue 23, "one client must not take the shop down": the attack and fault campaign's findings,
 * each replayed against the real HTTP server and database.
 */

let db: TestDatabase;
let app: RunningApp;
let admin: SessionUser & { password: string };
let boss: BrowserClient;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startHttpApp(db);
  admin = await createUser(app.services, { role: 'admin' });
  boss = browserClient(app);
  expect((await boss.signIn(admin.email, admin.password)).status).toBe(200);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

describe('finding 1: batch limits count what tRPC runs', () => {
  const get = (path: string) => fetch(`http://127.0.0.1:${app.port}/api/trpc/${path}?batch=1`);

  it('refuses 11 calls whether separated by "," or by "%2C" (any case), and serves 10', async () => {
    const calls = (n: number, sep: string) => Array.from({ length: n }, () => 'session.me').join(sep);
    for (const sep of [',', '%2C', '%2c']) {
      const res = await get(calls(11, sep));
      expect(res.status, sep).toBe(413);
      const body = (await res.json()) as { error: { message: string } }[] | { error: { message: string } };
      const first = Array.isArray(body) ? body[0]! : body;
      expect(first.error.message).toMatch(/Trop d’appels dans une seule requête \(10 au plus\)/);
    }
    // A mix: 6 of one form, 5 of the other.
    expect((await get(`${calls(6, ',')}%2C${calls(5, '%2C')}`)).status).toBe(413);
    // 1,000 calls in one GET (the finding's 6.5 MB answer) are refused before any is run.
    expect((await get(calls(1000, '%2C'))).status).toBe(413);
    const ten = await get(calls(10, '%2C'));
    expect(ten.status).toBe(200);
    expect(((await ten.json()) as unknown[]).length).toBe(10);
  });

  it('closes a websocket whose one message holds more than 10 calls', async () => {
    const closeCode = (message: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${app.port}/api/trpc`, { headers: { origin: app.url } });
        ws.on('open', () => ws.send(message));
        ws.on('close', (code) => resolve(code));
        ws.on('error', () => undefined);
      });
    const call = (id: number) => ({ id, method: 'query', params: { path: 'session.me' } });
    expect(await closeCode(JSON.stringify(Array.from({ length: 11 }, (_, i) => call(i))))).toBe(1008);
  });
});

describe('finding 2: a download cut short releases its connection', () => {
  /** At most one batch's read after the abort (no timing claim: it bounds a hang, not a speed). */
  const RELEASE_MS = 20_000;
  /** Transactions of this database other than the test's own query: a held download shows here. */
  const openTransactions = async () =>
    (
      await db.sql<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`
    )[0]!.n;

  beforeAll(async () => {
    // One order whose notes make every download (backup, CSV, log) tens of megabytes: far more
    // than the socket buffers, so the server must wait for the reader.
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const placed = await placeOrder(
      db.sql,
      {
        customerId: null,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
      },
      guest,
    );
    const big = 'x'.repeat(24_000_000);
    await db.sql`update orders set notes = ${big} where id = ${placed.id}`;
    await db.sql.begin(async (tx) => {
      // The log is append-only (triggers); this test pads it as an attacker with the database would.
      await tx`set local session_replication_role = replica`;
      await tx`update events set metadata = metadata || jsonb_build_object('pad', ${big}::text)
                where stream_id = ${placed.id}`;
    });
  }, 60_000);

  /** Starts a download, reads its first bytes, then goes away as a cancelled browser does. */
  const startThenAbort = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port: app.port, path, headers: { cookie: boss.cookie, origin: app.url } },
        (res) => {
          res.once('data', () => {
            res.pause();
            // Let the server fill the socket's buffers and wait on the reader, then abort.
            setTimeout(() => {
              req.destroy();
              resolve(res.statusCode ?? 0);
            }, 300);
          });
        },
      );
      req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    });

  for (const path of ['/api/admin/backup', '/api/admin/orders.csv', '/api/admin/audit/export']) {
    it(`${path}: aborted mid-stream, its transaction ends and the pool serves`, async () => {
      expect(await startThenAbort(path)).toBe(200);
      // The producer notices on its next write: a batch already being read (here rows of megabytes,
      // seconds on a loaded machine) finishes first, then the transaction ends.
      await expect.poll(openTransactions, { timeout: RELEASE_MS, interval: 100 }).toBe(0);
      const health = await fetch(`http://127.0.0.1:${app.port}/healthz`, {
        signal: AbortSignal.timeout(2_000),
      });
      expect(health.status).toBe(200);
    }, 45_000);
  }

  it('ten cancelled backups in a row leave the shop answering', async () => {
    for (let i = 0; i < 10; i++) await startThenAbort('/api/admin/backup');
    await expect.poll(openTransactions, { timeout: RELEASE_MS, interval: 100 }).toBe(0);
    const health = await fetch(`http://127.0.0.1:${app.port}/healthz`, {
      signal: AbortSignal.timeout(2_000),
    });
    expect(await health.text()).toMatch(/^ok\noldest_unsealed_event_age_seconds \d+/);
  }, 60_000);
});

describe('issue 22.3: one gate for every non-tRPC back-office route', () => {
  const routes = [
    { path: '/api/admin/backup', method: 'GET' },
    { path: '/api/admin/orders.csv', method: 'GET' },
    { path: '/api/admin/audit/export', method: 'GET' },
    { path: '/api/admin/images', method: 'POST' },
  ];

  it('refuses another site (Origin or Sec-Fetch-Site) with the admin cookie, on every route', async () => {
    for (const { path, method } of routes) {
      const crossSite: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of crossSite) {
        const res = await fetch(`http://127.0.0.1:${app.port}${path}`, {
          method,
          headers: { cookie: boss.cookie, ...headers, 'content-type': 'application/octet-stream' },
          body: method === 'POST' ? 'x' : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(((await res.json()) as { code: string }).code).toBe('ORIGIN_NOT_ALLOWED');
      }
    }
  });

  it('answers a wrong method 405 with Allow and the French message, anonymous 401, a customer 403', async () => {
    const customer = await createUser(app.services);
    const shopper = browserClient(app);
    await shopper.signIn(customer.email, customer.password);
    for (const { path, method } of routes) {
      const wrong = method === 'GET' ? 'DELETE' : 'GET';
      const res = await fetch(`http://127.0.0.1:${app.port}${path}`, {
        method: wrong,
        headers: { cookie: boss.cookie, origin: app.url },
      });
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow')).toBe(method);
      expect(await res.json()).toEqual({ code: 'METHOD_NOT_ALLOWED', message: 'Méthode non autorisée.' });
      const send = (cookie: string) =>
        fetch(`http://127.0.0.1:${app.port}${path}`, {
          method,
          headers: { cookie, origin: app.url, 'content-type': 'application/octet-stream' },
          body: method === 'POST' ? 'x' : undefined,
        });
      const anonymous = await send('');
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Vous devez être connecté.',
      });
      const refused = await send(shopper.cookie);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Vous n'avez pas les droits d'administration.",
      );
    }
  });
});

describe('finding 3: failures from elsewhere never lock the owner out', () => {
  it("five wrong passwords from anywhere hold back strangers, not the owner's own browser", async () => {
    const proxied = await startHttpApp(db, { TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const from = (n: number) =>
        browserClient(proxied, proxied.url, { 'x-forwarded-for': `198.51.100.${n}` });
      const owner = from(1);
      const address = `proprietaire-${Date.now()}@example.fr`;
      expect((await owner.signUp(address)).status).toBe(200);
      expect((await owner.signIn(address)).status).toBe(200);
      expect(owner.cookie).toContain('h27_device=');

      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await from(10 + i).signIn(address, `faux-${i}-mot-de-passe`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      // Guessing stays bounded: a stranger with the right password waits too.
      expect((await from(50).signIn(address)).status).toBe(429);
      // The owner's browser, known to this account, is not held back.
      expect((await owner.signIn(address)).status).toBe(200);
      // Again after more failures from elsewhere: one wrong try per wait cannot keep it locked.
      await from(51).signIn(address, 'encore-un-faux-mot-de-passe');
      expect((await owner.signIn(address)).status).toBe(200);

      // A forged or borrowed device cookie counts for nothing.
      const device = owner.cookie.split('; ').find((c) => c.startsWith('h27_device='))!;
      const forged = device.replace(/h27_device=./, (m) => `${m.slice(0, -1)}${m.endsWith('A') ? 'B' : 'A'}`);
      expect((await from(60).signIn(address, undefined)).status).toBe(429);
      const withForged = browserClient(proxied, proxied.url, {
        'x-forwarded-for': '198.51.100.61',
        cookie: forged,
      });
      expect((await withForged.signIn(address)).status).toBe(429);
      const other = from(62);
      const otherAddress = `autre-${Date.now()}@example.fr`;
      await other.signUp(otherAddress);
      await other.signIn(otherAddress);
      const otherDevice = other.cookie.split('; ').find((c) => c.startsWith('h27_device='))!;
      const borrowed = browserClient(proxied, proxied.url, {
        'x-forwarded-for': '198.51.100.63',
        cookie: otherDevice,
      });
      expect((await borrowed.signIn(address)).status).toBe(429);

      // The owner's browser has its own budget: its own failures slow it down.
      const own: number[] = [];
      for (let i = 0; i < 6; i++)
        own.push((await owner.signIn(address, `oubli-${i}-du-mot-de-passe`)).status);
      expect(own).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await proxied.close();
    }
  }, 60_000);
});

describe('finding 5: the live feed starts where the log ends, whatever the transaction ids', () => {
  let other: TestDatabase;
  beforeAll(async () => {
    other = await createTestDatabase();
  });
  afterAll(async () => {
    await other.drop();
  });

  const place = async () => {
    const product = await createProduct(other.sql, { stockQuantity: 10 });
    return await placeOrder(
      other.sql,
      {
        customerId: null,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
      },
      guest,
    );
  };

  it('compares transaction ids as numbers across a power of ten (999 before 1000)', async () => {
    const first = await place();
    const second = await place();
    await other.sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update events set tx_id = '999'::xid8 where stream_id = ${first.id}`;
      await tx`update events set tx_id = '1000'::xid8 where stream_id = ${second.id}`;
    });
    const end = await horizonCursor(other.sql);
    expect(end.txId).toBe('1000');
    // An admin opening the orders screen now is sent nothing old as new.
    expect(await readEntries(other.sql, end)).toEqual([]);
  });

  it('is not held back by a long transaction in another database of the same server', async () => {
    const elsewhere = await db.sql.reserve();
    try {
      await elsewhere`begin`;
      await elsewhere`select pg_current_xact_id()`;
      const start = await horizonCursor(other.sql);
      const placed = await place();
      const read = await readEntries(other.sql, start);
      expect(read.map((e) => e.change.orderId)).toContain(placed.id);
      // A transaction of this database still holds it: a late commit is never skipped.
      const here = await other.sql.reserve();
      try {
        await here`begin`;
        await here`select pg_current_xact_id()`;
        const after = await place();
        expect((await readEntries(other.sql, start)).map((e) => e.change.orderId)).not.toContain(after.id);
        await here`commit`;
        expect((await readEntries(other.sql, start)).map((e) => e.change.orderId)).toContain(after.id);
      } finally {
        here.release();
      }
    } finally {
      await elsewhere`rollback`;
      elsewhere.release();
    }
  });
});

describe('finding 6: sealing is watched', () => {
  it('/healthz gives the age of the oldest unsealed event, "late" past twice AUDIT_SEAL_INTERVAL', async () => {
    const health = async () => (await fetch(`http://127.0.0.1:${app.port}/healthz`)).text();
    const product = await createProduct(db.sql, { stockQuantity: 5 });
    const placed = await placeOrder(
      db.sql,
      {
        customerId: null,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
      },
      guest,
    );
    expect(await health()).toMatch(/^ok\noldest_unsealed_event_age_seconds \d+\n$/);
    await db.sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update events set recorded_at = now() - interval '10 minutes' where stream_id = ${placed.id}`;
    });
    // The default interval is 60 s: 600 s unsealed is late.
    expect(await health()).toMatch(/^ok\noldest_unsealed_event_age_seconds (6\d\d|[7-9]\d\d|\d{4,}) late\n$/);
  });
});

describe('finding 4: checkpoints cannot be removed silently', () => {
  let log: TestDatabase;
  beforeAll(async () => {
    log = await createTestDatabase();
  });
  afterAll(async () => {
    await log.drop();
  });

  const sealAnOrder = async (config: ReturnType<typeof createTestServices>['config']) => {
    const product = await createProduct(log.sql, { stockQuantity: 5 });
    await placeOrder(
      log.sql,
      {
        customerId: null,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
      },
      guest,
    );
    return await sealLog(log.sql, config.AUDIT_KEY, config.AUDIT_WITNESS_FILE);
  };

  it('a checkpoint deleted from the middle breaks the signed chain; from the end, the witness the server keeps', async () => {
    const { config } = createTestServices(log);
    const first = await sealAnOrder(config);
    const second = await sealAnOrder(config);
    const third = await sealAnOrder(config);
    expect([first.sequence, second.sequence, third.sequence]).toEqual([1, 2, 3]);
    expect(third.previous).toBe(second.signature);
    expect((await verifyDatabase(log.sql, config.AUDIT_KEY)).ok).toBe(true);

    // From the middle: caught with the key alone.
    const saved = await log.sql`select * from audit_checkpoints where id = ${second.id}`;
    await log.sql`delete from audit_checkpoints where id = ${second.id}`;
    const middle = await verifyDatabase(log.sql, config.AUDIT_KEY);
    expect(middle.ok).toBe(false);
    expect(middle.problems.map((p) => p.message)).toContain(
      `checkpoint #${third.id}: the checkpoint before it is missing or was changed (chain broken)`,
    );
    await log.sql`insert into audit_checkpoints ${log.sql(saved[0]!)}`;
    expect((await verifyDatabase(log.sql, config.AUDIT_KEY)).ok).toBe(true);

    // From the end: the chain that is left is whole, the witness is not.
    await log.sql`delete from audit_checkpoints where id = ${third.id}`;
    expect((await latestWitnessed(config.AUDIT_WITNESS_FILE))[0]?.id).toBe(third.id);
    const witnessed = await latestWitnessed(config.AUDIT_WITNESS_FILE);
    const end = await verifyDatabase(log.sql, config.AUDIT_KEY, undefined, { witnessed });
    expect(end.ok).toBe(false);
    expect(end.problems.map((p) => p.message)).toContain(
      `checkpoint #${third.id} of the witness file is missing in the database`,
    );
    // The server's own checks: at start, and the sealer, which refuses to seal over it.
    expect(await checkWitness(log.sql, config)).toBe(false);
    expect((await sealOnce(log.sql, config)).kind).toBe('refused');
    expect((await log.sql`select count(*)::int as n from audit_checkpoints`)[0]!.n).toBe(2);
  });
});

describe('finding 10: smaller ones', () => {
  it('an upload named "a%00b.jpg" is stored without its name, not answered 500', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const res = await fetch(`http://127.0.0.1:${app.port}/api/admin/images`, {
      method: 'POST',
      headers: {
        cookie: boss.cookie,
        origin: app.url,
        'content-type': 'application/octet-stream',
        'x-file-name': 'a%00b.jpg',
      },
      body: png,
    });
    expect(res.status).toBe(201);
  });

  it("sign-up does not store better-auth's image field", async () => {
    const visitor = browserClient(app);
    const address = `image-${Date.now()}@example.fr`;
    const res = await visitor.post('/api/auth/sign-up/email', {
      firstName: 'Jean',
      lastName: 'Martin',
      name: 'Jean Martin',
      email: address,
      password: 'un long mot de passe normand 27',
      image: 'https://evil.example/pixel.png',
    });
    expect(res.status).toBe(200);
    const [row] = await db.sql<{ image: string | null }[]>`select image from users where email = ${address}`;
    expect(row?.image).toBeNull();
  });
});
