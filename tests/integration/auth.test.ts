import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authErrorMessage, RATE_LIMITED_MESSAGE } from '../../src/domain/account/auth-errors.js';
import { revokeSessions } from '../../src/server/auth/session-revocation.js';
import type { Services } from '../../src/server/context.js';
import { createHttpServer, type HttpServer } from '../../src/server/http/server.js';
import { type OutboxWorker, startMailOutbox } from '../../src/server/mail/outbox.js';
import { createMailer } from '../../src/server/mail/transport.js';
import { createTestDatabase, createTestServices, type TestDatabase, testConfig } from '../support/db.js';

/*
 * Accounts through the real HTTP server: better-auth at /api/auth, the session cookie, tRPC
 * reading the session, the rate limiter keyed on the client address, and the mailer's files.
 */

interface Running {
  services: Services;
  http: HttpServer;
  url: string;
}

let db: TestDatabase;
const running: Running[] = [];
/** Where the outbox worker of this file writes every mail (the instances share it, as in production). */
let mailDir: string;
let outbox: OutboxWorker;

async function start(env: Record<string, string> = {}): Promise<Running> {
  // PUBLIC_URL must match the origin the requests claim; the port is known only after listen.
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  const url = `http://localhost:${port}`;
  const services = createTestServices(db, {
    PUBLIC_URL: url,
    AUTH_RATE_LIMIT_MAX: '1000',
    ...env,
  });
  const http = await createHttpServer(services, { dev: false });
  await new Promise<void>((r) => http.server.listen(port, '127.0.0.1', () => r()));
  const run = { services, http, url };
  running.push(run);
  return run;
}

beforeAll(async () => {
  db = await createTestDatabase();
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'h27-mail-'));
  // The app's worker: account mails are queued by better-auth's hooks and sent from the outbox.
  outbox = await startMailOutbox(db.sql, createMailer(testConfig(db, { MAIL_DIR: mailDir })));
});
afterAll(async () => {
  for (const r of running) await r.http.close();
  await outbox.stop();
  await db.drop();
});

/** A tiny cookie jar: enough for one browser-like client. */
function client(app: Running, extraHeaders: Record<string, string> = {}) {
  let cookie = '';
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name] = pair!.split('=');
      const rest = cookie
        .split('; ')
        .filter((c) => c && !c.startsWith(`${name}=`))
        .join('; ');
      cookie = /max-age=0/i.test(line) ? rest : [rest, pair].filter(Boolean).join('; ');
    }
  };
  return {
    get cookie() {
      return cookie;
    },
    async post(pathname: string, body: unknown, headers: Record<string, string> = {}) {
      const res = await fetch(`${app.url}${pathname}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: app.url,
          ...(cookie ? { cookie } : {}),
          ...extraHeaders,
          ...headers,
        },
        body: JSON.stringify(body),
        redirect: 'manual',
      });
      remember(res);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
    },
    async get(pathname: string) {
      const res = await fetch(`${app.url}${pathname}`, {
        headers: { ...(cookie ? { cookie } : {}), ...extraHeaders },
        redirect: 'manual',
      });
      remember(res);
      return res;
    },
    /** session.me through tRPC over HTTP, as the browser asks it. */
    async me() {
      const res = await this.get('/api/trpc/session.me');
      const json = (await res.json()) as { result?: { data: unknown } };
      return json.result?.data ?? null;
    },
  };
}

/** The mails the worker wrote to this address, once there are `expected` of them (oldest first). */
async function mailsTo(address: string, expected: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const files = (await readdir(mailDir).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
    const all = await Promise.all(files.map((f) => readFile(path.join(mailDir, f), 'utf8')));
    const theirs = all.filter((m) => m.includes(`To: ${address}`));
    if (theirs.length >= expected) return theirs;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected ${expected} mail(s) to ${address} in ${mailDir}`);
}

/** The outbox rows of an address: every account mail goes through the queue. */
const outboxOf = (address: string) =>
  db.sql<{ kind: string; status: string }[]>`
    select kind, status from mail_outbox where to_address = ${address} order by id`;

/** Undoes quoted-printable soft breaks and escapes, enough to read links in a mail. */
function decodeQp(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

const sessionsOf = async (email: string) =>
  (
    await db.sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = ${email}`
  )[0]!.n as number;

const countUsers = async () => (await db.sql`select count(*)::int as n from users`)[0]!.n as number;

describe('sign-up', () => {
  it('creates the account, its profile with role user, signs in, and writes the French verification mail', async () => {
    const app = await start();
    const browser = client(app);
    const res = await browser.post('/api/auth/sign-up/email', {
      firstName: '  Marie-Claire ',
      lastName: 'De La Fontaine',
      email: 'Marie@Example.fr',
      password: 'motdepasse-solide',
      name: 'ignored',
      callbackURL: '/boutique',
    });
    expect(res.status).toBe(200);
    const [profile] = await db.sql`
      select p.first_name, p.last_name, p.role, p.country, u.name, u.email, u.email_verified
        from profiles p join users u on u.id = p.id where u.email = 'marie@example.fr'`;
    expect(profile).toMatchObject({
      firstName: 'Marie-Claire',
      lastName: 'De La Fontaine',
      role: 'user',
      country: 'France',
      name: 'Marie-Claire De La Fontaine',
      emailVerified: false,
    });
    // The session cookie is httpOnly and the session is known to tRPC.
    expect(browser.cookie).toContain('better-auth.session_token=');
    expect(res.headers.getSetCookie().join('\n')).toMatch(/HttpOnly/i);
    expect(await browser.me()).toMatchObject({ email: 'marie@example.fr', role: 'user' });

    const [mail] = await mailsTo('marie@example.fr', 1);
    await expect.poll(() => outboxOf('marie@example.fr')).toEqual([{ kind: 'verify-email', status: 'sent' }]);
    const decoded = decodeQp(mail!);
    expect(decoded).toContain('To: marie@example.fr');
    expect(mail).toMatch(/^Subject: .+/m);
    expect(decoded).toContain('Bonjour Marie-Claire De La Fontaine,');
    expect(decoded).toContain('Confirmer mon email');
    const link = /http:\/\/localhost:\d+\/api\/auth\/verify-email\?token=[^\s"<]+/.exec(decoded)?.[0];
    expect(link).toBeTruthy();
    // Following the link confirms the address (sign-in never waited for it).
    const verify = await client(app).get(
      new URL(link!.replace(/&amp;/g, '&')).pathname + new URL(link!.replace(/&amp;/g, '&')).search,
    );
    expect([200, 302]).toContain(verify.status);
    const [verified] = await db.sql`select email_verified from users where email = 'marie@example.fr'`;
    expect(verified?.emailVerified).toBe(true);
  });

  it('refuses bad input with a French message and creates nothing', async () => {
    const app = await start();
    await client(app).post('/api/auth/sign-up/email', {
      firstName: 'Paul',
      lastName: 'Martin',
      email: 'paul@example.fr',
      password: 'motdepasse-solide',
      name: 'Paul Martin',
    });
    const before = await countUsers();
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { email: 'paul@example.fr', password: 'autre-motdepasse' },
        422,
        'Un compte existe déjà avec cet email',
      ],
      [
        { email: 'nouveau@example.fr', password: 'court' },
        400,
        'Le mot de passe doit contenir au moins 8 caractères',
      ],
      [
        { email: 'nouveau@example.fr', password: 'motdepasse-solide', firstName: '' },
        400,
        'Le prénom est obligatoire',
      ],
      [
        { email: 'nouveau@example.fr', password: 'motdepasse-solide', lastName: 'x'.repeat(51) },
        400,
        'Le nom ne doit pas dépasser 50 caractères',
      ],
      [{ email: 'pas-un-email', password: 'motdepasse-solide' }, 400, 'Adresse email invalide'],
    ];
    for (const [body, status, message] of cases) {
      const res = await client(app).post('/api/auth/sign-up/email', {
        firstName: 'Léa',
        lastName: 'Bernard',
        name: 'Léa Bernard',
        ...body,
      });
      expect(res.status, message).toBe(status);
      expect(authErrorMessage(res.status, res.body)).toBe(message);
    }
    expect(await countUsers()).toBe(before);
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the right password only, and sign-out revokes the session on the server', async () => {
    const app = await start();
    await client(app).post('/api/auth/sign-up/email', {
      firstName: 'Luc',
      lastName: 'Petit',
      email: 'luc@example.fr',
      password: 'motdepasse-solide',
      name: 'Luc Petit',
    });

    const wrong = await client(app).post('/api/auth/sign-in/email', {
      email: 'luc@example.fr',
      password: 'mauvais-motdepasse',
    });
    expect(wrong.status).toBe(401);
    expect(authErrorMessage(wrong.status, wrong.body)).toBe('Email ou mot de passe incorrect');
    const unknown = await client(app).post('/api/auth/sign-in/email', {
      email: 'personne@example.fr',
      password: 'mauvais-motdepasse',
    });
    expect(authErrorMessage(unknown.status, unknown.body)).toBe('Email ou mot de passe incorrect');

    const sessionsBefore = await sessionsOf('luc@example.fr');
    const browser = client(app);
    const ok = await browser.post('/api/auth/sign-in/email', {
      email: 'luc@example.fr',
      password: 'motdepasse-solide',
    });
    expect(await sessionsOf('luc@example.fr')).toBe(sessionsBefore + 1);
    expect(ok.status).toBe(200);
    expect(await browser.me()).toMatchObject({ email: 'luc@example.fr' });
    const stolen = browser.cookie;

    const out = await browser.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect(await browser.me()).toBeNull();
    // The old cookie, replayed by anyone, no longer authenticates: the session row is gone.
    const replay = client(app, { cookie: stolen });
    expect(await replay.me()).toBeNull();
    expect(await sessionsOf('luc@example.fr')).toBe(sessionsBefore);
  });

  it('an expired session no longer authenticates', async () => {
    const app = await start();
    const browser = client(app);
    await browser.post('/api/auth/sign-up/email', {
      firstName: 'Eva',
      lastName: 'Roux',
      email: 'eva@example.fr',
      password: 'motdepasse-solide',
      name: 'Eva Roux',
    });
    expect(await browser.me()).toMatchObject({ email: 'eva@example.fr' });
    await db.sql`
      update sessions set expires_at = now() - interval '1 minute'
       where user_id = (select id from users where email = 'eva@example.fr')`;
    expect(await browser.me()).toBeNull();
  });

  it('a session cookie whose token or signature was altered never authenticates; a due refresh still extends the session', async () => {
    const app = await start();
    const browser = client(app);
    await browser.post('/api/auth/sign-up/email', {
      firstName: 'Noé',
      lastName: 'Blanc',
      email: 'noe@example.fr',
      password: 'motdepasse-solide',
      name: 'Noé Blanc',
    });
    expect(await browser.me()).toMatchObject({ email: 'noe@example.fr', role: 'user' });
    const [name, value] = browser.cookie
      .split('; ')
      .find((c) => c.includes('session_token='))!
      .split('=') as [string, string];
    const signed = decodeURIComponent(value);
    const dot = signed.lastIndexOf('.');
    const [token, signature] = [signed.slice(0, dot), signed.slice(dot + 1)];
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const asCookie = (t: string, sig: string) => ({ cookie: `${name}=${encodeURIComponent(`${t}.${sig}`)}` });
    for (const forged of [
      asCookie(token, flip(signature, 3)),
      asCookie(flip(token, 0), signature),
      asCookie(token, ''),
      { cookie: `${name}=${token}` },
    ]) {
      expect(await client(app, forged).me()).toBeNull();
    }
    expect(await client(app, asCookie(token, signature)).me()).toMatchObject({ email: 'noe@example.fr' });

    // Older than better-auth's update age: still valid, and extended by the read (its sliding expiry).
    await db.sql`
      update sessions set expires_at = now() + interval '1 day'
       where user_id = (select id from users where email = 'noe@example.fr')`;
    expect(await browser.me()).toMatchObject({ email: 'noe@example.fr' });
    const [extended] = await db.sql<{ days: number }[]>`
      select extract(epoch from expires_at - now()) / 86400 as days from sessions
       where user_id = (select id from users where email = 'noe@example.fr')`;
    expect(Number(extended?.days)).toBeGreaterThan(6);
  });

  it('a role change or a revocation is seen by the very next request on every instance, even after a burst of reads', async () => {
    const [first, second] = [await start(), await start()];
    const browser = client(first);
    await browser.post('/api/auth/sign-up/email', {
      firstName: 'Inès',
      lastName: 'Morel',
      email: 'ines@example.fr',
      password: 'motdepasse-solide',
      name: 'Inès Morel',
    });
    const onSecond = client(second, { cookie: browser.cookie });
    const burst = await Promise.all(Array.from({ length: 20 }, () => onSecond.me()));
    expect(burst.every((me) => (me as { email?: string } | null)?.email === 'ines@example.fr')).toBe(true);
    const [user] = await db.sql<{ id: string }[]>`select id from users where email = 'ines@example.fr'`;
    await db.sql`update profiles set role = 'auditor' where id = ${user!.id}`;
    expect(await onSecond.me()).toMatchObject({ role: 'auditor' });
    await Promise.all(Array.from({ length: 20 }, () => onSecond.me()));
    await db.sql.begin((tx) => revokeSessions(tx, user!.id));
    expect(await onSecond.me()).toBeNull();
    expect(await browser.me()).toBeNull();
  });

  it('resets a forgotten password by mail, which also ends the open sessions', async () => {
    const app = await start();
    const browser = client(app);
    await browser.post('/api/auth/sign-up/email', {
      firstName: 'Zoé',
      lastName: 'Lemoine',
      email: 'zoe@example.fr',
      password: 'ancien-motdepasse',
      name: 'Zoé Lemoine',
    });
    const asked = await client(app).post('/api/auth/request-password-reset', {
      email: 'zoe@example.fr',
      redirectTo: '/reinitialiser-mot-de-passe',
    });
    expect(asked.status).toBe(200);
    const all = await mailsTo('zoe@example.fr', 2);
    await expect
      .poll(() => outboxOf('zoe@example.fr'))
      .toEqual([
        { kind: 'verify-email', status: 'sent' },
        { kind: 'reset-password', status: 'sent' },
      ]);
    const reset = all.map(decodeQp).find((m) => m.includes('/reinitialiser-mot-de-passe?token='));
    expect(reset).toBeTruthy();
    const token = /\/reinitialiser-mot-de-passe\?token=([A-Za-z0-9_-]+)/.exec(reset!)![1]!;

    const short = await client(app).post('/api/auth/reset-password', { newPassword: 'court', token });
    expect(authErrorMessage(short.status, short.body)).toBe(
      'Le mot de passe doit contenir au moins 8 caractères',
    );
    const done = await client(app).post('/api/auth/reset-password', {
      newPassword: 'nouveau-motdepasse',
      token,
    });
    expect(done.status).toBe(200);
    expect(await browser.me()).toBeNull();
    const again = await client(app).post('/api/auth/reset-password', {
      newPassword: 'encore-un-autre',
      token,
    });
    expect(authErrorMessage(again.status, again.body)).toBe(
      'Ce lien de réinitialisation est invalide ou a expiré',
    );

    const old = await client(app).post('/api/auth/sign-in/email', {
      email: 'zoe@example.fr',
      password: 'ancien-motdepasse',
    });
    expect(old.status).toBe(401);
    const fresh = await client(app).post('/api/auth/sign-in/email', {
      email: 'zoe@example.fr',
      password: 'nouveau-motdepasse',
    });
    expect(fresh.status).toBe(200);
  });
});

describe('sign-in rate limit', () => {
  const burst = async (c: ReturnType<typeof client>, n: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await c.post('/api/auth/sign-in/email', {
        email: 'cible@example.fr',
        password: `essai-${i}-faux`,
      });
      statuses.push(res.status);
      if (res.status === 429) expect(authErrorMessage(res.status, res.body)).toBe(RATE_LIMITED_MESSAGE);
    }
    return statuses;
  };

  it('refuses a burst of wrong passwords with 429, and a forged X-Forwarded-For does not escape it', async () => {
    // The counters live in PostgreSQL (shared by every instance): start from a clean slate.
    await db.sql`delete from rate_limits`;
    // This test is about the per-address limiter: forget the per-account failures of earlier tests.
    await db.sql`delete from abuse_counters`;
    const app = await start({ AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW: '60' });
    await client(app).post('/api/auth/sign-up/email', {
      firstName: 'Cible',
      lastName: 'Test',
      email: 'cible@example.fr',
      password: 'motdepasse-solide',
      name: 'Cible Test',
    });
    expect(await burst(client(app), 5)).toEqual([401, 401, 401, 429, 429]);
    // Even the right password is refused while the window lasts.
    const right = await client(app).post('/api/auth/sign-in/email', {
      email: 'cible@example.fr',
      password: 'motdepasse-solide',
    });
    expect(right.status).toBe(429);
    // Claiming another address is pointless when the server does not trust the sender as a proxy.
    const forged = await client(app, {
      'x-forwarded-for': '203.0.113.9',
      'x-h27-client-ip': '203.0.113.10',
    }).post('/api/auth/sign-in/email', { email: 'cible@example.fr', password: 'motdepasse-solide' });
    expect(forged.status).toBe(429);
  });

  it('behind a trusted proxy, limits each forwarded client separately', async () => {
    await db.sql`delete from rate_limits`;
    // This test is about the per-address limiter: forget the per-account failures of earlier tests.
    await db.sql`delete from abuse_counters`;
    const app = await start({ AUTH_RATE_LIMIT_MAX: '2', TRUSTED_PROXIES: '127.0.0.1, ::1' });
    const first = client(app, { 'x-forwarded-for': '198.51.100.7' });
    expect(await burst(first, 3)).toEqual([401, 401, 429]);
    // A client-supplied left-most hop is ignored: the proxy appended the real address on the right.
    const spoofing = client(app, { 'x-forwarded-for': '10.9.9.9, 198.51.100.7' });
    expect(await burst(spoofing, 1)).toEqual([429]);
    const other = client(app, { 'x-forwarded-for': '198.51.100.8' });
    expect(await burst(other, 1)).toEqual([401]);
  });
});
