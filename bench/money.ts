/**
 * `npm run bench:money` (issue 24, point 7), measured in one run on a fresh database (an embedded
 * PostgreSQL in a temporary folder, or a new database on DATABASE_URL's server):
 *
 * 1. Recording a payment and a refund (the whole command: one transaction with the closures' lock,
 *    the stream and the closed day read, the decision, the append and its projection) against an
 *    inline status change (the whole command too: read, decide, one-statement append), in
 *    alternating rounds at 1 client. Goal: each at most twice the status change's time.
 * 2. The closure of a Paris day holding 1,000 movements. Goal: under 1 s.
 *
 * Options (environment): BENCH_SECONDS (per round, default 2), BENCH_MOVEMENTS (default 1000);
 * BENCH_TINY=1 runs everything at a tiny size (CI keeps the bench from rotting; figures mean nothing).
 */
import { parisDay } from '../src/domain/site/time-zone.js';
import { closeThrough } from '../src/server/audit/closures.js';
import { createSql } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { setLogLevel } from '../src/server/logger.js';
import { setOrderStatus } from '../src/server/orders/commands.js';
import { recordPayment, refundOrder } from '../src/server/orders/money.js';
import { createProduct, customerForm, placeOrder } from '../tests/support/orders.js';
import { fmt, openBenchDatabase } from './support.js';

const TINY = process.env.BENCH_TINY === '1';
const SECONDS = TINY ? 0.2 : Number(process.env.BENCH_SECONDS ?? 2);
const MOVEMENTS = TINY ? 20 : Number(process.env.BENCH_MOVEMENTS ?? 1000);
const ROUNDS = TINY ? 1 : 5;
const ORDERS = TINY ? 8 : 300;

setLogLevel('warn');
const db = await openBenchDatabase('money');
const sql = createSql(db.url, 4);
try {
  await migrate(sql);
  console.log(`bench:money on ${db.mode}${TINY ? ' (BENCH_TINY: figures are not meaningful)' : ''}`);
  const product = await createProduct(sql, { title: 'Piège', priceCents: 100_000, infiniteStock: true });
  const guest = { actor: { kind: 'guest' as const }, requestId: 'bench' };
  const admin = { actor: { kind: 'system' as const, name: 'bench' }, requestId: 'bench' };
  const orders: string[] = [];
  // Placed two days ago: a payment is never dated before its order's day (the closure pays yesterday).
  const placedAt = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
  for (let i = 0; i < ORDERS; i++) {
    const order = await placeOrder(
      sql,
      {
        customerId: null,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
      },
      { ...guest, at: placedAt },
    );
    orders.push(order.id);
  }
  const today = parisDay(new Date());
  // Each order is half paid first, so that refunds (1 cent each) have something to give back.
  for (const id of orders)
    await recordPayment(sql, id, { amountCents: 50_000, method: 'cash', day: today }, admin);

  let next = 0;
  const order = () => orders[next++ % orders.length] as string;
  const flip = new Map<string, boolean>();
  const ops = {
    status: async () => {
      const id = order();
      const on = !flip.get(id);
      flip.set(id, on);
      // Back and forth: going back needs a reason (domain/orders/transitions.ts).
      await setOrderStatus(sql, id, on ? 'confirmed' : 'processing', admin, 'Benchmark');
    },
    payment: () => recordPayment(sql, order(), { amountCents: 1, method: 'card', day: today }, admin),
    refund: () =>
      refundOrder(
        sql,
        order(),
        { lines: [], shipping: false, extraCents: 1, method: 'cash', reason: 'goodwill', restock: false },
        admin,
      ),
  };
  const rate = async (op: () => Promise<unknown>) => {
    const end = performance.now() + SECONDS * 1000;
    const start = performance.now();
    let done = 0;
    while (performance.now() < end) {
      await op();
      done += 1;
    }
    return done / ((performance.now() - start) / 1000);
  };
  const rounds: { status: number; payment: number; refund: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    rounds.push({
      status: await rate(ops.status),
      payment: await rate(ops.payment),
      refund: await rate(ops.refund),
    });
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const cost = (key: 'payment' | 'refund') => median(rounds.map((x) => x.status / x[key]));
  console.log(
    `\nMoney commands vs an inline status change, ${ROUNDS} alternating round(s) of ${SECONDS} s, 1 client`,
  );
  for (const x of rounds) {
    console.log(`  status ${fmt(x.status)}/s, payment ${fmt(x.payment)}/s, refund ${fmt(x.refund)}/s`);
  }
  console.log(`  payment costs ${cost('payment').toFixed(2)}× a status change (goal <= 2)`);
  console.log(`  refund costs ${cost('refund').toFixed(2)}× a status change (goal <= 2)`);

  // --- A day's closure over MOVEMENTS movements --------------------------------------------------
  const yesterday = parisDay(new Date(Date.now() - 24 * 3600 * 1000));
  for (let i = 0; i < MOVEMENTS; i++) {
    await recordPayment(
      sql,
      orders[i % orders.length] as string,
      { amountCents: 1, method: 'cheque', day: yesterday },
      admin,
    );
  }
  const started = performance.now();
  const written = await closeThrough(sql, yesterday, admin.actor);
  const ms = performance.now() - started;
  const day = written.find((c) => c.kind === 'day');
  console.log(
    `\nClosure of ${yesterday}: ${fmt(day?.movementCount ?? 0)} movements in ${ms.toFixed(0)} ms (goal < 1000 ms)`,
  );
  if (day?.movementCount !== MOVEMENTS)
    throw new Error(`The closure counted ${day?.movementCount} movements`);
} finally {
  await sql.end();
  await db.close();
}
