import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION } from '../../src/domain/orders/events.js';
import { createSql } from '../../src/server/db/client.js';
import { setLogLevel } from '../../src/server/logger.js';
import { setOrderStatus } from '../../src/server/orders/commands.js';
import { forgetOrderReads, keepOrderRead, keptOrderRead } from '../../src/server/orders/read-cache.js';
import { appendEvent, ConcurrencyError } from '../../src/server/orders/store.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { customerForm, guest, placePickup } from '../support/orders.js';

/*
 * Issue 41 (docs/decisions/050-order-read-cache.md): a command decides on the order as this process
 * last appended it, without reading its stream, and the append's own statement checks that the
 * order is still exactly that one. An erasure or another instance's change since must never reach
 * the log or a mail through a kept state.
 */

let db: TestDatabase;
const meta = { actor: { kind: 'system' as const, name: 'test' }, requestId: 'test-read-cache' };

beforeAll(async () => {
  setLogLevel('warn');
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

/** The statements a one-connection pool sends while `run` uses it. */
async function traced(run: (sql: ReturnType<typeof createSql>) => Promise<unknown>) {
  const sent: string[] = [];
  const sql = createSql(db.url, 1, { debug: (_connection, query) => sent.push(query) });
  try {
    await run(sql);
    // The wake-ups NOTIFY after the commit (db/notify.ts) go out before the pool ends.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    await sql.end();
  }
  return sent;
}

const readsStream = (sent: string[]) => sent.some((q) => /from events\s+where stream_id/.test(q));

const statusOf = async (orderId: string) => {
  const [row] = await db.sql<{ status: string; version: number }[]>`
    select o.status, s.version from orders o join event_streams s on s.stream_id = o.id where o.id = ${orderId}`;
  return row;
};

const lastEvent = async (orderId: string) => {
  const [row] = await db.sql<{ version: number; data: { from: string; to: string } }[]>`
    select version, data from events where stream_id = ${orderId} order by version desc limit 1`;
  return row;
};

describe('the orders kept between commands', () => {
  it('a second command on an order reads no stream; a forgotten order is read again', async () => {
    const order = await placePickup(db.sql);
    await setOrderStatus(db.sql, order.id, 'confirmed', meta);
    const warm = await traced((sql) => setOrderStatus(sql, order.id, 'processing', meta));
    expect(readsStream(warm)).toBe(false);
    expect(await statusOf(order.id)).toEqual({ status: 'processing', version: 3 });

    forgetOrderReads();
    const cold = await traced((sql) => setOrderStatus(sql, order.id, 'shipped', meta));
    expect(readsStream(cold)).toBe(true);
    expect(await statusOf(order.id)).toEqual({ status: 'shipped', version: 4 });
  });

  it('after an erasure the kept order cannot append: the mail is not written to the erased address', async () => {
    const order = await placePickup(db.sql);
    await setOrderStatus(db.sql, order.id, 'confirmed', meta);
    await setOrderStatus(db.sql, order.id, 'processing', meta);
    expect(keptOrderRead(order.id)?.state.customer.email).toBe(customerForm.email);
    // What the erasers run on an order's records (privacy/stream-records.ts): no version changes.
    await db.sql`
      update personal_records set fields = null, salt = null, erased_at = now() where stream_id = ${order.id}`;
    const sent = await traced((sql) => setOrderStatus(sql, order.id, 'shipped', meta));
    expect(readsStream(sent)).toBe(true);
    expect(await statusOf(order.id)).toEqual({ status: 'shipped', version: 4 });
    const mails = await db.sql<{ toAddress: string }[]>`
      select to_address from mail_outbox where dedupe_key = ${`order-status:${order.id}:4`}`;
    expect(mails).toEqual([]);
  });

  it('decides again on the stream when another instance changed the order since (no-op or append)', async () => {
    const order = await placePickup(db.sql);
    await setOrderStatus(db.sql, order.id, 'confirmed', meta);
    // What another instance's process still holds once this one moves the order on.
    const stale = keptOrderRead(order.id);
    if (!stale) throw new Error('the confirmed order should be kept');
    await setOrderStatus(db.sql, order.id, 'processing', meta);

    // On the stale state « Confirmée » would be nothing to do: the order is « En traitement ».
    keepOrderRead(order.id, stale);
    await setOrderStatus(db.sql, order.id, 'confirmed', meta, 'Retour en arrière');
    expect(await statusOf(order.id)).toEqual({ status: 'confirmed', version: 4 });

    // On the stale state the change appends at version 3: the statement refuses, the command
    // decides again from « Confirmée » at version 4 as read.
    await setOrderStatus(db.sql, order.id, 'processing', meta);
    keepOrderRead(order.id, stale);
    await setOrderStatus(db.sql, order.id, 'shipped', meta);
    expect(await lastEvent(order.id)).toMatchObject({
      version: 6,
      data: { from: 'processing', to: 'shipped' },
    });
  });

  it('an append must chain to the head hash of the stream, not only follow its version', async () => {
    const streamId = randomUUID();
    const event = {
      type: 'Test',
      data: { n: 1 },
      metadata: {
        actor: guest.actor,
        at: new Date().toISOString(),
        requestId: 'test',
        schemaVersion: EVENT_SCHEMA_VERSION,
      },
    };
    await appendEvent(db.sql, streamId, 0, null, event);
    await expect(appendEvent(db.sql, streamId, 1, 'f'.repeat(64), event)).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    const [head] = await db.sql<
      { version: number }[]
    >`select version from event_streams where stream_id = ${streamId}`;
    expect(head?.version).toBe(1);
  });
});
