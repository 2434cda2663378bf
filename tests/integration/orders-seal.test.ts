import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sealOnce } from '../../src/server/audit/sealer.js';
import { parseWitness, verifyDatabase, writeCheckpoint } from '../../src/server/audit/verify.js';
import { loadConfig } from '../../src/server/config.js';
import { eventContent, eventHash } from '../../src/server/orders/canonical.js';
import { setOrderStatus } from '../../src/server/orders/commands.js';
import { readStream } from '../../src/server/orders/store.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';

/*
 * Audit evidence: the server seals the log by itself (one instance at a time), copies each
 * checkpoint to a witness file outside the database, and orders:verify checks against it and says
 * how many events are not sealed yet. Plus the two rules of the hash chain, each with a test that
 * fails when the rule is broken.
 */

const KEY = 'seal-test-key-0123456789-abcdefghij';
const admin = { actor: { kind: 'admin' as const, userId: 'admin-1' }, requestId: 'r' };
let db: TestDatabase;
let dir: string;
let orders: string[];

const configFor = (witness: string) =>
  loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, AUDIT_KEY: KEY, AUDIT_WITNESS_FILE: witness });

beforeEach(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'h27-seal-'));
  const product = await createProduct(db.sql, { stockQuantity: 100 });
  orders = [];
  for (let i = 0; i < 3; i++) {
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
    orders.push(order.id);
  }
  await setOrderStatus(db.sql, orders[0]!, 'confirmed', admin);
});
afterEach(async () => {
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

/** Seals until every event is covered (other sessions on a shared server may hold the horizon). */
async function sealAll(witness: string) {
  for (let i = 0; i < 100; i++) {
    await sealOnce(db.sql, configFor(witness));
    const report = await verifyDatabase(db.sql, KEY);
    if (report.unsealed === 0) return report;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('never sealed');
}

/**
 * Waits until no running transaction of the cluster is older than the events written so far (on a
 * shared server other test files' transactions hold the horizon back), so that one seal can cover
 * them all and a race between two instances is only about the lock.
 */
async function horizonPastEvents() {
  for (let i = 0; i < 100; i++) {
    const [row] = await db.sql<{ passed: boolean }[]>`
      select pg_snapshot_xmin(pg_current_snapshot()) > (select max(tx_id) from events) as passed`;
    if (row?.passed) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the horizon never passed the events');
}

describe('sealing by the server', () => {
  it('seals new events once, one instance at a time, and copies each checkpoint to the witness file', async () => {
    const witness = path.join(dir, 'witness.ndjson');
    expect((await verifyDatabase(db.sql, KEY)).unsealed).toBe(4);
    await horizonPastEvents();
    // Two instances at the same moment: one checkpoint.
    const outcomes = await Promise.all([
      sealOnce(db.sql, configFor(witness)),
      sealOnce(db.sql, configFor(witness)),
    ]);
    expect(outcomes.filter((o) => o.kind === 'sealed')).toHaveLength(1);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(locked|nothing-new|sealed)$/)]),
    );
    await sealAll(witness);
    // Nothing new: nothing sealed.
    expect((await sealOnce(db.sql, configFor(witness))).kind).toBe('nothing-new');
    const [{ n }] = (await db.sql`select count(*)::int as n from audit_checkpoints`) as unknown as [
      { n: number },
    ];
    const lines = parseWitness(await readFile(witness, 'utf8'));
    expect(lines).toHaveLength(n);

    // A new event is reported unsealed until the next round seals it.
    await setOrderStatus(db.sql, orders[1]!, 'confirmed', admin);
    expect((await verifyDatabase(db.sql, KEY)).unsealed).toBe(1);
    expect((await sealAll(witness)).unsealed).toBe(0);
  });

  it('refuses to seal a log that fails verification', async () => {
    const witness = path.join(dir, 'witness.ndjson');
    await db.sql`update events set data = jsonb_set(data, '{totalAmountCents}', '1') where version = 1 and stream_id = ${orders[2]!}`;
    expect((await sealOnce(db.sql, configFor(witness))).kind).toBe('refused');
    expect((await db.sql`select 1 from audit_checkpoints`).length).toBe(0);
  });

  it('catches a rewrite re-signed with the key (database and key stolen) through the witness file', async () => {
    const witness = path.join(dir, 'witness.ndjson');
    await sealAll(witness);
    // The thief rewrites a sealed event consistently, drops the checkpoints and signs new ones.
    const [event] = await readStream(db.sql, orders[2]!);
    const data = { ...(event!.data as object), totalAmountCents: 1 };
    const hash = eventHash(
      event!.position,
      eventContent({ ...event!, data, recordedAt: event!.recordedAt.toISOString() }),
    );
    await db.sql`update events set data = ${db.sql.json(data)}::jsonb, hash = ${hash} where position = ${event!.position}`;
    await db.sql`update event_streams set head_hash = ${hash} where stream_id = ${event!.streamId}`;
    await db.sql`delete from audit_checkpoints`;
    for (let i = 0; i < 100 && (await writeCheckpoint(db.sql, KEY)).eventCount < 4; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await verifyDatabase(db.sql, KEY)).ok).toBe(true);

    const witnessed = parseWitness(await readFile(witness, 'utf8'));
    const report = await verifyDatabase(db.sql, KEY, undefined, { witnessed });
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.kind)).toEqual(expect.arrayContaining(['checkpoint', 'witness']));

    // The command says the same, with its exit code.
    const env = {
      ...process.env,
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      AUDIT_KEY: KEY,
      AUDIT_WITNESS_FILE: path.join(dir, 'w2.ndjson'),
    };
    const tsx = path.resolve('node_modules/.bin/tsx');
    const run = promisify(execFile);
    // Third probe, finding 10: its witness file (w2.ndjson) does not exist, the log has checkpoints.
    const missing = await run(tsx, ['src/server/cli/orders-verify.ts', '--no-checkpoint'], { env }).catch(
      (e) => e,
    );
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('MISSING WITNESS: the database has');
    const plain = await run(tsx, ['src/server/cli/orders-verify.ts', '--no-witness', '--no-checkpoint'], {
      env,
    });
    expect(plain.stdout).toContain('0 event(s) not yet sealed');
    const checked = await run(
      tsx,
      ['src/server/cli/orders-verify.ts', '--witness', witness, '--no-checkpoint'],
      { env },
    ).catch((e) => e);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(
      /\[witness\] checkpoint #\d+ of the witness file is missing in the database/,
    );
  });
});

describe('the hash chain', () => {
  it('catches an event that no longer chains to its predecessor, even with its own hash recomputed', async () => {
    // Version 2 of order 0 claims another predecessor; its hash and the stream head are made
    // consistent, so only the chain check can see it.
    const [, second] = await readStream(db.sql, orders[0]!);
    const prevHash = 'f'.repeat(64);
    const hash = eventHash(
      second!.position,
      eventContent({ ...second!, prevHash, recordedAt: second!.recordedAt.toISOString() }),
    );
    await db.sql`update events set prev_hash = ${prevHash}, hash = ${hash} where position = ${second!.position}`;
    await db.sql`update event_streams set head_hash = ${hash} where stream_id = ${orders[0]!}`;
    const report = await verifyDatabase(db.sql, KEY);
    expect(report.problems).toEqual([expect.objectContaining({ kind: 'chain', position: second!.position })]);
  });

  it('hashes the previous hash with the content: changing only the link breaks the event hash', async () => {
    const [, second] = await readStream(db.sql, orders[0]!);
    const content = (prevHash: string | null) =>
      eventContent({ ...second!, prevHash, recordedAt: second!.recordedAt.toISOString() });
    expect(eventHash(second!.position, content('0'.repeat(64)))).not.toBe(
      eventHash(second!.position, content(second!.prevHash)),
    );
    // In the database: the link edited alone is caught as an edited event at its position.
    await db.sql`update events set prev_hash = ${'0'.repeat(64)} where position = ${second!.position}`;
    const report = await verifyDatabase(db.sql, KEY);
    expect(report.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'hash', position: second!.position })]),
    );
  });
});
