import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../../src/domain/site/time-zone.js';
import { setLogLevel } from '../../src/server/logger.js';
import { CLOSURE_LOCK, recordPayment } from '../../src/server/orders/money.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { placePickup } from '../support/orders.js';

/*
 * Article 286 I 3° bis CGI (LEGAL.md): a closed day receives no movement. A closure holds the
 * closures' lock exclusively while it writes; a money command takes it in shared mode and only
 * then reads whether its day is closed. The order's money path sent its read of the closures
 * before the lock (pipelined behind it in the code, but sent first): a payment waiting on a
 * closure of its own day was then recorded into that day once the closure committed.
 */

let db: TestDatabase;
const meta = { actor: { kind: 'system' as const, name: 'test' }, requestId: 'test-closure-lock' };

beforeAll(async () => {
  setLogLevel('warn');
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('a money command racing a closure of its day', () => {
  it('waits for the closure, then finds its day closed and records nothing', async () => {
    const order = await placePickup(db.sql);
    const today = parisDay(new Date());
    // A closure of today, in progress: the lock held exclusively, its row written, not committed.
    const closer = await db.sql.reserve();
    let outcome: unknown;
    try {
      await closer`begin`;
      await closer`select pg_advisory_xact_lock(hashtextextended(${CLOSURE_LOCK}, 0))`;
      await closer`
        insert into money_closures (position, kind, period, first_day, last_day, movement_count, net_cents,
                                    grand_total_cents, totals, closed_at)
        values (-1, 'day', ${today}, ${today}, ${today}, 0, 0, 0, '{}'::jsonb, now())`;
      const payment = recordPayment(
        db.sql,
        order.id,
        { amountCents: 100, method: 'cash', day: today },
        meta,
      ).then(
        () => 'recorded',
        (error: { code?: string }) => error.code,
      );
      // The payment is waiting on the closures' lock.
      for (let i = 0; i < 200; i++) {
        const waiting = await db.sql`select 1 from pg_locks where locktype = 'advisory' and not granted`;
        if (waiting.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await closer`commit`;
      outcome = await payment;
    } finally {
      closer.release();
    }
    expect(outcome).toBe('PERIOD_CLOSED');
    const payments = await db.sql`
      select 1 from events where stream_id = ${order.id} and type = 'PaymentRecorded'`;
    expect(payments).toHaveLength(0);
  });
});
