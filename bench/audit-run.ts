/**
 * `npm run bench:audit`: how long the verifier holds the event loop, on a fresh database of
 * BENCH_EVENTS events (default 100,000), measured in the same run:
 *
 * - baseline: `verifyDatabase` as `orders:verify` calls it (batches of 5,000, nothing awaited
 *   between them but the next fetch);
 * - the audit page's run (`startAuditRun`: batches of 250, the progress written, setImmediate
 *   after each batch).
 *
 * For each: total time, and the event loop's delay while it runs (p99 and max, from
 * perf_hooks.monitorEventLoopDelay): the time a request arriving on that instance could wait. The
 * events carry realistic content; their hashes are not chained (each event costs the verifier the
 * same work either way, and the report keeps at most 1,000 problems).
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import postgres from 'postgres';
import { startAuditRun } from '../src/server/audit/runs.js';
import { verifyDatabase } from '../src/server/audit/verify.js';
import type { Config } from '../src/server/config.js';
import { createSql, withDatabase } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { fmt, openBenchServer } from './support.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const KEY = 'bench-audit-key-0123456789abcdef';

const server = await openBenchServer();
const name = `h27_bench_audit_${process.pid}`;
const admin = postgres(server.url, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const sql = createSql(withDatabase(server.url, name), 10);
try {
  await migrate(sql);
  const [user] = await sql<{ id: string }[]>`
    insert into users (id, name, email, email_verified, created_at, updated_at)
    values (${randomUUID()}, 'Bench', 'bench@example.fr', true, now(), now()) returning id`;
  // Four events per order, with the content an order's events have.
  await sql`
    insert into events (stream_id, version, type, data, metadata, recorded_at, prev_hash, hash)
    select s.stream_id, v.version, v.type, v.data,
           jsonb_build_object('actor', jsonb_build_object('kind', 'system'), 'at', now()::text,
                              'requestId', 'bench', 'schemaVersion', 1),
           now(), null, md5(random()::text)
      from (select gen_random_uuid() as stream_id, n from generate_series(1, ${Math.ceil(EVENTS / 4)}) n) s
      cross join lateral (values
        (1, 'OrderPlaced', jsonb_build_object('orderNumber', 'CMD-2025-' || s.n, 'customerId', null,
           'customer', jsonb_build_object('firstName', 'Marie', 'lastName', 'Lefèvre',
             'email', 'marie.lefevre@example.fr', 'phone', '+33611223344', 'address', '12 rue des Tilleuls',
             'city', 'Évreux', 'zipCode', '27000'),
           'deliveryMethod', 'delivery',
           'lines', jsonb_build_array(jsonb_build_object('itemId', gen_random_uuid(), 'productId', gen_random_uuid(),
             'title', 'Piège à rats', 'image', null, 'quantity', 2, 'unitPriceCents', 1290,
             'totalPriceCents', 2580, 'stockTracked', false)),
           'subtotalCents', 2580, 'shippingCostCents', 0, 'taxCents', 0, 'totalAmountCents', 2580,
           'notes', null, 'status', 'pending', 'paymentStatus', 'pending')),
        (2, 'OrderStatusChanged', '{"from":"pending","to":"confirmed"}'::jsonb),
        (3, 'OrderPaymentStatusChanged', '{"from":"pending","to":"paid"}'::jsonb),
        (4, 'OrderStatusChanged', '{"from":"confirmed","to":"shipped"}'::jsonb)
      ) v(version, type, data)`;
  const [count] = await sql<{ n: number }[]>`select count(*) as n from events`;
  console.log(`bench:audit on ${server.mode}, ${fmt(count!.n)} events`);

  async function measure(label: string, work: () => Promise<unknown>) {
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    const start = performance.now();
    await work();
    const ms = performance.now() - start;
    histogram.disable();
    const p99 = histogram.percentile(99) / 1e6;
    const max = histogram.max / 1e6;
    console.log(
      `${label.padEnd(44)} ${fmt(ms).padStart(7)} ms   loop delay p99 ${p99.toFixed(1).padStart(6)} ms   max ${max.toFixed(1).padStart(6)} ms`,
    );
    return { ms, p99, max };
  }

  const baseline = await measure('orders:verify (5,000 per batch, no yield)', () => verifyDatabase(sql, KEY));
  const config = { AUDIT_KEY: KEY } as Config;
  const run = await measure('audit page run (250 per batch, yields)', async () => {
    const { id } = await startAuditRun(
      { sql, config },
      { id: user!.id, email: 'bench@example.fr', name: 'Bench', role: 'auditor' },
    );
    for (;;) {
      const [row] = await sql<{ status: string }[]>`select status from audit_runs where id = ${id}`;
      if (row?.status !== 'running') return;
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  console.log(
    `audit page run: ${((baseline.ms / run.ms) * 100).toFixed(0)}% of the baseline's rate; longest event-loop stall ${run.max.toFixed(1)} ms vs ${baseline.max.toFixed(1)} ms`,
  );
} finally {
  await sql.end({ timeout: 5 });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  await server.close();
}
