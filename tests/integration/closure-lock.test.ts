import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../../src/domain/site/time-zone.js';
import type { Services } from '../../src/server/context.js';
import { issueDueContractInvoices, recordContractPayment } from '../../src/server/contracts/commands.js';
import { recordInterventionPayment } from '../../src/server/interventions/invoice.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { setLogLevel } from '../../src/server/logger.js';
import { CLOSURE_LOCK, recordPayment } from '../../src/server/orders/money.js';
import {
  clockAt,
  contractMailing,
  contractMeta,
  householdContract,
  insertContractSite,
  signTestContract,
} from '../support/contracts.js';
import { createTestDatabase, createTestServices, createUser, type TestDatabase } from '../support/db.js';
import { invoicedIntervention } from '../support/intervention-documents.js';
import { SELLER } from '../support/invoices.js';
import { placePickup } from '../support/orders.js';

/*
 * Article 286 I 3° bis CGI (LEGAL.md): a closed day receives no movement. A closure holds the
 * closures' lock exclusively while it writes; a money command takes it in shared mode and only
 * then reads whether its day is closed. The order's money path once sent its read of the closures
 * before the lock (pipelined behind it in the code, but sent first): a payment waiting on a
 * closure of its own day was then recorded into that day once the closure committed. Each stream
 * that records money (orders, interventions, contracts) is held to it here.
 */

let db: TestDatabase;
let services: Services;
const meta = { actor: { kind: 'system' as const, name: 'test' }, requestId: 'test-closure-lock' };

beforeAll(async () => {
  setLogLevel('warn');
  db = await createTestDatabase();
  services = createTestServices(db);
  await saveIdentity(db.sql, SELLER, null);
});
afterAll(async () => {
  await db.drop();
});

/**
 * Runs `pay` while a closure of `day` is in progress (the lock held exclusively, its row written,
 * not committed), commits the closure once the payment waits on the lock, and gives the payment's
 * outcome: 'recorded' or its refusal's code.
 */
async function payDuringClosure(day: string, pay: () => Promise<unknown>) {
  const closer = await db.sql.reserve();
  try {
    await closer`begin`;
    await closer`select pg_advisory_xact_lock(hashtextextended(${CLOSURE_LOCK}, 0))`;
    await closer`
      insert into money_closures (position, kind, period, first_day, last_day, movement_count, net_cents,
                                  grand_total_cents, totals, closed_at)
      values (-1, 'day', ${day}, ${day}, ${day}, 0, 0, 0, '{}'::jsonb, now())`;
    const payment = pay().then(
      () => 'recorded',
      (error: { code?: string }) => error.code,
    );
    // The payment is waiting on the closures' lock (in this database: on the server, other test
    // files' databases share pg_locks).
    for (let i = 0; i < 200; i++) {
      const waiting = await db.sql`
        select 1 from pg_locks
         where locktype = 'advisory' and not granted
           and database = (select oid from pg_database where datname = current_database())`;
      if (waiting.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await closer`commit`;
    return await payment;
  } finally {
    await db.sql`delete from money_closures where position = -1`;
    closer.release();
  }
}

const paymentsOf = async (streamId: string) =>
  await db.sql`select 1 from events where stream_id = ${streamId} and type = 'PaymentRecorded'`;

describe('a money command racing a closure of its day waits for it, then finds its day closed and records nothing', () => {
  it('an order’s payment', async () => {
    const order = await placePickup(db.sql);
    const today = parisDay(new Date());
    const outcome = await payDuringClosure(today, () =>
      recordPayment(db.sql, order.id, { amountCents: 100, method: 'cash', day: today }, meta),
    );
    expect(outcome).toBe('PERIOD_CLOSED');
    expect(await paymentsOf(order.id)).toHaveLength(0);
  });

  it('an intervention invoice’s payment', async () => {
    const technician = await createUser(services, {
      role: 'technician',
      firstName: 'Théo',
      lastName: 'Martin',
    });
    const invoiced = await invoicedIntervention(
      db.sql,
      { id: null, email: 'alice@example.fr', name: 'Alice Moreau' },
      services.config,
      { id: technician.id, name: 'Théo Martin' },
    );
    const today = parisDay(new Date());
    const outcome = await payDuringClosure(today, () =>
      recordInterventionPayment(
        db.sql,
        invoiced.id,
        { amountCents: invoiced.totalInclCents, method: 'cheque', day: today },
        { ...meta, at: new Date().toISOString() },
      ),
    );
    expect(outcome).toBe('PERIOD_CLOSED');
    expect(await paymentsOf(invoiced.id)).toHaveLength(0);
  }, 60_000);

  it('a contract invoice’s payment', async () => {
    const mailing = await contractMailing(db.sql, services.config);
    const { state } = await signTestContract(
      db.sql,
      householdContract(await insertContractSite(db.sql), { startDate: '2025-01-01' }),
      mailing,
      '2024-12-10T09:00:00.000Z',
    );
    const contractId = state?.id as string;
    const at = '2025-12-20T08:00:00.000Z';
    const [invoiceNumber] = (await issueDueContractInvoices(db.sql, contractId, {
      meta: contractMeta(at),
      config: services.config,
      clock: clockAt(at),
    })) as [string];
    const outcome = await payDuringClosure('2025-12-20', () =>
      recordContractPayment(
        db.sql,
        contractId,
        { invoiceNumber, amountCents: 100, method: 'cheque', day: '2025-12-20', reference: 'Chèque 1234567' },
        contractMeta(at),
      ),
    );
    expect(outcome).toBe('PERIOD_CLOSED');
    expect(await paymentsOf(contractId)).toHaveLength(0);
  }, 60_000);
});
