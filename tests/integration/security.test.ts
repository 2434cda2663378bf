import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authErrorMessage } from '../../src/domain/account/auth-errors.js';
import { INVALID_TEXT_MESSAGE } from '../../src/domain/security/text.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { browserClient, type RunningApp, startHttpApp } from '../support/http-app.js';
import { createProduct, customerForm, withShownTotal } from '../support/orders.js';

/*
 * The findings of the security review, replayed against the real HTTP server: cross-site
 * requests, loopback origins, request limits, text hygiene, sockets following their session.
 */

let db: TestDatabase;
let app: RunningApp;
const apps: RunningApp[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startHttpApp(db);
  apps.push(app);
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await db.drop();
});

const count = async (table: 'orders' | 'contact_requests' | 'users') =>
  (await db.sql.unsafe(`select count(*)::int as n from ${table}`))[0]!.n as number;

const placeInput = (productId: string, extra: Record<string, unknown> = {}) => ({
  ...customerForm,
  deliveryMethod: 'delivery',
  lines: [{ productId, quantity: 1 }],
  idempotencyKey: randomUUID(),
  ...extra,
});

let userCounter = 0;
const email = () => `securite${++userCounter}-${randomUUID().slice(0, 6)}@example.fr`;

describe('origins', () => {
  it('with PUBLIC_URL unset, signs up and in from localhost, 127.0.0.1 and [::1] on the port', async () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      const browser = browserClient(app, `http://${host}:${app.port}`);
      const address = email();
      expect((await browser.signUp(address)).status).toBe(200);
      expect((await browser.signIn(address)).status).toBe(200);
      const profile = await browser
        .trpc()
        .account.updateProfile.mutate({ firstName: 'Loïc', lastName: 'Roux' });
      expect(profile.firstName).toBe('Loïc');
    }
  });

  it('refuses a mutation from another site with 403 and a French message, and changes nothing', async () => {
    const victim = browserClient(app);
    const address = email();
    await victim.signUp(address);
    const evil = browserClient(app, 'http://evil.example');
    // The attacker's page rides on the victim's cookie.
    const res = await evil.post(
      '/api/trpc/account.updateProfile',
      { firstName: 'Pirate', lastName: 'Pirate' },
      { cookie: victim.cookie },
    );
    expect(res.status).toBe(403);
    expect(res.body?.error?.data.domainCode).toBe('ORIGIN_NOT_ALLOWED');
    expect(res.body?.error?.message).toBe(
      `Cette page a été ouverte depuis une adresse non autorisée (http://evil.example). Ouvrez le site depuis http://localhost:${app.port}, http://127.0.0.1:${app.port} ou http://[::1]:${app.port} puis réessayez.`,
    );
    expect((await victim.trpc().account.profile.query()).firstName).toBe('Jean');

    // Without Origin, a browser's Sec-Fetch-Site still tells a cross-site request.
    const noOrigin = await fetch(`http://127.0.0.1:${app.port}/api/trpc/account.updateProfile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: victim.cookie, 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ firstName: 'Pirate', lastName: 'Pirate' }),
    });
    expect(noOrigin.status).toBe(403);
    expect((await victim.trpc().account.profile.query()).firstName).toBe('Jean');

    // better-auth routes answer the same way, in a form the sign-in page shows as is.
    const before = await count('users');
    const signUp = await evil.signUp(email());
    expect(signUp.status).toBe(403);
    expect(authErrorMessage(signUp.status, signUp.body as { code: string; message: string })).toMatch(
      /^Cette page a été ouverte depuis une adresse non autorisée \(http:\/\/evil\.example\)/,
    );
    expect(await count('users')).toBe(before);
  });

  it('with PUBLIC_URL set, trusts that origin only and names it in the refusal', async () => {
    const port = app.port + 0;
    const strict = await startHttpApp(db, { PUBLIC_URL: 'http://localhost:9' });
    apps.push(strict);
    const fromLoopback = browserClient(strict, `http://127.0.0.1:${strict.port}`);
    const res = await fromLoopback.signUp(email());
    expect(res.status).toBe(403);
    expect(res.body?.message).toBe(
      `Cette page a été ouverte depuis une adresse non autorisée (http://127.0.0.1:${strict.port}). Ouvrez le site depuis http://localhost:9 puis réessayez.`,
    );
    expect(port).toBe(app.port);
    const fromPublic = browserClient(strict, 'http://localhost:9');
    expect((await fromPublic.signUp(email())).status).toBe(200);
  });

  it('refuses websocket upgrades from other sites, accepts its own', async () => {
    const open = (origin: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${app.port}/api/trpc`, { headers: { origin } });
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => undefined);
      });
    expect(await open('http://evil.example')).toBe(403);
    expect(await open(`http://127.0.0.1:${app.port}`)).toBe(101);
  });

  it('lets pages connect to their own origin only (CSP connect-src)', async () => {
    const res = await fetch(`http://127.0.0.1:${app.port}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src')) ?? '';
    expect(connect.split(' ')).not.toContain('ws:');
    expect(connect.split(' ')).not.toContain('wss:');
    expect(connect).toContain(`ws://localhost:${app.port}`);
  });
});

/** Sends raw bytes and returns the status line: for bodies fetch would not send. */
function rawRequest(head: string, body: Buffer | string = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(app.port, '127.0.0.1', () => {
      socket.write(head);
      if (body) socket.write(body);
    });
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
      if (data.includes('\r\n')) {
        resolve(data.split('\r\n')[0]!);
        socket.destroy();
      }
    });
    socket.on('error', (e) => (data ? resolve(data.split('\r\n')[0]!) : reject(e)));
  });
}

describe('request limits', () => {
  it('refuses an oversized better-auth body with 413 before reading it, and memory stays flat', async () => {
    const rss = process.memoryUsage().rss;
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () =>
        rawRequest(
          `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 400000000\r\nOrigin: ${app.url}\r\n\r\n`,
          Buffer.alloc(64 * 1024, 0x20),
        ),
      ),
    );
    for (const status of statuses) expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);

    const browser = browserClient(app);
    const big = await browser.post('/api/auth/sign-in/email', {
      email: 'a@b.fr',
      password: 'x'.repeat(20_000),
    });
    expect(big.status).toBe(413);
    expect(big.body?.message).toMatch(/trop volumineuse/);
  });

  it('switches off better-auth endpoints the product does not use (update-user and the like)', async () => {
    const browser = browserClient(app);
    await browser.signUp(email());
    const res = await browser.post('/api/auth/update-user', { name: '<b>x</b>'.repeat(100) });
    expect(res.status).toBe(404);
    expect((await browser.trpc().account.profile.query()).firstName).toBe('Jean');
    expect((await browser.post('/api/auth/change-email', { newEmail: 'x@y.fr' })).status).toBe(404);
  });

  it('refuses a tRPC body over 1 MB and a batch of more than 10 calls, creating nothing', async () => {
    const browser = browserClient(app);
    const huge = await browser.post('/api/trpc/contact.send', { message: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);

    const product = await createProduct(db.sql, { stockQuantity: 100 });
    const orders = await count('orders');
    const calls = 11;
    const path = Array.from({ length: calls }, () => 'checkout.place').join(',');
    const body = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, placeInput(product.id)]));
    const batch = await browser.post(`/api/trpc/${path}?batch=1`, body);
    expect(batch.status).toBe(413);
    expect(batch.body?.error?.message).toMatch(/Trop d’appels dans une seule requête \(10 au plus\)/);
    expect(await count('orders')).toBe(orders);
  });

  it('closes a websocket that sends too many calls, in one message or in many', async () => {
    const closeCode = (messages: string[]) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${app.port}/api/trpc`, { headers: { origin: app.url } });
        ws.on('open', () => {
          for (const m of messages) ws.send(m);
        });
        ws.on('close', (code) => resolve(code));
        ws.on('error', () => undefined);
      });
    const call = (id: number) => ({ id, method: 'query', params: { path: 'session.me' } });
    expect(await closeCode([JSON.stringify(Array.from({ length: 11 }, (_, i) => call(i)))])).toBe(1008);
    expect(await closeCode(Array.from({ length: 200 }, (_, i) => JSON.stringify(call(i))))).toBe(1008);
  });

  it('bounds the sockets one client address keeps open', async () => {
    const limited = await startHttpApp(db, { WS_MAX_PER_IP: '3' });
    apps.push(limited);
    const sockets: WebSocket[] = [];
    const open = () =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${limited.port}/api/trpc`);
        sockets.push(ws);
        ws.on('open', () => resolve(101));
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => undefined);
      });
    expect([await open(), await open(), await open(), await open()]).toEqual([101, 101, 101, 429]);
    for (const ws of sockets) ws.close();
  });
});

describe('text hygiene', () => {
  it('refuses NUL bytes and lone surrogates in any text with a French 400, writing nothing', async () => {
    const browser = browserClient(app);
    await browser.signUp(email());
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const orders = await count('orders');
    const contacts = await count('contact_requests');
    const cases: [string, unknown][] = [
      ['checkout.place', placeInput(product.id, { firstName: 'Ma\u0000rie' })],
      ['checkout.place', placeInput(product.id, { notes: 'x\uD800y' })],
      ['account.updateProfile', { firstName: 'Jean\u0000', lastName: 'Martin' }],
      [
        'contact.send',
        { name: 'A\uDC00', email: 'a@b.fr', phone: '0612345678', service: 'frelon', message: 'Un nid.' },
      ],
    ];
    for (const [procedure, input] of cases) {
      const res = await browser.post(`/api/trpc/${procedure}`, input);
      expect(res.status, procedure).toBe(400);
      expect(res.body?.error?.message).toBe(INVALID_TEXT_MESSAGE);
      expect(res.body?.error?.data.domainCode).toBe('INVALID_TEXT');
    }
    const signUp = await browser.signUp('nul\u0000@example.fr');
    expect(signUp.status).toBe(400);
    expect(authErrorMessage(signUp.status, signUp.body as { code: string })).toBe(INVALID_TEXT_MESSAGE);
    expect(await count('orders')).toBe(orders);
    expect(await count('contact_requests')).toBe(contacts);
    expect((await browser.trpc().account.profile.query()).firstName).toBe('Jean');
  });

  it('answers a malformed path with 400 and an unknown image with 404, never 500', async () => {
    expect(await rawRequest('GET /api/trpc/session.me%E0%A4%A HTTP/1.1\r\nHost: localhost\r\n\r\n')).toBe(
      'HTTP/1.1 400 Bad Request',
    );
    expect(await rawRequest('GET /boutique/%zz HTTP/1.1\r\nHost: localhost\r\n\r\n')).toBe(
      'HTTP/1.1 400 Bad Request',
    );
    const dashes = '-'.repeat(36);
    expect((await fetch(`http://127.0.0.1:${app.port}/images/${dashes}/320.webp`)).status).toBe(404);
  });

  it('normalises ids: an upper-case product id names the same product', async () => {
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const browser = browserClient(app);
    const found = await browser.trpc().catalog.byId.query({ id: product.id.toUpperCase() });
    expect(found.id).toBe(product.id);
    const placed = await browser
      .trpc()
      .checkout.place.mutate((await withShownTotal(db.sql, placeInput(product.id.toUpperCase()))) as never);
    expect(placed.orderNumber).toBeTruthy();
  });
});

describe('a websocket follows its session', () => {
  it('loses admin rights when demoted, and every right when signed out', async () => {
    const browser = browserClient(app);
    const address = email();
    await browser.signUp(address);
    const [user] = await db.sql<{ id: string }[]>`select id from users where email = ${address}`;
    await db.sql`update profiles set role = 'admin' where id = ${user!.id}`;

    const admin = browser.socket();
    expect(Array.isArray(await admin.client.contact.list.query({ limit: 5 }))).toBe(true);

    await db.sql`update profiles set role = 'user' where id = ${user!.id}`;
    await expect(admin.client.contact.list.query({ limit: 5 })).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
    admin.close();

    const customer = browser.socket();
    await expect(customer.client.contact.list.query({ limit: 5 })).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
    expect((await customer.client.account.profile.query()).firstName).toBe('Jean');

    expect((await browser.post('/api/auth/sign-out', {})).status).toBe(200);
    await expect(customer.client.account.profile.query()).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
    customer.close();
  });
});

describe('checkout and mail abuse', () => {
  it('limits orders per client address and per email address, shared through PostgreSQL', async () => {
    const limited = await startHttpApp(db, {
      TRUSTED_PROXIES: '127.0.0.1',
      CHECKOUT_LIMIT_PER_IP: '3',
      CHECKOUT_LIMIT_PER_EMAIL: '2',
    });
    // A second instance on the same database shares the counters.
    const twin = await startHttpApp(db, {
      TRUSTED_PROXIES: '127.0.0.1',
      CHECKOUT_LIMIT_PER_IP: '3',
      CHECKOUT_LIMIT_PER_EMAIL: '2',
    });
    apps.push(limited, twin);
    const product = await createProduct(db.sql, { stockQuantity: 100 });
    const from = (instance: RunningApp, ip: string) =>
      browserClient(instance, instance.url, { 'x-forwarded-for': ip });
    const status = async (instance: RunningApp, ip: string, mail: string) =>
      (
        await from(instance, ip).post(
          '/api/trpc/checkout.place',
          await withShownTotal(db.sql, placeInput(product.id, { email: mail })),
        )
      ).status;

    // Per address: three orders (different emails), then 429 on either instance.
    const ip = '203.0.113.10';
    expect([
      await status(limited, ip, 'a1@example.fr'),
      await status(twin, ip, 'a2@example.fr'),
      await status(limited, ip, 'a3@example.fr'),
      await status(twin, ip, 'a4@example.fr'),
    ]).toEqual([200, 200, 200, 429]);

    // Per email: two orders to one mailbox from many addresses, then 429.
    const before = await count('orders');
    const victim = 'boite@example.fr';
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await status(i % 2 ? twin : limited, `203.0.113.${20 + i}`, victim));
    expect(results).toEqual([200, 200, 429, 429]);
    expect(await count('orders')).toBe(before + 2);
    const refused = await from(limited, '203.0.113.40').post(
      '/api/trpc/checkout.place',
      await withShownTotal(db.sql, placeInput(product.id, { email: victim })),
    );
    expect(refused.body?.error?.message).toMatch(
      /^Trop de commandes en peu de temps\. Réessayez dans \d+ minute/,
    );
  });

  it('bounds reset mails to one account per hour, whatever the client address', async () => {
    const limited = await startHttpApp(db, { TRUSTED_PROXIES: '127.0.0.1', MAIL_LIMIT_PER_ADDRESS: '3' });
    apps.push(limited);
    const address = email();
    await browserClient(limited).signUp(address); // the verification mail is the first of three
    for (let i = 0; i < 6; i++) {
      const res = await browserClient(limited, limited.url, {
        'x-forwarded-for': `203.0.113.${60 + i}`,
      }).post('/api/auth/request-password-reset', {
        email: address,
        redirectTo: '/reinitialiser-mot-de-passe',
      });
      expect(res.status).toBe(200); // the answer never tells whether a mail left
    }
    const [row] = await db.sql<
      { count: number }[]
    >`select count from abuse_counters where key = ${`mail:${address}`}`;
    expect(row!.count).toBe(7);
    const sent = await mailsTo(address);
    expect(sent).toBe(3);
  });
});

/** Mails queued for an address (every mail goes through the outbox, sent by its worker). */
async function mailsTo(address: string): Promise<number> {
  const [row] = await db.sql<
    { n: number }[]
  >`select count(*)::int as n from mail_outbox where to_address = ${address}`;
  return row!.n;
}

describe('accounts', () => {
  it('slows down wrong passwords on one account whatever the client address', async () => {
    const address = email();
    await browserClient(app).signUp(address);
    const proxied = await startHttpApp(db, { TRUSTED_PROXIES: '127.0.0.1' });
    apps.push(proxied);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const attacker = browserClient(proxied, proxied.url, { 'x-forwarded-for': `192.0.2.${i + 1}` });
      statuses.push((await attacker.signIn(address, `mauvais-${i}-mot-de-passe`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Even the right password waits: the wait grows with failures, and the spec's message says so.
    const owner = await browserClient(proxied, proxied.url, { 'x-forwarded-for': '192.0.2.99' }).signIn(
      address,
    );
    expect(owner.status).toBe(429);
    expect(authErrorMessage(owner.status, owner.body as { code: string; message: string })).toBe(
      'Trop de tentatives, réessayez dans quelques minutes',
    );
    // Once the wait is over, the right password gets in and the failures are forgotten.
    await db.sql`update abuse_counters set window_start = now() - interval '1 hour' where key = ${`signin-fail:${address}`}`;
    expect((await browserClient(app).signIn(address)).status).toBe(200);
    expect((await db.sql`select 1 from abuse_counters where key = ${`signin-fail:${address}`}`).length).toBe(
      0,
    );
  });

  it('refuses weak passwords with a French reason, and accepts long passphrases', async () => {
    const browser = browserClient(app);
    const before = await count('users');
    const address = `claire.fontaine-${randomUUID().slice(0, 4)}@example.fr`;
    for (const password of ['password', '12345678', '        ', address, 'azertyuiop']) {
      const res = await browser.post('/api/auth/sign-up/email', {
        firstName: 'Claire',
        lastName: 'Fontaine',
        name: 'Claire Fontaine',
        email: address,
        password,
      });
      expect(res.status, password).toBe(400);
      expect(res.body?.code).toBe('WEAK_PASSWORD');
      expect(authErrorMessage(400, res.body as { code: string; message: string })).toMatch(
        /^Mot de passe (trop facile à deviner|refusé : il reprend votre adresse email ou votre nom)/,
      );
    }
    expect(await count('users')).toBe(before);
    const passphrase = 'les abeilles de la ferme normande butinent le colza au printemps !';
    expect(passphrase.length).toBeGreaterThanOrEqual(64);
    expect((await browser.signUp(email(), passphrase)).status).toBe(200);
    expect((await browser.signUp(email(), 'Cheval-Agrafe-Pommier-27')).status).toBe(200);
  });
});

describe('fairness', () => {
  it("one address's requests in progress are bounded, other addresses are still served", async () => {
    const limited = await startHttpApp(db, { TRUSTED_PROXIES: '127.0.0.1', API_MAX_IN_FLIGHT_PER_IP: '2' });
    apps.push(limited);
    // Two requests whose bodies never finish arriving: in progress as long as we like.
    const hanging = Array.from({ length: 2 }, () => {
      const socket = net.connect(limited.port, '127.0.0.1');
      socket.write(
        `POST /api/trpc/contact.send HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 203.0.113.77\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      );
      return socket;
    });
    await new Promise((r) => setTimeout(r, 200));
    const greedy = browserClient(limited, limited.url, { 'x-forwarded-for': '203.0.113.77' });
    const refused = await greedy.post('/api/trpc/contact.send', {});
    expect(refused.status).toBe(429);
    expect(refused.body?.error?.message).toBe(
      'Trop de requêtes en cours depuis votre adresse. Réessayez dans un instant.',
    );
    const other = browserClient(limited, limited.url, { 'x-forwarded-for': '203.0.113.78' });
    expect((await other.trpc().session.me.query()) ?? 'served').toBe('served');
    for (const socket of hanging) socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect((await greedy.trpc().session.me.query()) ?? 'served').toBe('served');
  });
});
