import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import postgres from 'postgres';
import { inject } from 'vitest';
import { ZodError } from 'zod';
import { createAuth } from '../../src/server/auth/auth.js';
import { loadConfig } from '../../src/server/config.js';
import type { Context, Role, Services, SessionUser } from '../../src/server/context.js';
import { createSql, type Sql, withDatabase } from '../../src/server/db/client.js';
import { setImageWorkerNiceness } from '../../src/server/images/images.js';
import { issueDocumentsOnDecisions } from '../../src/server/invoices/issue.js';
import { announceCommitsLive } from '../../src/server/live/signals.js';
import { orderLinker } from '../../src/server/orders/order-link.js';
import { appRouter } from '../../src/server/routers/index.js';
import { createCallerFactory } from '../../src/server/trpc.js';
import { withShownTotal } from './orders.js';

export interface TestDatabase {
  sql: Sql;
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated template: independent, fast, nothing to clean. */
export async function createTestDatabase(): Promise<TestDatabase> {
  // As the app does at start: order and product commits reach the live feeds (db/after-commit.ts).
  announceCommitsLive();
  const serverUrl = inject('dbServerUrl');
  const template = inject('templateDatabase');
  const template_pid = template.replace('h27_template_', '');
  const name = `h27_t_${template_pid}_${randomBytes(5).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${template}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const sql = createSql(url, 10);
  return {
    sql,
    url,
    name,
    async drop() {
      await sql.end({ timeout: 5 });
      const a = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** The app's configuration on a test database (no seed: tests create what they need). */
export function testConfig(db: TestDatabase, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    SEED: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: `./data/test-${db.name}`,
    // Tests place many orders from one address; the limits' own tests set them low.
    CHECKOUT_LIMIT_PER_IP: '100000',
    CHECKOUT_LIMIT_PER_EMAIL: '100000',
    // The Vitest tiers share the machine with the e2e tier: at niceness 19 the image worker got so
    // little CPU that seeding the demo catalogue took 141 s instead of 3 (three busy loops beside it).
    IMAGE_WORKER_NICENESS: '0',
    ...env,
  });
}

/**
 * Services as the app builds them, on a test database. As the app does at start (app.ts), every
 * order decision then issues the documents it implies (orders/after-decision.ts), and the image
 * worker gets the configured niceness.
 */
export function createTestServices(db: TestDatabase, env: Record<string, string> = {}): Services {
  const config = testConfig(db, env);
  issueDocumentsOnDecisions(orderLinker(config));
  setImageWorkerNiceness(config.IMAGE_WORKER_NICENESS);
  return { sql: db.sql, config, auth: createAuth(db.sql, config) };
}

const createCaller = createCallerFactory(appRouter);

type Caller = ReturnType<typeof createCaller>;
type PlaceInput = Parameters<Caller['checkout']['place']>[0];
/** The caller the tests use: checkout.place may leave shownTotal out (see callerAs). */
export type TestCaller = Omit<Caller, 'checkout'> & {
  checkout: Omit<Caller['checkout'], 'place'> & {
    place(
      input: Omit<PlaceInput, 'shownTotal'> & { shownTotal?: PlaceInput['shownTotal'] },
    ): ReturnType<Caller['checkout']['place']>;
  };
};

/**
 * A tRPC caller acting as the given user (null: anonymous), through the real middlewares. The shop's
 * checkout always sends the total it showed: checkout.place called without one gets the total the
 * page would have shown (withShownTotal, priced by the domain), so that every test orders as the
 * shop's page does; a test that gives shownTotal (even undefined) sends exactly that.
 */
export function callerAs(services: Services, user: SessionUser | null): TestCaller {
  const ctx: Context = {
    ...services,
    user,
    requestId: `test-${randomBytes(4).toString('hex')}`,
    ip: '127.0.0.1',
  };
  const caller = createCaller(ctx);
  const checkout = new Proxy(caller.checkout, {
    get: (target, key, receiver) =>
      key === 'place'
        ? async (input: PlaceInput) => target.place(await withShownTotal(services.sql, input))
        : Reflect.get(target, key, receiver),
  });
  return new Proxy(caller, {
    get: (target, key, receiver) => (key === 'checkout' ? checkout : Reflect.get(target, key, receiver)),
  }) as TestCaller;
}

let counter = 0;
/** Creates a real account through better-auth (profile included) and returns its session user. */
export async function createUser(
  services: Services,
  options: { role?: Role; email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<SessionUser & { password: string }> {
  counter += 1;
  const email = options.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.fr`;
  const password = options.password ?? 'motdepasse-solide';
  const name = `${options.firstName ?? 'Jean'} ${options.lastName ?? 'Dupont'}`;
  const result = await services.auth.api.signUpEmail({ body: { email, password, name } });
  const role = options.role ?? 'user';
  if (role !== 'user') await services.sql`update profiles set role = ${role} where id = ${result.user.id}`;
  return { id: result.user.id, email, name, role, password };
}

/**
 * The error a client gets from a refused call: its tRPC code, its domain code and its French message
 * (the first zod issue's, as the error formatter answers).
 */
export async function clientFailure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  const message = error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? '') : error.message;
  const domainCode = (error.cause as { code?: string } | undefined)?.code;
  return { code: error.code, message, domainCode };
}
