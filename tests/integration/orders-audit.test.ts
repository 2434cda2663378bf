import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AuditReport,
  exportLog,
  verifyDatabase,
  verifyLines,
  writeCheckpoint,
} from '../../src/server/audit/verify.js';
import { eventContent, eventHash } from '../../src/server/orders/canonical.js';
import { setOrderStatus } from '../../src/server/orders/commands.js';
import { eventColumns, readStream, type StoredEvent } from '../../src/server/orders/store.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { createProduct, customerForm, guest, placeOrder, setPaymentForTest } from '../support/orders.js';

const KEY = 'audit-test-key-0123456789';
const run = promisify(execFile);

let db: TestDatabase;
let orders: string[];

beforeEach(async () => {
  db = await createTestDatabase();
  const product = await createProduct(db.sql, { stockQuantity: 100 });
  orders = [];
  for (let i = 0; i < 4; i++) {
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
  const admin = { actor: { kind: 'admin' as const, userId: 'admin-1' }, requestId: 'r' };
  await setOrderStatus(db.sql, orders[0] as string, 'confirmed', admin);
  await setPaymentForTest(db.sql, orders[0] as string, 'paid', admin);
  await setOrderStatus(db.sql, orders[1] as string, 'shipped', admin);
  await setOrderStatus(db.sql, orders[0] as string, 'shipped', admin);
});
afterEach(async () => {
  await db.drop();
});

const verify = () => verifyDatabase(db.sql, KEY);

/**
 * A checkpoint seals the events of transactions older than the oldest one running in the whole
 * cluster; on a shared server other sessions may hold it back for a moment, so retry until all
 * events are sealed.
 */
async function sealAll() {
  const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from events`;
  const n = row?.n ?? 0;
  for (let i = 0; i < 100; i++) {
    const checkpoint = await writeCheckpoint(db.sql, KEY);
    if (checkpoint.eventCount === n) return checkpoint;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the checkpoint never covered every event');
}
const positionsOf = (report: AuditReport, kind?: string) =>
  report.problems.filter((p) => !kind || p.kind === kind).map((p) => p.position);
const eventAt = async (streamId: string, version: number) => {
  const [row] = await db.sql<{ position: number }[]>`
    select position from events where stream_id = ${streamId} and version = ${version}`;
  return row?.position as number;
};

describe('orders:verify', () => {
  it('accepts an untouched log, before and after a checkpoint, and its NDJSON export', async () => {
    const first = await verify();
    expect(first).toMatchObject({ ok: true, events: 8, streams: 4, checkpoint: null, problems: [] });
    const checkpoint = await sealAll();
    expect(checkpoint.eventCount).toBe(8);
    expect(await verify()).toMatchObject({ ok: true, checkpoint: { id: checkpoint.id, eventCount: 8 } });
    const lines: string[] = [];
    await exportLog(db.sql, (line) => {
      lines.push(line.trimEnd());
    });
    expect(lines.filter((l) => !l.includes('"kind":"checkpoint"'))).toHaveLength(1 + 8 + 4);
    expect(lines.at(-1)).toContain(`"kind":"checkpoint","id":${checkpoint.id}`);
    expect(await verifyLines(toAsync(lines), KEY)).toMatchObject({ ok: true, events: 8 });
  });

  it('recomputes the hash the database computed at append', async () => {
    // The stored columns, not readStream's (which puts the personal fields back: ADR 020).
    const [event] = await db.sql<StoredEvent[]>`
      select ${eventColumns(db.sql)} from events where stream_id = ${orders[0] as string} order by version`;
    if (!event) throw new Error('no event');
    const content = eventContent({ ...event, recordedAt: event.recordedAt.toISOString() });
    expect(eventHash(event.position, content)).toBe(event.hash);
  });

  it('catches an edited event (data, metadata or time) at its position', async () => {
    const p = await eventAt(orders[1] as string, 1);
    await db.sql`update events set data = jsonb_set(data, '{totalAmountCents}', '1') where position = ${p}`;
    const q = await eventAt(orders[0] as string, 3);
    await db.sql`update events set recorded_at = recorded_at + interval '1 second' where position = ${q}`;
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(positionsOf(report, 'hash')).toEqual([p, q].sort((a, b) => a - b));
  });

  it('catches a removed middle event at the next event of its stream', async () => {
    const removed = await eventAt(orders[0] as string, 2);
    const next = await eventAt(orders[0] as string, 3);
    await db.sql`delete from events where position = ${removed}`;
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(expect.objectContaining({ kind: 'missing', position: next }));
  });

  it('catches a removed last event of a stream at its position (stream head)', async () => {
    const removed = await eventAt(orders[1] as string, 2);
    await db.sql`delete from events where position = ${removed}`;
    const report = await verify();
    expect(report.problems).toEqual([expect.objectContaining({ kind: 'missing', position: removed })]);
  });

  it('catches a whole stream removed with its head, against the checkpoint', async () => {
    await sealAll();
    const removed = await eventAt(orders[3] as string, 1);
    await db.sql`delete from events where stream_id = ${orders[3] as string}`;
    await db.sql`delete from event_streams where stream_id = ${orders[3] as string}`;
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(expect.objectContaining({ kind: 'missing', position: removed }));
  });

  it('catches two events swapping positions, at both positions', async () => {
    const a = await eventAt(orders[2] as string, 1);
    const b = await eventAt(orders[3] as string, 1);
    await db.sql`update events set position = -1 where position = ${a}`;
    await db.sql`update events set position = ${a} where position = ${b}`;
    await db.sql`update events set position = ${b} where position = -1`;
    const report = await verify();
    expect(positionsOf(report, 'hash')).toEqual([a, b]);
  });

  it('catches a consistent rewrite (hashes and head recomputed) against the signed checkpoint', async () => {
    await sealAll();
    const [event] = await readStream(db.sql, orders[2] as string);
    if (!event) throw new Error('no event');
    const data = { ...(event.data as object), totalAmountCents: 1 };
    const hash = eventHash(
      event.position,
      eventContent({ ...event, data, recordedAt: event.recordedAt.toISOString() }),
    );
    await db.sql`update events set data = ${db.sql.json(data)}::jsonb, hash = ${hash} where position = ${event.position}`;
    await db.sql`update event_streams set head_hash = ${hash} where stream_id = ${event.streamId}`;
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({ kind: 'checkpoint', message: expect.stringContaining(`positions 0-1023`) }),
    ]);
  });

  it('catches an altered checkpoint through its signature', async () => {
    await sealAll();
    // The newest checkpoint only: on a shared server the seal may have taken two rounds, and every
    // altered checkpoint of the chain is reported on its own.
    await db.sql`
      update audit_checkpoints set event_count = event_count - 1
       where id = (select max(id) from audit_checkpoints)`;
    expect((await verify()).problems).toEqual([expect.objectContaining({ kind: 'signature' })]);
  });

  it('catches an edited, removed or reordered line in an export', async () => {
    await sealAll();
    const lines: string[] = [];
    await exportLog(db.sql, (line) => {
      lines.push(line.trimEnd());
    });
    const eventLines = lines.filter((l) => l.includes('"kind":"event"'));
    const positionOf = (line: string) => (JSON.parse(line) as { position: number }).position;

    const edited = lines.map((l) => (l === eventLines[2] ? l.replace('"pending"', '"paid"') : l));
    const e = await verifyLines(toAsync(edited), KEY);
    expect(positionsOf(e, 'hash')).toEqual([positionOf(eventLines[2] as string)]);

    const removed = lines.filter((l) => l !== eventLines[5]);
    const r = await verifyLines(toAsync(removed), KEY);
    expect(r.ok).toBe(false);
    expect(positionsOf(r)).toContain(positionOf(eventLines[5] as string));

    const swapped = [...lines];
    const i = swapped.indexOf(eventLines[3] as string);
    [swapped[i], swapped[i + 1]] = [swapped[i + 1] as string, swapped[i] as string];
    const s = await verifyLines(toAsync(swapped), KEY);
    expect(s.problems).toContainEqual(
      expect.objectContaining({ kind: 'order', position: positionOf(eventLines[3] as string) }),
    );
  });
});

describe('order log commands', () => {
  it('orders:export writes NDJSON that orders:verify --file accepts; tampering exits 1 with the position', async () => {
    const env = {
      ...process.env,
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: KEY,
      DATA_DIR: path.join(os.tmpdir(), `h27-data-${db.name}`),
    };
    const file = path.join(os.tmpdir(), `orders-${db.name}.ndjson`);
    const tsx = path.resolve('node_modules/.bin/tsx');
    try {
      const ok = await run(tsx, ['src/server/cli/orders-verify.ts'], { env });
      expect(ok.stdout).toContain('OK: no tampering found.');
      expect(ok.stdout).toMatch(/Checkpoint #1 written: \d+ events sealed/);
      await run(tsx, ['src/server/cli/orders-export.ts', '--out', file], { env });
      const fromFile = await run(tsx, ['src/server/cli/orders-verify.ts', '--file', file], { env });
      expect(fromFile.stdout).toContain('OK: no tampering found.');
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.replace('"status":"pending"', '"status":"shipped"'));
      const p = await eventAt(orders[0] as string, 1);
      const bad = await run(tsx, ['src/server/cli/orders-verify.ts', '--file', file], { env }).catch(
        (e) => e,
      );
      expect(bad.code).toBe(1);
      expect(bad.stdout).toContain(`[hash] position ${p}:`);
      const last = await eventAt(orders[1] as string, 2);
      await db.sql`delete from events where position = ${last}`;
      const live = await run(tsx, ['src/server/cli/orders-verify.ts'], { env }).catch((e) => e);
      expect(live.code).toBe(1);
      expect(live.stdout).toContain(`[missing] position ${last}:`);
    } finally {
      await rm(file, { force: true });
    }
  });
});

async function* toAsync(lines: string[]) {
  for (const line of lines) yield line;
}
