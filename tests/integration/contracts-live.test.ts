/**
 * Contract events in the live feed (issue 38, docs/decisions/044-yearly-contracts.md and 015): an
 * admin's socket on the real server receives, from the log, every event of a contract another
 * admin or the sweep commits (signed, visits planned, invoiced, visit confirmed, notice sent,
 * terminated), in commit order and once; the interventions' and orders' feeds do not carry them.
 * Who may subscribe: the authorization matrix (authorization-table.ts, admins only).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmPlannedVisit,
  readContract,
  sweepContracts,
  terminateContract,
} from '../../src/server/contracts/commands.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import type { OrderChange } from '../../src/server/live/order-feed.js';
import {
  contractMailing,
  householdContract,
  insertContractSite,
  signTestContract,
} from '../support/contracts.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { browserClient, type RunningApp, startHttpApp } from '../support/http-app.js';
import { SELLER } from '../support/invoices.js';
import { createTechnician } from '../support/technicians.js';

let db: TestDatabase;
let app: RunningApp;
let ip = 0;
const config = { PUBLIC_URL: 'http://localhost:3000', AUTH_SECRET: 'contract-live-secret-0123456789abcdef' };

beforeAll(async () => {
  db = await createTestDatabase();
  // A long poll: what the commands commit reaches the socket through NOTIFY and the log only.
  app = await startHttpApp(db, { LIVE_POLL_MS: '600000', TRUSTED_PROXIES: '127.0.0.1' });
  await saveIdentity(db.sql, SELLER, null);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

async function signedIn(role: 'user' | 'admin' | null) {
  ip += 1;
  const client = browserClient(app, app.url, { 'x-forwarded-for': `198.51.100.${ip}` });
  if (role === null) return client;
  const email = `contracts-live-${randomUUID().slice(0, 8)}@example.fr`;
  expect((await client.signUp(email)).status).toBe(200);
  await db.sql`update profiles set role = ${role} where id = (select id from users where email = ${email})`;
  return client;
}

type Procedure = {
  subscribe(
    input: unknown,
    handlers: { onData(d: unknown): void; onError(e: unknown): void; onStarted?(): void },
  ): { unsubscribe(): void };
};

function collect(procedure: Procedure) {
  const changes: OrderChange[] = [];
  const errors: unknown[] = [];
  let started!: () => void;
  const startedPromise = new Promise<void>((r) => {
    started = r;
  });
  const sub = procedure.subscribe(undefined, {
    onData: (d) => changes.push(...(d as { data: { changes: OrderChange[] } }).data.changes),
    onError: (e) => errors.push(e),
    onStarted: () => started(),
  });
  return {
    changes,
    errors,
    started: startedPromise,
    stop: () => sub.unsubscribe(),
    async waitFor(done: () => boolean, what: string, ms = 60_000) {
      const end = Date.now() + ms;
      while (!done()) {
        if (errors.length) throw errors[0];
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

const meta = (at: string) => ({
  actor: { kind: 'admin' as const, userId: 'admin-2' },
  at,
  requestId: `live:${at}`,
});

describe('live.contracts', { timeout: 240_000 }, () => {
  it('delivers every event of a contract, in commit order and once, and nothing to the other feeds', async () => {
    const admin = await signedIn('admin');
    const socket = admin.socket();
    const contracts = collect(socket.client.live.contracts as unknown as Procedure);
    const interventions = collect(socket.client.live.interventions as unknown as Procedure);
    const orders = collect(socket.client.live.orders as unknown as Procedure);
    await Promise.all([contracts.started, interventions.started, orders.started]);

    const mailing = await contractMailing(db.sql, config);
    const { state } = await signTestContract(
      db.sql,
      householdContract(await insertContractSite(db.sql)),
      mailing,
    );
    const id = state!.id;
    const at = (iso: string) => ({ now: new Date(iso), clock: async () => new Date(iso) });
    await sweepContracts(db.sql, mailing, at('2027-01-01T07:00:00.000Z'));
    const technician = await createTechnician(app.services, { firstName: 'Luc', lastName: 'Terrain' }, null);
    const { interventionId } = await confirmPlannedVisit(
      db.sql,
      id,
      (await readContract(db.sql, id))!.visits[1]!.day,
      { technicianId: technician.id, time: '09:00', durationMinutes: 60 },
      meta('2027-01-02T09:00:00.000Z'),
      mailing,
    );
    await sweepContracts(db.sql, mailing, at('2027-09-01T07:00:00.000Z'));
    await terminateContract(
      db.sql,
      id,
      { by: 'owner', online: false, reason: 'Déménagement' },
      meta('2027-09-02T09:00:00.000Z'),
      mailing,
    );

    const expected = [
      'ContractSigned',
      'ContractVisitsPlanned',
      'InvoiceIssued',
      'ContractVisitConfirmed',
      'ChatelNoticeSent',
      'ContractTerminated',
    ];
    const own = () => contracts.changes.filter((c) => c.orderId === id);
    await contracts.waitFor(() => own().length >= expected.length, 'the contract’s events');
    expect(own().map((c) => c.type)).toEqual(expected);
    expect(own().every((c) => c.orderNumber === state!.number)).toBe(true);
    const positions = await db.sql<{ position: string }[]>`
      select position from events where stream_id = ${id} order by tx_id, position`;
    expect(own().map((c) => c.position)).toEqual(positions.map((p) => Number(p.position)));
    // The intervention the confirmation opened is in the interventions' feed; no contract event is.
    await interventions.waitFor(
      () => interventions.changes.some((c) => c.orderId === interventionId),
      'the visit’s intervention',
    );
    expect(interventions.changes.filter((c) => c.orderId === id)).toEqual([]);
    expect(orders.changes.filter((c) => c.orderId === id)).toEqual([]);
    // Only contract streams in the contracts' feed.
    expect(contracts.changes.filter((c) => c.orderId === interventionId)).toEqual([]);
    for (const s of [contracts, interventions, orders]) s.stop();
    socket.close();
  });
});
