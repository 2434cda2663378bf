import { randomUUID } from 'node:crypto';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql } from '../../src/server/db/client.js';
import type { OrderChange } from '../../src/server/live/order-feed.js';
import { addOrderNote, setOrderStatus } from '../../src/server/orders/commands.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { type BrowserClient, browserClient, type RunningApp, startHttpApp } from '../support/http-app.js';
import { createProduct, placeInput, withShownTotal } from '../support/orders.js';

/*
 * Live updates across two real instances on one database. Each instance has its own connection
 * pool (as two processes would), and the order feed's poll is set far beyond the tests' waits, so
 * what instance B commits reaches instance A's subscribers through NOTIFY and the log only.
 */

let db: TestDatabase;
let a: RunningApp;
let b: RunningApp;
const extraPools: { end(): Promise<void> }[] = [];
let productId: string;
let ip = 0;

const env = { LIVE_POLL_MS: '600000', TRUSTED_PROXIES: '127.0.0.1', WS_MAX_PER_USER: '3' };

beforeAll(async () => {
  db = await createTestDatabase();
  a = await startHttpApp(db, env);
  const poolB = createSql(db.url, 5);
  extraPools.push({ end: () => poolB.end({ timeout: 5 }) });
  b = await startHttpApp({ ...db, sql: poolB }, env);
  productId = (await createProduct(db.sql, { infiniteStock: true })).id;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  for (const pool of extraPools) await pool.end();
  await db?.drop();
});

/** A browser signed in on `app` (its own forwarded address: per-address limits stay apart). */
async function signedIn(app: RunningApp, role: 'user' | 'admin' | 'auditor' | null) {
  ip += 1;
  const client = browserClient(app, app.url, { 'x-forwarded-for': `198.51.100.${ip}` });
  if (role === null) return { client, userId: null };
  const email = `live-${randomUUID().slice(0, 8)}@example.fr`;
  expect((await client.signUp(email)).status).toBe(200);
  const [user] = await db.sql<{ id: string }[]>`select id from users where email = ${email}`;
  await db.sql`update profiles set role = ${role} where id = ${user!.id}`;
  return { client, userId: user!.id };
}

/** The same browser's cookie on the other instance (sessions live in the shared database). */
function sameBrowserOn(app: RunningApp, from: BrowserClient) {
  ip += 1;
  const cookie = from.cookie;
  return browserClient(app, app.url, { 'x-forwarded-for': `198.51.100.${ip}`, cookie });
}

type Tracked = { id: string; data: OrderChange };

/** Subscribes and collects what arrives; waitFor resolves once the predicate holds. */
function collect(
  procedure: {
    subscribe(
      input: unknown,
      handlers: { onData(d: unknown): void; onError(e: unknown): void; onStarted?(): void },
    ): { unsubscribe(): void };
  },
  input: unknown = undefined,
) {
  const items: Tracked[] = [];
  /** The items as they came: order items carry the changes read together. */
  const batches: { id: string; data: unknown }[] = [];
  const errors: unknown[] = [];
  let started!: () => void;
  const startedPromise = new Promise<void>((r) => {
    started = r;
  });
  const sub = procedure.subscribe(input, {
    onData: (d) => {
      const item = d as { id: string; data: { changes?: OrderChange[] } };
      batches.push(item);
      // One entry per order change (a wake-up of the other streams is one entry as it came).
      if (item.data.changes)
        for (const change of item.data.changes) items.push({ id: item.id, data: change });
      else items.push(item as Tracked);
    },
    onError: (e) => errors.push(e),
    onStarted: () => started(),
  });
  return {
    items,
    batches,
    errors,
    started: startedPromise,
    stop: () => sub.unsubscribe(),
    async waitFor(done: () => boolean, what: string, ms = 90_000) {
      const end = Date.now() + ms;
      while (!done()) {
        if (errors.length) throw errors[0];
        if (Date.now() > end) throw new Error(`timed out waiting for ${what} (got ${items.length})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

/** The log's positions in commit order (the order every reader must see). */
async function logOrder(after = 0): Promise<number[]> {
  const rows = await db.sql<{ position: string }[]>`
    select position from events where position > ${after} order by tx_id, position`;
  return rows.map((r) => Number(r.position));
}

/** The positions of these orders' events, in commit order. */
async function logOrderOf(orderIds: string[]): Promise<number[]> {
  const rows = await db.sql<{ position: string }[]>`
    select position from events where stream_id = any(${orderIds}::uuid[]) order by tx_id, position`;
  return rows.map((r) => Number(r.position));
}

/*
 * On a shared PostgreSQL server, a transaction of another test holds the cluster's horizon: events
 * committed just before a subscription joined may still reach it (the feed starts at the horizon).
 * The checks below therefore look at the events of the orders each test made, and at duplicates.
 */
const ownItems = (items: Tracked[], orderIds: string[]) =>
  items.filter((i) => orderIds.includes(i.data.orderId));
const positionsOf = (items: Tracked[], orderIds: string[]) =>
  ownItems(items, orderIds).map((i) => i.data.position);
const expectNoDuplicates = (items: Tracked[]) =>
  expect(new Set(items.map((i) => i.data.position)).size).toBe(items.length);

/**
 * An admin's socket on instance A that has received one order a shopper placed on instance B (from
 * the given address): the last id a resume starts from.
 */
async function afterOneOrder(address: string) {
  const admin = await signedIn(a, 'admin');
  const shopper = browserClient(b, b.url, { 'x-forwarded-for': address });
  const socket = admin.client.socket();
  const first = collect(socket.client.live.orders);
  await first.started;
  const one = await shopper
    .trpc()
    .checkout.place.mutate(await withShownTotal(db.sql, placeInput([{ productId, quantity: 1 }])));
  await first.waitFor(() => first.items.some((i) => i.data.orderId === one.id), 'the first order');
  first.stop();
  return { shopper, socket, lastId: first.items.at(-1)!.id };
}

const meta = (requestId: string) => ({ actor: { kind: 'system' as const }, requestId });

describe('live.orders across two instances', { timeout: 240_000 }, () => {
  it('delivers on instance A, in commit order and exactly once, the events committed on instance B', async () => {
    const admin = await signedIn(a, 'admin');
    const socket = admin.client.socket();
    const feed = collect(socket.client.live.orders);
    await feed.started;
    const [start] = await db.sql<{ max: string | null }[]>`select max(position) as max from events`;
    const from = Number(start?.max ?? 0);

    // Concurrent checkouts on B (each its own transaction), then status changes and notes.
    const shopper = browserClient(b, b.url, { 'x-forwarded-for': '203.0.113.9' });
    const placed = await Promise.all(
      Array.from({ length: 8 }, async () =>
        shopper
          .trpc()
          .checkout.place.mutate(await withShownTotal(db.sql, placeInput([{ productId, quantity: 1 }]))),
      ),
    );
    await Promise.all(
      placed.map((order, i) =>
        i % 2
          ? setOrderStatus(b.services.sql, order.id, 'confirmed', meta(`live-${i}`))
          : addOrderNote(b.services.sql, order.id, 'Rappeler le client', meta(`live-${i}`)),
      ),
    );
    const ids = placed.map((p) => p.id);
    const expected = await logOrderOf(ids);
    expect(expected).toHaveLength(16);
    expect(expected.every((position) => position > from)).toBe(true);
    await feed.waitFor(() => positionsOf(feed.items, ids).length >= expected.length, 'the 16 events');
    await new Promise((r) => setTimeout(r, 200));
    expect(positionsOf(feed.items, ids)).toEqual(expected);
    expectNoDuplicates(feed.items);
    // Each message is tracked by the position of its last change: where a resume starts.
    for (const batch of feed.batches as { id: string; data: { changes: OrderChange[] } }[]) {
      expect(batch.data.changes.length).toBeGreaterThan(0);
      expect(batch.id).toBe(String(batch.data.changes.at(-1)!.position));
    }
    const first = ownItems(feed.items, ids)[0]!.data;
    const order = placed.find((p) => p.id === first.orderId)!;
    expect(first).toMatchObject({ type: 'OrderPlaced', version: 1, orderNumber: order.orderNumber });
    expect(new Set(ownItems(feed.items, ids).map((i) => i.data.type))).toEqual(
      new Set(['OrderPlaced', 'OrderStatusChanged', 'OrderNoteAdded']),
    );
    feed.stop();
    socket.close();
  });

  it('resumes from the last id: first the missed events from the log, then live ones, none twice', async () => {
    const { shopper, socket, lastId } = await afterOneOrder('203.0.113.10');

    // While away: three orders on B.
    for (let i = 0; i < 3; i++)
      await shopper
        .trpc()
        .checkout.place.mutate(await withShownTotal(db.sql, placeInput([{ productId, quantity: 1 }])));
    const missed = await logOrder(Number(lastId));
    expect(missed).toHaveLength(3);

    const again = collect(socket.client.live.orders, { lastEventId: lastId });
    await again.waitFor(() => again.items.length >= 3, 'the missed events');
    const live = await shopper
      .trpc()
      .checkout.place.mutate(await withShownTotal(db.sql, placeInput([{ productId, quantity: 1 }])));
    await again.waitFor(() => again.items.some((i) => i.data.orderId === live.id), 'the live event');
    await new Promise((r) => setTimeout(r, 200));
    expect(again.items.map((i) => i.data.position)).toEqual(await logOrder(Number(lastId)));
    again.stop();
    socket.close();
  });

  it('resumes with events still behind the horizon when it joins: they come once the horizon passes, without a notification', async () => {
    const { shopper, socket, lastId } = await afterOneOrder('203.0.113.11');

    // An older transaction stays open (as another session's would): what commits after it began
    // stays behind the horizon, and its NOTIFYs reach a feed nobody listens to.
    const holder = await db.sql.reserve();
    try {
      await holder`begin`;
      await holder`select pg_current_xact_id()`;
      const away = [];
      for (let i = 0; i < 3; i++)
        away.push(
          await shopper
            .trpc()
            .checkout.place.mutate(await withShownTotal(db.sql, placeInput([{ productId, quantity: 1 }]))),
        );
      const again = collect(socket.client.live.orders, { lastEventId: lastId });
      await again.started;
      await new Promise((r) => setTimeout(r, 300));
      await holder`commit`;
      // Polling is off in these tests (LIVE_POLL_MS): only the feed's own retries can bring them.
      const ids = away.map((o) => o.id);
      await again.waitFor(() => positionsOf(again.items, ids).length >= 3, 'the held events');
      expect(positionsOf(again.items, ids)).toEqual(await logOrderOf(ids));
      expectNoDuplicates(again.items);
      again.stop();
    } finally {
      holder.release();
      socket.close();
    }
  });

  it('closes a subscriber whose queue overflows; it reconnects with its last id and misses nothing', async () => {
    const small = await startHttpApp(db, { ...env, LIVE_QUEUE_ITEMS: '2' });
    try {
      const admin = await signedIn(small, 'admin');
      const socket = admin.client.socket();
      const feed = collect(socket.client.live.orders);
      await feed.started;
      // An open transaction holds the horizon: the five orders reach the feed in ONE read, more
      // than the queue holds.
      const blocker = await db.sql.reserve();
      await blocker`begin`;
      await blocker`select pg_current_xact_id()`;
      const shopper = browserClient(b, b.url, { 'x-forwarded-for': '203.0.113.11' });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          (
            await shopper
              .trpc()
              .checkout.place.mutate(await withShownTotal(db.sql, placeInput([{ productId, quantity: 1 }])))
          ).id,
        );
      await blocker`commit`;
      blocker.release();
      await b.services.sql`select pg_notify('h27_live_orders', '')`;
      const expected = await logOrderOf(ids);
      await feed.waitFor(
        () => positionsOf(feed.items, ids).length >= expected.length,
        'the five orders after the reconnect',
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(positionsOf(feed.items, ids)).toEqual(expected);
      expectNoDuplicates(feed.items);
      feed.stop();
      socket.close();
    } finally {
      await small.close();
    }
  });
});

describe('live.myOrders', { timeout: 240_000 }, () => {
  it("gives a customer their own orders' changes only, without the internal notes", async () => {
    const alice = await signedIn(a, 'user');
    const bruno = await signedIn(a, 'user');
    const socket = alice.client.socket();
    const mine = collect(socket.client.live.myOrders);
    await mine.started;
    // Both order on instance B with their sessions; the admin changes and annotates both orders.
    const aliceOnB = sameBrowserOn(b, alice.client);
    const brunoOnB = sameBrowserOn(b, bruno.client);
    const hers = await aliceOnB
      .trpc()
      .checkout.place.mutate(await withShownTotal(db.sql, placeInput([{ productId, quantity: 1 }])));
    const his = await brunoOnB
      .trpc()
      .checkout.place.mutate(await withShownTotal(db.sql, placeInput([{ productId, quantity: 1 }])));
    for (const order of [his, hers]) {
      await addOrderNote(b.services.sql, order.id, 'Note interne', meta('note'));
      await setOrderStatus(b.services.sql, order.id, 'shipped', meta('status'));
    }
    await mine.waitFor(
      () => mine.items.some((i) => i.data.type === 'OrderStatusChanged'),
      "her order's status change",
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.items.map((i) => [i.data.orderId, i.data.type])).toEqual([
      [hers.id, 'OrderPlaced'],
      [hers.id, 'OrderStatusChanged'],
    ]);
    mine.stop();
    socket.close();
  });
});

describe('who may subscribe', { timeout: 240_000 }, () => {
  const outcome = async (
    app: RunningApp,
    role: 'user' | 'admin' | 'auditor' | null,
    path: 'orders' | 'myOrders',
  ) => {
    const { client } = await signedIn(app, role);
    const socket = client.socket();
    const sub = collect(socket.client.live[path]);
    try {
      await Promise.race([
        sub.started,
        new Promise((r) => setTimeout(r, 5000)).then(() => {
          throw new Error('neither started nor refused');
        }),
        (async () => {
          while (!sub.errors.length) await new Promise((r) => setTimeout(r, 10));
        })(),
      ]);
      const error = sub.errors[0];
      return error instanceof TRPCClientError
        ? (error.data as { code: string }).code
        : error
          ? 'other'
          : 'ok';
    } finally {
      sub.stop();
      socket.close();
    }
  };

  it('lets an auditor follow every order, and receive them', async () => {
    const auditor = await signedIn(a, 'auditor');
    const socket = auditor.client.socket();
    const feed = collect(socket.client.live.orders);
    await feed.started;
    const order = await browserClient(b, b.url, { 'x-forwarded-for': '203.0.113.12' })
      .trpc()
      .checkout.place.mutate(await withShownTotal(db.sql, placeInput([{ productId, quantity: 1 }])));
    await feed.waitFor(() => feed.items.some((i) => i.data.orderId === order.id), "a guest's order");
    feed.stop();
    socket.close();
  });

  it('refuses live.orders to a customer (FORBIDDEN) and to anonymous visitors (UNAUTHORIZED)', async () => {
    expect(await outcome(a, 'user', 'orders')).toBe('FORBIDDEN');
    expect(await outcome(a, null, 'orders')).toBe('UNAUTHORIZED');
    expect(await outcome(a, null, 'myOrders')).toBe('UNAUTHORIZED');
  });

  it('bounds the sockets of one account: over WS_MAX_PER_USER, a typed error in French', async () => {
    const { client } = await signedIn(a, 'admin');
    const sockets = [client.socket(), client.socket(), client.socket()];
    const subs = sockets.map((s) => collect(s.client.live.settings));
    await Promise.all(subs.map((s) => s.started));
    const fourth = client.socket();
    const refused = collect(fourth.client.live.settings);
    await refused.waitFor(() => refused.errors.length > 0, 'the refusal').catch(() => undefined);
    const error = refused.errors[0] as TRPCClientError<never>;
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(error.message).toBe(
      'Trop de connexions ouvertes pour ce compte (3 au plus). Fermez un onglet et réessayez.',
    );
    expect((error.data as unknown as { domainCode: string }).domainCode).toBe('TOO_MANY_SOCKETS');
    refused.stop();
    fourth.close();
    for (const s of subs) s.stop();
    for (const s of sockets) s.close();
  });
});
