import type { Services, SessionUser } from '../../src/server/context.js';
import type { Sql } from '../../src/server/db/client.js';
import { type SendRound, sendDueMails } from '../../src/server/mail/outbox.js';
import { createMailer } from '../../src/server/mail/transport.js';
import { cachedSettings } from '../../src/server/settings/store.js';
import { callerAs, createTestDatabase, createTestServices, createUser, type TestDatabase } from './db.js';

/** The four roles of the authorization goal: anonymous, two customers, an admin. */
export type TestRole = 'anonymous' | 'customerA' | 'customerB' | 'admin';
export type TestUser = SessionUser & { password: string };
export type TestCaller = ReturnType<typeof callerAs>;

export interface TestShop {
  db: TestDatabase;
  sql: Sql;
  services: Services;
  /** Signed-in accounts made through better-auth (profile included). */
  users: { customerA: TestUser; customerB: TestUser; admin: TestUser };
  /** A tRPC caller acting as the role, through the real middlewares (a fresh request id each time). */
  as(role: TestRole): TestCaller;
  /** One round of the mail outbox's worker with the app's mailer (.eml files in MAIL_DIR). */
  deliverMails(): Promise<SendRound>;
  drop(): Promise<void>;
}

/**
 * The integration fixture: a fresh database cloned from the migrated template, the services the
 * app builds (env overrides the test configuration), customers Alice Martin (A) and Bruno Petit (B),
 * and an admin. Use it in beforeAll, drop it in afterAll.
 */
export async function testShop(env: Record<string, string> = {}): Promise<TestShop> {
  const db = await createTestDatabase();
  const services = createTestServices(db, env);
  const users = {
    customerA: await createUser(services, { firstName: 'Alice', lastName: 'Martin' }),
    customerB: await createUser(services, { firstName: 'Bruno', lastName: 'Petit' }),
    admin: await createUser(services, { role: 'admin', firstName: 'Gérant', lastName: 'Boutique' }),
  };
  // As app.ts wires it: the sender's name follows the settings.
  const mailer = createMailer(
    services.config,
    async () => (await cachedSettings(db.sql, services.config)).settings.shopName,
  );
  return {
    db,
    sql: db.sql,
    services,
    users,
    as: (role) => callerAs(services, role === 'anonymous' ? null : users[role]),
    deliverMails: () => sendDueMails(db.sql, mailer),
    drop: () => db.drop(),
  };
}

export const ROLES_IN_TESTS: readonly TestRole[] = ['anonymous', 'customerA', 'customerB', 'admin'];
