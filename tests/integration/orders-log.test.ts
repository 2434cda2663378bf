import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { EVENT_SCHEMA_VERSION, type EventMetadata } from '../../src/domain/orders/events.js';
import { ORDER_STATUSES } from '../../src/domain/orders/status.js';
import { OrderFeed } from '../../src/server/live/order-feed.js';
import { deleteOrder, setOrderStatus } from '../../src/server/orders/commands.js';
import { foldStored } from '../../src/server/orders/commit.js';
import { projectionStatement } from '../../src/server/orders/projections.js';
import { replayOrders } from '../../src/server/orders/replay.js';
import { appendEvent, ConcurrencyError, readStream } from '../../src/server/orders/store.js';
import { createTestDatabase, createTestServices, createUser, type TestDatabase } from '../support/db.js';
import {
  createProduct,
  customerForm,
  guest,
  placeOrder,
  setPaymentForTest,
  stockOf,
} from '../support/orders.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const admin = { actor: { kind: 'admin' as const, userId: 'admin-1' }, requestId: 'prop' };
const meta = (): EventMetadata => ({
  actor: { kind: 'system' },
  at: new Date().toISOString(),
  requestId: 'test',
  schemaVersion: EVENT_SCHEMA_VERSION,
});

async function newOrder(stock = 1000) {
  const product = await createProduct(db.sql, { stockQuantity: stock });
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
  return { order, product };
}

/** Versions 1..n, each once, positions unique and increasing with the version. */
async function expectGapless(streamId: string) {
  const events = await readStream(db.sql, streamId);
  expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
  const positions = events.map((e) => e.position);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  for (let i = 1; i < events.length; i++) expect(events[i]?.prevHash).toBe(events[i - 1]?.hash);
  return events;
}

describe('event store', () => {
  it('exactly one winner among racing appends with the same expected version', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 8 }), async (racers) => {
        const stream = randomUUID();
        const first = await appendEvent(db.sql, stream, 0, null, {
          type: 'Test',
          data: { n: 0 },
          metadata: meta(),
        });
        const results = await Promise.allSettled(
          Array.from({ length: racers }, (_, i) =>
            db.sql.begin((tx) =>
              appendEvent(tx, stream, 1, first.hash, { type: 'Test', data: { n: i + 1 }, metadata: meta() }),
            ),
          ),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost.every((r) => r.reason instanceof ConcurrencyError)).toBe(true);
        const events = await expectGapless(stream);
        expect(events).toHaveLength(2);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses an expected version ahead of the stream (no gap can be written)', async () => {
    const stream = randomUUID();
    await appendEvent(db.sql, stream, 0, null, { type: 'Test', data: {}, metadata: meta() });
    await expect(
      appendEvent(db.sql, stream, 3, null, { type: 'Test', data: {}, metadata: meta() }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await readStream(db.sql, stream)).toHaveLength(1);
  });

  it('the live feed never skips an event whose transaction commits late, nor one held behind a running transaction', async () => {
    // The feed reads the log with readEntries, its one commit-order reader; polled every 20 ms here,
    // so only its horizon guard decides what it hands out. The horizon is the oldest transaction
    // running in the whole cluster: on a shared server other sessions may hold it back a moment.
    // Its own database: the bare order streams it writes would be in the way of the replay's tests.
    const own = await createTestDatabase();
    const feed = new OrderFeed(own.sql, 20);
    // Only this test's streams: events committed before (other tests', held behind the horizon when
    // the feed attached) come too, as they should.
    const mine = new Set<string>();
    const seen: number[] = [];
    const attached = await feed.attach((entry) => {
      if (mine.has(entry.change.orderId)) seen.push(entry.change.position);
    });
    const until = async (count: number) => {
      for (let i = 0; i < 300 && seen.length < count; i++) await new Promise((r) => setTimeout(r, 50));
      return [...seen];
    };
    const slow = await own.sql.reserve();
    const fast = await own.sql.reserve();
    const append = (sql: typeof own.sql) => {
      const stream = randomUUID();
      mine.add(stream);
      // The feed carries order streams, those that begin with OrderPlaced (never the till's ledger).
      return appendEvent(sql, stream, 0, null, {
        type: 'OrderPlaced',
        data: { orderNumber: 'T-1', lines: [] },
        metadata: meta(),
      });
    };
    try {
      // The fast transaction gets its id first; the slow one takes a lower position, commits last.
      await fast`begin`;
      await fast`select pg_current_xact_id()`;
      await slow`begin`;
      const late = await append(slow);
      const early = await append(fast);
      expect(late.position).toBeLessThan(early.position);
      await fast`commit`;
      expect(await until(1)).toEqual([early.position]);
      await slow`commit`;
      // A reader going by position alone (> early.position) would never see it.
      expect(await until(2)).toEqual([early.position, late.position]);

      // And the other way round: a running transaction holds back later ones until it ends, so
      // that the feed's cursor never passes an event still to commit.
      await slow`begin`;
      const held = await append(slow);
      const next = await append(own.sql);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([early.position, late.position]);
      await slow`commit`;
      expect(await until(4)).toEqual([early.position, late.position, held.position, next.position]);
    } finally {
      attached.detach();
      feed.stop();
      // A failed assertion may leave a transaction open: it would hold the horizon for the next tests.
      await slow`rollback`.catch(() => undefined);
      await fast`rollback`.catch(() => undefined);
      slow.release();
      fast.release();
      await own.drop();
    }
  });
});

const command = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), value: fc.constantFrom(...ORDER_STATUSES) }),
  fc.record({
    kind: fc.constant('payment' as const),
    value: fc.constantFrom('pending', 'paid', 'failed', 'refunded'),
  }),
);
type Command = { kind: 'status' | 'payment'; value: string };
// A refusal the domain decides (a paid order cancelled without its refund, a payment on a cancelled
// order…) writes nothing: the property is about what is written.
const run = (orderId: string, c: Command) =>
  (c.kind === 'status'
    ? // Every change gives a reason: going back needs one (domain/orders/transitions.ts).
      setOrderStatus(db.sql, orderId, c.value, admin, 'Correction')
    : setPaymentForTest(db.sql, orderId, c.value, admin)
  ).then(
    (r) => r ?? { events: [] },
    (error: unknown) => {
      if (error instanceof DomainError && error.kind !== 'concurrency') return { events: [] };
      throw error;
    },
  );

describe('concurrent commands', () => {
  it('on one order: no lost or duplicated events, gapless versions, read table at the last version', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 2, maxLength: 8 }), async (commands) => {
        const { order, product } = await newOrder(100);
        const results = await Promise.all(commands.map((c) => run(order.id, c)));
        const events = await expectGapless(order.id);
        const appended = results.flatMap((r) => r.events.map((e) => e.position));
        // Every event a command reported is in the log once, and the log holds nothing else.
        expect(new Set(appended).size).toBe(appended.length);
        expect([...appended].sort((a, b) => a - b)).toEqual(events.slice(1).map((e) => e.position));
        const state = foldStored(events);
        const [row] = await db.sql`select status, payment_status, version from orders where id = ${order.id}`;
        expect(row).toEqual({
          status: state?.status,
          paymentStatus: state?.paymentStatus,
          version: events.length,
        });
        expect(await stockOf(db.sql, product.id)).toBe(state?.status === 'cancelled' ? 100 : 99);
      }),
      { numRuns: 25 },
    );
  });

  it('on many orders: every stream gapless, positions unique', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), command), { minLength: 4, maxLength: 16 }),
        async (plan) => {
          const orders = await Promise.all([0, 1, 2, 3].map(() => newOrder()));
          const results = await Promise.all(
            plan.map(([i, c]) => run((orders[i] as { order: { id: string } }).order.id, c)),
          );
          const positions = results.flatMap((r) => r.events.map((e) => e.position));
          expect(new Set(positions).size).toBe(positions.length);
          for (const { order } of orders) {
            const events = await expectGapless(order.id);
            const mine = results.flatMap((r) => r.events.filter((e) => e.streamId === order.id));
            expect(mine).toHaveLength(events.length - 1);
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('replay', () => {
  const step = fc.oneof(
    fc.record({ kind: fc.constant('place' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
    fc.record({
      kind: fc.constant('status' as const),
      pick: fc.nat(),
      value: fc.constantFrom(...ORDER_STATUSES),
    }),
    fc.record({
      kind: fc.constant('payment' as const),
      pick: fc.nat(),
      value: fc.constantFrom('pending', 'paid', 'failed', 'refunded'),
    }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  );

  it('rebuilds tables identical to the live ones after random command sequences, and leaves stock alone', async () => {
    const product = await createProduct(db.sql, { stockQuantity: 100_000 });
    const ids: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'place') {
            const order = await placeOrder(
              db.sql,
              {
                customerId: null,
                customer: customerForm,
                deliveryMethod: 'delivery',
                lines: [{ productId: product.id, quantity: s.quantity }],
              },
              guest,
            );
            ids.push(order.id);
            continue;
          }
          if (ids.length === 0) continue;
          const id = ids[s.pick % ids.length] as string;
          const outcome =
            s.kind === 'status'
              ? setOrderStatus(db.sql, id, s.value, admin, 'Correction')
              : s.kind === 'payment'
                ? setPaymentForTest(db.sql, id, s.value, admin)
                : deleteOrder(db.sql, id, null, admin);
          // Commands the domain refuses (on deleted orders, a paid order cancelled without its refund,
          // a refund of nothing…) write nothing; that is part of the sequence too.
          await outcome.catch((e: unknown) => {
            expect(e).toBeInstanceOf(DomainError);
            expect((e as DomainError).kind).not.toBe('concurrency');
          });
        }
        const stock = await stockOf(db.sql, product.id);
        const report = await replayOrders(db.sql);
        expect(report.differences).toEqual([]);
        expect(await stockOf(db.sql, product.id)).toBe(stock);
      }),
      { numRuns: 15 },
    );
  });

  it('a status change writes the status only: the payment columns stay as the ledger made them', async () => {
    // Issue 41: the projection of OrderStatusChanged wrote payment_status from the state it was
    // given, so an append built from any other state than the ledger's left the tables unlike the log.
    const { order } = await newOrder();
    await setPaymentForTest(db.sql, order.id, 'paid', admin);
    const [paid] =
      await db.sql`select payment_status, paid_cents, refunded_cents from orders where id = ${order.id}`;
    expect(paid).toMatchObject({
      paymentStatus: 'paid',
      paidCents: order.totalAmountCents,
      refundedCents: 0,
    });
    const stored = await readStream(db.sql, order.id);
    const head = stored.at(-1);
    const before = foldStored(stored);
    if (!head || !before) throw new Error('no order');
    const event = {
      type: 'OrderStatusChanged' as const,
      data: { from: before.status, to: 'confirmed' as const },
    };
    // The state handed to the statement carries payment figures the event did not decide.
    const after = {
      ...before,
      status: 'confirmed' as const,
      paymentStatus: 'pending' as const,
      paidCents: 0,
      refundedCents: 0,
      version: head.version + 1,
      updatedAt: new Date().toISOString(),
    };
    await appendEvent(
      db.sql,
      order.id,
      head.version,
      head.hash,
      { ...event, metadata: meta() },
      projectionStatement(db.sql, event, after) ?? undefined,
    );
    const [row] =
      await db.sql`select status, payment_status, paid_cents, refunded_cents from orders where id = ${order.id}`;
    expect(row).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      paidCents: order.totalAmountCents,
    });
    // Payments, refunds and status changes mixed: the rebuild from the log equals the live tables.
    await setPaymentForTest(db.sql, order.id, 'refunded', admin);
    await setOrderStatus(db.sql, order.id, 'processing', admin);
    await setOrderStatus(db.sql, order.id, 'confirmed', admin, 'Correction');
    expect((await replayOrders(db.sql)).differences).toEqual([]);
  });

  it('reports changed, missing and extra rows, and --apply swaps the rebuild in', async () => {
    const { order } = await newOrder();
    const { order: other } = await newOrder();
    await db.sql`update orders set status = 'delivered' where id = ${order.id}`;
    await db.sql`delete from orders where id = ${other.id}`;
    const report = await replayOrders(db.sql);
    expect(report.differenceCount).toBe(3);
    expect(report.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'orders', id: order.id, kind: 'changed', columns: ['status'] }),
        expect.objectContaining({ table: 'orders', id: other.id, kind: 'missing' }),
        expect.objectContaining({ table: 'order_items', kind: 'missing' }),
      ]),
    );
    const applied = await replayOrders(db.sql, { apply: true });
    expect(applied.applied).toBe(true);
    expect((await replayOrders(db.sql)).differenceCount).toBe(0);
    const [row] = await db.sql`select status from orders where id = ${order.id}`;
    expect(row?.status).toBe('pending');
  });

  it('matches the live table when a customer account was deleted since (customer id kept)', async () => {
    const services = createTestServices(db);
    const user = await createUser(services);
    const product = await createProduct(db.sql);
    await placeOrder(
      db.sql,
      {
        customerId: user.id,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
      },
      { actor: { kind: 'user', userId: user.id }, requestId: 'r' },
    );
    await db.sql`delete from users where id = ${user.id}`;
    const kept = await db.sql`select 1 from orders where customer_id = ${user.id}`;
    expect(kept).toHaveLength(1);
    expect((await replayOrders(db.sql)).differenceCount).toBe(0);
  });

  it('npm run orders:replay exits 1 on differences, 0 after --apply', async () => {
    const { order } = await newOrder();
    await db.sql`update orders set total_amount_cents = 1 where id = ${order.id}`;
    const env = { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn' };
    const tsx = path.resolve('node_modules/.bin/tsx');
    const exec = promisify(execFile);
    const bad = await exec(tsx, ['src/server/cli/orders-replay.ts'], { env }).catch((e) => e);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(`orders ${order.id} changed: total_amount_cents: live 1 / rebuilt 1000`);
    const fixed = await exec(tsx, ['src/server/cli/orders-replay.ts', '--apply'], { env });
    expect(fixed.stdout).toContain('1 differing rows replaced by the rebuild');
    const clean = await exec(tsx, ['src/server/cli/orders-replay.ts'], { env });
    expect(clean.stdout).toContain('The live tables equal the rebuild.');
  });
});
