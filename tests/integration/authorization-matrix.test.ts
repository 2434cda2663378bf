import { randomUUID } from 'node:crypto';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/routers/index.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { type BrowserClient, browserClient, type RunningApp, startHttpApp } from '../support/http-app.js';
import { createProduct, customerForm, shownTotalFor } from '../support/orders.js';
import {
  authorizationTable,
  type Fixtures,
  type Outcome,
  ROLE_ACCOUNTS,
  ROLES,
  type RoleName,
} from './authorization-table.js';

/*
 * The authorization matrix, generated from the router: every procedure of appRouter, called as
 * every role, over HTTP and over the websocket of the real server, must give the outcome declared
 * in authorization-table.ts. A procedure without a line there fails the test.
 */

type Procedures = Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }>;
const procedures = (appRouter._def as unknown as { procedures: Procedures }).procedures;

let db: TestDatabase;
let app: RunningApp;
let ipCounter = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  // Each role's client has its own forwarded address, so per-address limits do not mix roles.
  // Every procedure is called on one socket per role: more than the per-socket message limit allows
  // in 10 s (the limit has its own test, security.test.ts).
  app = await startHttpApp(db, { TRUSTED_PROXIES: '127.0.0.1', WS_MAX_MESSAGES: '1000' });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

/** One browser per role, signed in (the admin promoted in its profile), and the fixtures. */
async function setUp(): Promise<{ clients: Record<RoleName, BrowserClient>; fixtures: Fixtures }> {
  const clients = {} as Record<RoleName, BrowserClient>;
  const userIds = {} as Fixtures['userIds'];
  for (const role of ROLES) {
    ipCounter += 1;
    const client = browserClient(app, app.url, { 'x-forwarded-for': `198.51.100.${ipCounter}` });
    clients[role] = client;
    if (role === 'anonymous') continue;
    const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.fr`;
    expect((await client.signUp(email)).status).toBe(200);
    const [user] = await db.sql<{ id: string }[]>`select id from users where email = ${email}`;
    userIds[role] = user!.id;
    await db.sql`update profiles set role = ${ROLE_ACCOUNTS[role]} where id = ${user!.id}`;
  }
  // At the price adminProducts.update sets (19,90 €), so that the total shown below still holds.
  const product = await createProduct(db.sql, { stockQuantity: 1000, priceCents: 1990 });
  // What the checkout shows for one of it (the checkout sends it with every order).
  const shownTotal = await shownTotalFor(db.sql, [{ productId: product.id, quantity: 1 }]);
  const place = () =>
    clients.customerA.trpc().checkout.place.mutate({
      ...customerForm,
      deliveryMethod: 'delivery',
      lines: [{ productId: product.id, quantity: 1 }],
      idempotencyKey: randomUUID(),
      shownTotal,
    });
  const fixtures: Fixtures = {
    productId: product.id,
    shownTotal,
    orderOfA: (await place()).id,
    orderToRemove: (await place()).id,
    userIds,
  };
  return { clients, fixtures };
}

type Caller = Record<string, Record<string, Record<string, (input: unknown) => Promise<unknown>>>>;

interface Subscribable {
  subscribe(
    input: unknown,
    handlers: { onStarted(): void; onData(): void; onError(error: unknown): void },
  ): { unsubscribe(): void };
}

/** A subscription is allowed when the server starts it (or sends data), refused when it errs. */
function subscriptionOutcome(procedure: Subscribable, input: unknown): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let subscription: { unsubscribe(): void } | null = null;
    const done = (outcome: Outcome) => {
      clearTimeout(timer);
      setTimeout(() => subscription?.unsubscribe(), 0);
      resolve(outcome);
    };
    const timer = setTimeout(() => reject(new Error('the subscription neither started nor failed')), 5000);
    subscription = procedure.subscribe(input, {
      onStarted: () => done('ok'),
      onData: () => done('ok'),
      onError: (error) =>
        error instanceof TRPCClientError ? done((error.data as { code: Outcome }).code) : reject(error),
    });
  });
}

async function outcomeOf(client: unknown, path: string, type: string, input: unknown): Promise<Outcome> {
  const [namespace, name] = path.split('.') as [string, string];
  if (type === 'subscription') {
    return subscriptionOutcome(
      (client as Record<string, Record<string, Subscribable>>)[namespace]![name]!,
      input,
    );
  }
  const method = type === 'query' ? 'query' : 'mutate';
  try {
    await (client as Caller)[namespace]![name]![method]!(input);
    return 'ok';
  } catch (error) {
    if (error instanceof TRPCClientError) return (error.data as { code: Outcome }).code;
    throw error;
  }
}

describe('authorization matrix', () => {
  it('declares an expectation for every procedure of the router, and none for a missing one', () => {
    const routed = Object.keys(procedures).sort();
    const declared = Object.keys(authorizationTable).sort();
    expect(
      routed.filter((p) => !declared.includes(p)),
      'procedures without a line in the table',
    ).toEqual([]);
    expect(
      declared.filter((p) => !routed.includes(p)),
      'lines naming no procedure',
    ).toEqual([]);
  });

  for (const transport of ['http', 'websocket'] as const) {
    it(`gives each role the declared outcome for every procedure, over ${transport}`, async () => {
      const { clients, fixtures } = await setUp();
      const sockets: { close(): void }[] = [];
      const callers = Object.fromEntries(
        ROLES.map((role) => {
          if (transport === 'http') return [role, clients[role].trpc()];
          const socket = clients[role].socket();
          sockets.push(socket);
          return [role, socket.client];
        }),
      ) as Record<RoleName, unknown>;
      const actual: Record<string, Record<string, Outcome>> = {};
      const expected: Record<string, Record<string, Outcome>> = {};
      try {
        for (const [path, procedure] of Object.entries(procedures)) {
          const rule = authorizationTable[path];
          if (!rule) continue; // reported by the test above
          // Subscriptions are served on the websocket only (no HTTP subscription link).
          if (procedure._def.type === 'subscription' && transport === 'http') continue;
          actual[path] = {};
          expected[path] = { ...rule.expect };
          for (const role of ROLES) {
            actual[path][role] = await outcomeOf(
              callers[role],
              path,
              procedure._def.type,
              rule.input?.(fixtures),
            );
          }
        }
      } finally {
        for (const socket of sockets) socket.close();
      }
      expect(actual).toEqual(expected);
    });
  }
});
