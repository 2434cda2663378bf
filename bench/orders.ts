/**
 * `npm run bench:orders`: the order log against its baselines, measured in the same run on a fresh
 * database (an embedded PostgreSQL in a temporary folder, or a new database on DATABASE_URL's server).
 *
 * 1. Appends at 1 and 8 clients against a plain single-row INSERT of a similar payload: the store's
 *    append (event with hash and chain, stream head, read-table update: one statement; goal at
 *    least 40% of the baseline's rate), the whole command as the shop runs it (the order kept in
 *    memory since its last append, decide, the same append checking it; goal at least 30%), and the
 *    same command on an order not kept (read the stream and fold it first).
 * 2. Rebuild: 100,000 events folded into fresh orders/order_items tables, against COPY of the same
 *    100,000 event rows. Goal: at least 30% of COPY's rate, and under 10 s.
 *
 * Options (environment): BENCH_SECONDS (per round of a scenario, default 2), BENCH_ROUNDS (default 5),
 * BENCH_EVENTS (default 100000).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { OrderState } from '../src/domain/orders/decider.js';
import { EVENT_SCHEMA_VERSION, type OrderPlacedData } from '../src/domain/orders/events.js';
import type { Sql } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { issueDocumentsOnDecisions } from '../src/server/invoices/issue.js';
import { eventContent, eventHash } from '../src/server/orders/canonical.js';
import { setOrderStatus } from '../src/server/orders/commands.js';
import { commitSingle, type OrderRead, orderRead } from '../src/server/orders/commit.js';
import { orderLinker } from '../src/server/orders/order-link.js';
import { personalColumn } from '../src/server/orders/personal-records.js';
import { forgetOrderRead, keptOrderRead, ORDER_READS_KEPT } from '../src/server/orders/read-cache.js';
import { replayOrders } from '../src/server/orders/replay.js';
import { eventColumns, readReadable, type StoredEvent } from '../src/server/orders/store.js';
import { customerForm } from '../tests/support/orders.js';
import { benchConfig, fmt, runOnBenchDatabase } from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const CLIENT_COUNTS = [1, 8];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;

/**
 * CPU time per operation of the last throughput() run, in ms: Node's (the client side's share) and,
 * when the server runs on this machine, the PostgreSQL backends' serving the pool (their
 * /proc/<pid>/stat ticks; null when unreadable). On a saturated machine the ratios follow the sum,
 * which other processes' load does not change (issue 41).
 */
const lastCpu = { perOp: 0, pgPerOp: null as number | null };

/** The pool's backends (all connections open: see openPool), read once. */
let backendPids: number[] = [];

/** User and system CPU ticks of the pool's backends (null when /proc does not show them). */
function backendTicks(): number | null {
  let ticks = 0;
  for (const pid of backendPids) {
    try {
      // Fields after the command name: utime and stime are the 14th and 15th of the line.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return backendPids.length > 0 ? ticks : null;
}
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICK_MS = 10;

/** Runs `op` from `clients` concurrent loops for SECONDS; returns operations per second. */
async function throughput(
  clients: number,
  op: (client: number, i: number) => Promise<unknown>,
): Promise<number> {
  const end = performance.now() + SECONDS * 1000;
  let done = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  const ticks = backendTicks();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < end; i++) {
        await op(client, i);
        done += 1;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  lastCpu.perOp = (used.user + used.system) / 1000 / Math.max(done, 1);
  const ticksAfter = backendTicks();
  lastCpu.pgPerOp =
    ticks === null || ticksAfter === null ? null : ((ticksAfter - ticks) * TICK_MS) / Math.max(done, 1);
  return done / ((performance.now() - start) / 1000);
}

const customer = customerForm;

/** COPY text escaping (backslash, newline, carriage return, tab). */
const esc = (text: string) =>
  text.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));

/** A valid log of `count` events: orders placed, then status and payment changes (4 events each). */
function generateLog(count: number, productId: string) {
  const lines: string[] = [];
  const heads: string[] = [];
  const perOrder = 4;
  let position = 0;
  const base = Date.parse('2025-01-01T08:00:00.000Z');
  for (let o = 0; position < count; o++) {
    const streamId = randomUUID();
    const placed: OrderPlacedData = {
      orderNumber: `CMD-2025-${String(o + 1).padStart(6, '0')}`,
      customerId: null,
      customer,
      deliveryMethod: 'delivery',
      lines: [
        {
          itemId: randomUUID(),
          productId,
          title: 'Piège à rats',
          image: null,
          quantity: 2,
          unitPriceCents: 1290,
          totalPriceCents: 2580,
          stockTracked: false,
        },
      ],
      subtotalCents: 2580,
      shippingCostCents: 0,
      taxCents: 0,
      totalAmountCents: 2580,
      notes: null,
      status: 'pending',
      paymentStatus: 'pending',
    };
    const events = [
      { type: 'OrderPlaced', data: placed },
      { type: 'OrderStatusChanged', data: { from: 'pending', to: 'confirmed' } },
      { type: 'OrderPaymentStatusChanged', data: { from: 'pending', to: 'paid' } },
      { type: 'OrderStatusChanged', data: { from: 'confirmed', to: 'shipped' } },
    ].slice(0, Math.min(perOrder, count - position));
    let prevHash: string | null = null;
    events.forEach((event, i) => {
      position += 1;
      const at = new Date(base + position * 1000).toISOString();
      const metadata = {
        actor: { kind: 'system' },
        at,
        requestId: 'bench',
        schemaVersion: EVENT_SCHEMA_VERSION,
      };
      const content = eventContent({
        streamId,
        version: i + 1,
        type: event.type,
        data: event.data,
        metadata,
        recordedAt: at,
        prevHash,
      });
      const hash = eventHash(position, content);
      lines.push(
        [
          position,
          streamId,
          i + 1,
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(metadata),
          at,
          prevHash ?? '\\N',
          hash,
        ]
          .map((v) => (v === '\\N' ? v : esc(String(v))))
          .join('\t'),
      );
      prevHash = hash;
    });
    heads.push([streamId, events.length, position, prevHash].join('\t'));
  }
  return { lines, heads };
}

async function copyText(sql: Sql, statement: string, lines: string[]) {
  const writable = await sql.unsafe(statement).writable();
  for (let i = 0; i < lines.length; i += 2000) {
    if (!writable.write(`${lines.slice(i, i + 2000).join('\n')}\n`)) {
      await new Promise((resolve) => writable.once('drain', resolve));
    }
  }
  await new Promise<void>((resolve, reject) => {
    writable.once('error', reject);
    writable.once('finish', resolve);
    writable.end();
  });
}

await runOnBenchDatabase('orders', Math.max(...CLIENT_COUNTS) + 2, async (sql, target) => {
  // The decision port wired as the app wires it (app.ts): a command takes the path the shop takes.
  issueDocumentsOnDecisions(orderLinker(benchConfig(target.url, 'orders')));
  console.log(`Order log benchmark on a fresh database (${target.mode}), ${os.cpus().length} CPUs.`);
  await migrate(sql);
  const [product] = await sql<{ id: string }[]>`
    insert into products (title, slug, price_cents, infinite_stock) values ('Piège à rats', 'piege-a-rats', 1290, true)
    returning id`;
  const productId = product?.id as string;

  // --- Rebuild vs COPY ---------------------------------------------------------------------------
  const { lines, heads } = generateLog(EVENTS, productId);
  const columns = 'position, stream_id, version, type, data, metadata, recorded_at, prev_hash, hash';
  let t = performance.now();
  await copyText(sql, `copy events (${columns}) from stdin`, lines);
  const copyMs = performance.now() - t;
  await sql`select setval('events_position_seq', (select max(position) from events))`;
  await copyText(sql, 'copy event_streams (stream_id, version, head_position, head_hash) from stdin', heads);
  // COPY into a fresh temporary table (no index, no WAL): the most favourable COPY, the stricter goal.
  await sql`create temp table events_copy (like events including defaults)`;
  t = performance.now();
  await copyText(sql, `copy events_copy (${columns}) from stdin`, lines);
  const tempCopyMs = performance.now() - t;
  await sql`drop table events_copy`;
  // First replay fills the live tables; the second is the measured rebuild (and compares).
  await replayOrders(sql, { apply: true });
  await sql`vacuum analyze`;
  t = performance.now();
  const replay = await replayOrders(sql);
  const replayMs = performance.now() - t;
  if (replay.differenceCount !== 0) throw new Error(`Replay found ${replay.differenceCount} differences`);
  const rebuildMs = replay.timings.readMs + replay.timings.writeMs;
  const rate = (ms: number) => `${fmt((EVENTS / ms) * 1000)} events/s`;
  console.log('\nRebuild of the read tables from the log');
  console.log(
    `  COPY of ${fmt(EVENTS)} event rows into events:          ${fmt(copyMs)} ms (${rate(copyMs)})`,
  );
  console.log(`  COPY of the same rows into a bare temp table: ${fmt(tempCopyMs)} ms (${rate(tempCopyMs)})`);
  console.log(
    `  rebuild of ${fmt(EVENTS)} events:                        ${fmt(rebuildMs)} ms (${rate(rebuildMs)}) -> ${fmt(replay.orders)} orders, ${fmt(replay.items)} items`,
  );
  console.log(`  replay including the row-by-row comparison:   ${fmt(replayMs)} ms`);
  console.log(
    `  rebuild rate / COPY rate: ${pct(copyMs, rebuildMs)} (into events), ${pct(tempCopyMs, rebuildMs)} (bare temp table); goal >= 30%`,
  );
  console.log(`  rebuild time: ${(rebuildMs / 1000).toFixed(2)} s (goal < 10 s)`);

  // --- Appends vs single-row INSERT --------------------------------------------------------------
  await sql`
    create table bench_insert (
      id bigserial primary key, stream_id uuid not null, data jsonb not null,
      recorded_at timestamptz not null default now())`;
  // The orders of the generated log (4 events each) take the appends: streams stay short, as
  // real orders' do (a handful of events each).
  // Each order's stream as the store read it and its fold, then after each append the event it
  // appended and the state after it (what the store chains to), so that the measured operation is
  // the store's append alone, without the read and fold.
  const read = new Map<string, StoredEvent[]>();
  for (const event of await readReadable(
    sql<(StoredEvent & { personal: unknown })[]>`
      select ${eventColumns(sql)}, ${personalColumn(sql)} from events order by stream_id, version`,
  )) {
    const stored = read.get(event.streamId) ?? [];
    stored.push(event);
    read.set(event.streamId, stored);
  }
  const streams = new Map<string, OrderRead>([...read].map(([id, stored]) => [id, orderRead(stored)]));
  // The orders in progress: as many as the process keeps folded between commands
  // (orders/read-cache.ts), the newest of the log, changed in turn.
  const orderIds = [...streams.keys()].slice(-ORDER_READS_KEPT);
  const payload = { from: 'pending', to: 'paid' };
  const system = { actor: { kind: 'system' as const }, requestId: 'bench' };
  let opIndex = 0;
  // Orders being changed by a client: never two operations on one order at a time (with few orders
  // and a slow client, the round robin came back to an order still in flight: a version conflict).
  const inFlight = new Set<string>();
  if (orderIds.length <= Math.max(...CLIENT_COUNTS))
    throw new Error(
      `BENCH_EVENTS too small: ${orderIds.length} orders for ${Math.max(...CLIENT_COUNTS)} clients`,
    );
  const nextOrder = () => {
    let id = orderIds[opIndex++ % orderIds.length] as string;
    while (inFlight.has(id)) id = orderIds[opIndex++ % orderIds.length] as string;
    inFlight.add(id);
    const stream = streams.get(id) as OrderRead;
    return { id, stream };
  };

  /**
   * The store's own append (commitSingle): the event hashed and chained, the stream head and the
   * read-table change, one statement, from the stream as read and folded.
   */
  const append = async () => {
    const { id, stream } = nextOrder();
    try {
      const from = (stream.state as OrderState).status;
      const event = {
        type: 'OrderStatusChanged' as const,
        data: { from, to: from === 'processing' ? 'confirmed' : 'processing' } as const,
      };
      const committed = await commitSingle(sql, id, stream, event, {
        ...system,
        at: new Date().toISOString(),
      });
      // The store chains to the last event only: keep that (a growing array would be the bench's
      // own garbage, measured as the append's).
      stream.stored = committed.events;
      stream.state = committed.state;
    } finally {
      inFlight.delete(id);
    }
  };

  /**
   * The whole command, as the shop runs it: the order as this process last appended it (or its
   * stream read and folded when it is not kept), decide, then the same append, which checks the
   * kept order. Every other command confirms the order (« Confirmée » mails the customer, in the
   * append's statement), the others move it to « En traitement » (no mail): the share of commands
   * that queue a mail is one half whatever the speed of the machine. `read` first forgets the
   * order: the command then reads its stream, as the first command on an order after a start does.
   */
  let commands = 0;
  let keptAtCommand = 0;
  let warmCommands = 0;
  const commandWith = (read: boolean) => async () => {
    const { id, stream } = nextOrder();
    try {
      if (read) forgetOrderRead(id);
      else {
        warmCommands += 1;
        if (keptOrderRead(id)) keptAtCommand += 1;
      }
      const status = (stream.state as OrderState).status;
      let to = commands++ % 2 === 0 ? 'confirmed' : 'processing';
      if (to === status) to = to === 'confirmed' ? 'processing' : 'confirmed';
      // Going back needs a reason (domain/orders/transitions.ts).
      const result = await setOrderStatus(sql, id, to, system, 'Benchmark');
      stream.stored = result.events;
      stream.state = result.state;
    } finally {
      inFlight.delete(id);
    }
  };
  const command = commandWith(false);
  const commandRead = commandWith(true);

  console.log(
    `\nAppends vs a plain single-row INSERT, ${ROUNDS} alternating rounds of ${SECONDS} s, median ratio`,
  );
  console.log('  append  = event with hash and chain + stream head + read-table update (one statement)');
  console.log(
    '  command = the order as last appended (kept in memory), decide, then the same append, which checks it',
  );
  console.log('  read    = the same command on an order not kept: read the stream and fold it first');
  console.log(`  ${fmt(orderIds.length)} orders in progress, changed in turn`);
  // Every connection of the pool opened now, so that their backends are the ones measured.
  const poolSize = Math.max(...CLIENT_COUNTS) + 2;
  await Promise.all(Array.from({ length: poolSize }, () => sql`select pg_sleep(0.05)`));
  // Only a server on this machine has its backends in this machine's /proc.
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(target.url).hostname);
  backendPids = (
    local
      ? await sql<{ pid: number }[]>`
          select pid from pg_stat_activity
           where datname = current_database() and application_name = 'h27-shop'`
      : []
  ).map((r) => r.pid);
  for (const clients of CLIENT_COUNTS) {
    const rounds: { baseline: number; append: number; command: number; read: number }[] = [];
    const cpu = { baseline: 0, append: 0, command: 0, read: 0 };
    const pg: Record<'baseline' | 'append' | 'command' | 'read', number | null> = {
      baseline: 0,
      append: 0,
      command: 0,
      read: 0,
    };
    const addPg = (key: 'baseline' | 'append' | 'command' | 'read') => {
      const previous = pg[key];
      pg[key] = previous === null || lastCpu.pgPerOp === null ? null : previous + lastCpu.pgPerOp / ROUNDS;
    };
    for (let round = 0; round < ROUNDS; round++) {
      const baseline = await throughput(
        clients,
        () =>
          sql`insert into bench_insert (stream_id, data) values (${randomUUID()}, ${sql.json(payload)}::jsonb)`,
      );
      cpu.baseline += lastCpu.perOp / ROUNDS;
      addPg('baseline');
      // Each operation changes another order, so the figures are the cost of an append, not of conflicts.
      const appended = await throughput(clients, append);
      cpu.append += lastCpu.perOp / ROUNDS;
      addPg('append');
      const commands = await throughput(clients, command);
      cpu.command += lastCpu.perOp / ROUNDS;
      addPg('command');
      const read = await throughput(clients, commandRead);
      cpu.read += lastCpu.perOp / ROUNDS;
      addPg('read');
      rounds.push({ baseline, append: appended, command: commands, read });
    }
    const median = (key: 'append' | 'command' | 'read') => {
      const ratios = rounds.map((r) => r[key] / r.baseline).sort((a, b) => a - b);
      return ratios[Math.floor(ratios.length / 2)] as number;
    };
    const avg = (key: 'baseline' | 'append' | 'command' | 'read') =>
      rounds.reduce((n, r) => n + r[key], 0) / rounds.length;
    const label = `${clients} client${clients > 1 ? 's' : ' '}`;
    console.log(
      `  ${label}: INSERT ${fmt(avg('baseline'))}/s, append ${fmt(avg('append'))}/s, command ${fmt(avg('command'))}/s, read ${fmt(avg('read'))}/s (means)`,
    );
    console.log(
      `             append/INSERT ${(median('append') * 100).toFixed(0)}% (goal >= 40%), command/INSERT ${(median('command') * 100).toFixed(0)}% (goal >= 30%), read/INSERT ${(median('read') * 100).toFixed(0)}%`,
    );
    console.log(
      `             rounds append/command/read/INSERT: ${rounds.map((r) => `${fmt(r.append)}/${fmt(r.command)}/${fmt(r.read)}/${fmt(r.baseline)}`).join(', ')}`,
    );
    console.log(
      `             Node CPU per operation: INSERT ${cpu.baseline.toFixed(3)} ms, append ${cpu.append.toFixed(3)} ms, command ${cpu.command.toFixed(3)} ms, read ${cpu.read.toFixed(3)} ms`,
    );
    const ms = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(3)} ms`);
    console.log(
      `             PostgreSQL CPU per operation: INSERT ${ms(pg.baseline)}, append ${ms(pg.append)}, command ${ms(pg.command)}, read ${ms(pg.read)}`,
    );
    console.log(
      `             orders kept at the command: ${((keptAtCommand / Math.max(warmCommands, 1)) * 100).toFixed(0)}%`,
    );
    keptAtCommand = 0;
    warmCommands = 0;
  }
  const check = await replayOrders(sql);
  console.log(
    `\nAfter the run the live tables ${check.differenceCount === 0 ? 'equal' : 'DIFFER FROM'} the rebuild.`,
  );
  // A bench whose writes leave the read tables unlike the log measures something the shop never
  // does: it fails (bench:smoke runs it in CI).
  if (check.differenceCount > 0) {
    console.error(JSON.stringify(check.differences.slice(0, 5), null, 2));
    process.exitCode = 1;
  }
});
