/**
 * Readers of the one event log with an order stream and an intervention stream side by side
 * (docs/decisions/032-event-log-beyond-orders.md, « Readers by event type »): an intervention's
 * events share names with an order's (InvoiceIssued, PaymentRecorded); the orders' readers must
 * take an intervention's id for what it is, not an order, and not crash on its events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../../src/domain/site/time-zone.js';
import { closeThrough, readMovements } from '../../src/server/audit/closures.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { interventionModel } from '../../src/server/interventions/model.js';
import { handleStreamCommand } from '../../src/server/log/stream-commands.js';
import { adminOrderDetails } from '../../src/server/orders/admin-orders.js';
import { setOrderStatus } from '../../src/server/orders/commands.js';
import { foldStored } from '../../src/server/orders/commit.js';
import { orderHistory } from '../../src/server/orders/history.js';
import { recordPayment } from '../../src/server/orders/money.js';
import { readStream } from '../../src/server/orders/store.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { requestFields } from '../support/interventions.js';
import { guest, placePickup } from '../support/orders.js';

let db: TestDatabase;
let orderId: string;
let interventionId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const placed = await placePickup(db.sql);
  orderId = placed.id;
  const opened = await openIntervention(db.sql, requestFields(1), {
    meta: { ...guest, at: new Date().toISOString() },
    source: 'form',
    customerId: null,
  });
  interventionId = opened.state!.id;
}, 60_000);
afterAll(async () => {
  await db.drop();
});

describe('the orders’ stream reader beside an intervention stream', () => {
  it('folds an order’s stream and takes an intervention’s for no order', async () => {
    expect(foldStored(await readStream(db.sql, orderId))?.id).toBe(orderId);
    expect(foldStored(await readStream(db.sql, interventionId))).toBeNull();
  });

  it('answers « Commande introuvable » for an intervention’s id instead of failing', async () => {
    await expect(orderHistory(db.sql, interventionId, { audience: 'staff' })).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
    });
    await expect(adminOrderDetails(db.sql, interventionId)).rejects.toMatchObject({ kind: 'not_found' });
    // A command on it is refused the same way, and nothing is appended to the intervention.
    const admin = { actor: { kind: 'admin' as const, userId: 'admin-1' }, requestId: 'test' };
    await expect(setOrderStatus(db.sql, interventionId, 'confirmed', admin)).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
    });
    const [head] = await db.sql<{ version: number }[]>`
      select version from event_streams where stream_id = ${interventionId}`;
    expect(Number(head?.version)).toBe(1);
    expect((await orderHistory(db.sql, orderId, { audience: 'staff' }))[0]?.type).toBe('OrderPlaced');
  });
});

describe('the till’s readers (closures, grand total, money audit) beside an intervention stream', () => {
  it('sum an intervention’s payment with an order’s: both are money received that day', async () => {
    const day = parisDay(new Date());
    const admin = { actor: { kind: 'admin' as const, userId: 'admin-1' }, requestId: 'test' };
    await recordPayment(db.sql, orderId, { amountCents: 700, method: 'cash', day }, admin);
    // The intervention's payment as its billing decider writes it (its invoice is beside the point).
    await handleStreamCommand(
      db.sql,
      interventionModel,
      interventionId,
      { ...admin, at: new Date().toISOString() },
      () => [
        {
          type: 'PaymentRecorded' as const,
          data: {
            paymentId: 'p-int-1',
            day,
            method: 'cheque' as const,
            amountCents: 1100,
            vatRate: 10,
            vatCents: 100,
            reference: null,
          },
        },
      ],
    );
    const movements = await readMovements(db.sql, day, day);
    expect(movements.map((m) => [m.method, m.amountCents])).toEqual([
      ['cash', 700],
      ['cheque', 1100],
    ]);
    const tomorrow = new Date(Date.now() + 36 * 3600 * 1000);
    const [closure] = await closeThrough(db.sql, day, admin.actor, { now: tomorrow });
    expect(closure).toMatchObject({ kind: 'day', period: day, movementCount: 2, netCents: 1800 });
    expect(closure?.grandTotalCents).toBe(1800);
    const report = await verifyDatabase(db.sql, 'audit-test-key-0123456789');
    expect(report.problems).toEqual([]);
  });
});
