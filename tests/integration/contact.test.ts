import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT, CONTACT_RATE_LIMIT_MESSAGE } from '../../src/domain/contact/schema.js';
import type { Context, Services, SessionUser } from '../../src/server/context.js';
import { appRouter } from '../../src/server/routers/index.js';
import { createCallerFactory } from '../../src/server/trpc.js';
import type { TestDatabase } from '../support/db.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
let db: TestDatabase;
let services: Services;
let customerA: SessionUser;
let customerB: SessionUser;
let admin: SessionUser;

beforeAll(async () => {
  shop = await testShop();
  ({ db, services } = shop);
  ({ customerA, customerB, admin } = shop.users);
});
afterAll(async () => {
  await shop.drop();
});

const createCaller = createCallerFactory(appRouter);
/** A caller from a given address, to exercise the per-address limit. */
const callerFrom = (ip: string, user: SessionUser | null = null) =>
  createCaller({ ...services, user, requestId: `test-${ip}`, ip } satisfies Context);

const request = (n: number) => ({
  name: `Visiteur ${n}`,
  email: `visiteur${n}@example.fr`,
  phone: '06 12 34 56 78',
  service: 'frelon' as const,
  message: `Nid de frelons sous le toit (${n})`,
});

const countRows = async () =>
  ((await db.sql`select count(*)::int as count from contact_requests`)[0] as { count: number }).count;

describe('contact.send', () => {
  it.each([
    ['anonymous', () => null],
    ['customer A', () => customerA],
    ['customer B', () => customerB],
    ['admin', () => admin],
  ])('stores the request of %s with its address and time', async (label, who) => {
    const caller = callerFrom(`10.0.0.${label.length}`, who());
    const before = Date.now();
    await expect(caller.contact.send({ ...request(1), name: label })).resolves.toEqual({ ok: true });
    const [row] = await db.sql`select * from contact_requests where name = ${label}`;
    expect(row).toMatchObject({
      email: 'visiteur1@example.fr',
      phone: '+33612345678',
      service: 'frelon',
      message: 'Nid de frelons sous le toit (1)',
      ip: `10.0.0.${label.length}`,
    });
    expect((row!.createdAt as Date).getTime()).toBeGreaterThanOrEqual(before - 5000);
  });

  it('rejects missing required fields with the French message and stores nothing', async () => {
    const before = await countRows();
    // The HTTP error formatter turns the first zod issue into the message; a direct caller keeps the ZodError.
    const firstIssue = async (input: Record<string, unknown>) => {
      const error = (await callerFrom('10.0.1.1')
        .contact.send(input as never)
        .catch((e: unknown) => e)) as { code: string; cause: { issues: { message: string }[] } };
      expect(error.code).toBe('BAD_REQUEST');
      return error.cause.issues[0]?.message;
    };
    expect(await firstIssue({ ...request(2), phone: '  ' })).toBe(
      'Veuillez indiquer votre numéro de téléphone.',
    );
    expect(await firstIssue({ ...request(2), service: 'termites' })).toBe('Veuillez choisir un service.');
    expect(await firstIssue({ ...request(2), email: 'pas-une-adresse' })).toBe(
      'Veuillez indiquer une adresse email valide.',
    );
    expect(await countRows()).toBe(before);
  });

  it('accepts a filled honeypot silently without storing it', async () => {
    const before = await countRows();
    await expect(
      callerFrom('10.0.2.1').contact.send({ ...request(3), website: 'http://spam.example' }),
    ).resolves.toEqual({ ok: true });
    expect(await countRows()).toBe(before);
  });

  it('limits each address, even under simultaneous requests, and leaves other addresses alone', async () => {
    const ip = '10.0.3.1';
    const attempts = CONTACT_RATE_LIMIT.max + 3;
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, (_, i) => callerFrom(ip).contact.send(request(100 + i))),
    );
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect(rejected).toHaveLength(3);
    expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: CONTACT_RATE_LIMIT_MESSAGE,
    });
    const [{ count }] =
      (await db.sql`select count(*)::int as count from contact_requests where ip = ${ip}`) as unknown as [
        { count: number },
      ];
    expect(count).toBe(CONTACT_RATE_LIMIT.max);
    await expect(callerFrom('10.0.3.2').contact.send(request(200))).resolves.toEqual({ ok: true });
  });

  it('counts only the recent window', async () => {
    const ip = '10.0.4.1';
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) await callerFrom(ip).contact.send(request(300 + i));
    await expect(callerFrom(ip).contact.send(request(399))).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    await db.sql`update contact_requests set created_at = now() - interval '11 minutes' where ip = ${ip}`;
    await expect(callerFrom(ip).contact.send(request(400))).resolves.toEqual({ ok: true });
  });
});

describe('contact.list', () => {
  it('refuses anonymous visitors and customers', async () => {
    await expect(shop.as('anonymous').contact.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(shop.as('customerA').contact.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(shop.as('customerB').contact.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('gives the admin every request, newest first', async () => {
    await callerFrom('10.0.5.1').contact.send({ ...request(500), name: 'Le plus récent' });
    const rows = await shop.as('admin').contact.list({ limit: 500 });
    expect(rows.length).toBe(await countRows());
    expect(rows[0]).toMatchObject({ name: 'Le plus récent', service: 'frelon', ip: '10.0.5.1' });
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'createdAt',
        'email',
        'handledAt',
        'handledByName',
        'id',
        'ip',
        'message',
        'name',
        'phone',
        'replies',
        'service',
      ].sort(),
    );
    const times = rows.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
