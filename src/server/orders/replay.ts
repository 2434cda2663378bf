/**
 * Replay: rebuilds orders and order_items from the log into fresh (temporary) tables, and the daily
 * sales aggregate from those (sales.ts), compares them row by row with the live tables and, when
 * asked, applies the differences to the live tables in the same transaction, so that readers see
 * the old rows or the rebuilt ones, never a mix.
 * Stock is not touched: it lives in products and is not derived from the log alone.
 */
import { evolve, type OrderState } from '../../domain/orders/decider.js';
import { ORDER_EVENT_TYPES, parseOrderEvent } from '../../domain/orders/events.js';
import type { Sql, Tx } from '../db/client.js';
import { personalColumn, readableData } from './personal-records.js';
import { type ItemRow, itemRows, type OrderRow, orderRow } from './projections.js';
import { insertSalesOf, SALES_TABLE } from './sales.js';
import type { StoredEvent } from './store.js';

export interface RowDifference {
  table: 'orders' | 'order_items' | typeof SALES_TABLE;
  /** The row's id (for the aggregate: its day, product id and title). */
  id: string;
  /** missing: in the rebuild only; extra: live only; changed: both, with the differing columns. */
  kind: 'missing' | 'extra' | 'changed';
  columns: string[];
  live: Record<string, unknown> | null;
  rebuilt: Record<string, unknown> | null;
}

export interface ReplayReport {
  events: number;
  orders: number;
  items: number;
  differenceCount: number;
  /** The first differences (at most `maxDifferences`). */
  differences: RowDifference[];
  applied: boolean;
  timings: { readMs: number; writeMs: number; compareMs: number; applyMs: number };
}

export interface ReplayOptions {
  apply?: boolean;
  onProgress?: (done: number, total: number) => void;
  maxDifferences?: number;
}

const ORDER_COLUMNS = [
  'id',
  'order_number',
  'customer_id',
  'status',
  'payment_status',
  'payment_method',
  'notes',
  'shipping_address',
  'billing_address',
  'subtotal_cents',
  'shipping_cost_cents',
  'tax_cents',
  'total_amount_cents',
  'item_count',
  'paid_cents',
  'refunded_cents',
  'version',
  'created_at',
  'updated_at',
] as const;
const ITEM_COLUMNS = [
  'id',
  'order_id',
  'product_id',
  'title',
  'image',
  'quantity',
  'unit_price_cents',
  'total_price_cents',
  'position',
] as const;

/** COPY text format: backslash escapes, \N for null. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/[\\\n\r\t]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
  );
}

const orderLine = (r: OrderRow) =>
  [
    r.id,
    r.orderNumber,
    r.customerId,
    r.status,
    r.paymentStatus,
    r.paymentMethod,
    r.notes,
    r.shippingAddress,
    r.billingAddress,
    r.subtotalCents,
    r.shippingCostCents,
    r.taxCents,
    r.totalAmountCents,
    r.itemCount,
    r.paidCents,
    r.refundedCents,
    r.version,
    r.createdAt,
    r.updatedAt,
  ]
    .map(copyField)
    .join('\t');

const itemLine = (r: ItemRow) =>
  [
    r.id,
    r.orderId,
    r.productId,
    r.title,
    r.image,
    r.quantity,
    r.unitPriceCents,
    r.totalPriceCents,
    r.position,
  ]
    .map(copyField)
    .join('\t');

/** Streams rows into `table` with COPY, in chunks so memory stays flat. */
async function copyRows<T>(
  tx: Tx,
  table: string,
  columns: readonly string[],
  rows: Iterable<T>,
  line: (r: T) => string,
) {
  const writable = await tx.unsafe(`copy ${table} (${columns.join(', ')}) from stdin`).writable();
  let chunk: string[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const text = `${chunk.join('\n')}\n`;
    chunk = [];
    if (!writable.write(text)) await new Promise((resolve) => writable.once('drain', resolve));
  };
  for (const row of rows) {
    chunk.push(line(row));
    if (chunk.length >= 2000) await flush();
  }
  await flush();
  await new Promise<void>((resolve, reject) => {
    writable.once('error', reject);
    writable.once('finish', resolve);
    writable.end();
  });
}

/** Folds the whole log, in position order, into the state of every order. */
export async function foldLog(
  tx: Tx,
  onProgress?: (done: number, total: number) => void,
): Promise<{ states: Map<string, OrderState | null>; events: number }> {
  const [t] = await tx<{ n: number }[]>`
    select count(*) as n from events where type = any(${ORDER_EVENT_TYPES as string[]}::text[])
       and not exists (select 1 from events i where i.stream_id = events.stream_id and i.version = 1
                         and i.type = 'InterventionRequested')`;
  const total = t?.n ?? 0;
  const states = new Map<string, OrderState | null>();
  let done = 0;
  await tx<
    (Pick<StoredEvent, 'streamId' | 'version' | 'type' | 'data' | 'metadata'> & { personal: unknown })[]
  >`
    select stream_id, version, type, data, metadata, ${personalColumn(tx)} from events
     where type = any(${ORDER_EVENT_TYPES as string[]}::text[])
     and not exists (select 1 from events i where i.stream_id = events.stream_id and i.version = 1
                         and i.type = 'InterventionRequested')
     order by position`.cursor(5000, (rows) => {
    for (const row of rows) {
      const before = states.get(row.streamId) ?? null;
      if (row.version !== (before?.version ?? 0) + 1) {
        throw new Error(
          `Stream ${row.streamId}: version ${row.version} after ${before?.version ?? 0}; run orders:verify`,
        );
      }
      const event = parseOrderEvent({
        type: row.type,
        // An erased record replays as the placeholder its live row was given (docs/decisions/020).
        data: readableData(row.type, row.data, row.personal),
        schemaVersion: row.metadata.schemaVersion,
      });
      states.set(row.streamId, evolve(before, { ...row, ...event }));
    }
    done += rows.length;
    onProgress?.(done, total);
  });
  return { states, events: done };
}

function diffColumns(
  live: Record<string, unknown> | null,
  rebuilt: Record<string, unknown> | null,
): string[] {
  const keys = Object.keys(live ?? rebuilt ?? {});
  return keys.filter((k) => JSON.stringify(live?.[k]) !== JSON.stringify(rebuilt?.[k]));
}

async function compare(
  tx: Tx,
  table: RowDifference['table'],
  limit: number,
  key: readonly [string, ...string[]] = ['id'],
) {
  const replay = `${table}_replay`;
  const [first] = key;
  const id = key.map((k) => `coalesce(l.${k}, r.${k})::text`).join(` || ' ' || `);
  const rows = await tx.unsafe<
    { id: string; live: Record<string, unknown> | null; rebuilt: Record<string, unknown> | null }[]
  >(`
    select ${id} as id,
           case when l.${first} is null then null else to_jsonb(l) end as live,
           case when r.${first} is null then null else to_jsonb(r) end as rebuilt
      from ${table} l full join ${replay} r on ${key.map((k) => `l.${k} = r.${k}`).join(' and ')}
     where l.${first} is null or r.${first} is null or to_jsonb(l) is distinct from to_jsonb(r)
     order by 1`);
  const differences: RowDifference[] = rows.slice(0, limit).map((row) => ({
    table,
    id: row.id,
    kind: row.live === null ? 'missing' : row.rebuilt === null ? 'extra' : 'changed',
    columns: diffColumns(row.live, row.rebuilt),
    live: row.live,
    rebuilt: row.rebuilt,
  }));
  return { count: rows.length, differences };
}

/** The live read tables and their columns, parents first: rows leave children first, arrive parents first. */
const REPLAYED_TABLES = [
  { table: 'orders', columns: ORDER_COLUMNS },
  { table: 'order_items', columns: ITEM_COLUMNS },
] as const;

async function applyDifferences(tx: Tx) {
  for (const { table } of [...REPLAYED_TABLES].reverse()) {
    await tx.unsafe(`
      delete from ${table} l where not exists (select 1 from ${table}_replay r where r.id = l.id)`);
  }
  for (const { table, columns } of REPLAYED_TABLES) {
    const set = columns
      .filter((c) => c !== 'id')
      .map((c) => `${c} = r.${c}`)
      .join(', ');
    await tx.unsafe(`
      update ${table} l set ${set} from ${table}_replay r
       where l.id = r.id and to_jsonb(l) is distinct from to_jsonb(r)`);
    await tx.unsafe(`
      insert into ${table} (${columns.join(', ')})
      select ${columns.map((c) => `r.${c}`).join(', ')} from ${table}_replay r
       where not exists (select 1 from ${table} l where l.id = r.id)`);
  }
}

/**
 * Rebuild into orders_replay / order_items_replay (temporary tables of the session), compare, and
 * with `apply` write the differences to the live tables. With `apply`, the live read tables are
 * locked against writers before the snapshot is taken, so no append slips in between.
 */
export async function replayOrders(sql: Sql, options: ReplayOptions = {}): Promise<ReplayReport> {
  return await sql.begin('isolation level repeatable read', (tx) => replayOrdersIn(tx, options));
}

/**
 * replayOrders inside a transaction the caller holds (a restore compares the tables it loaded with
 * the log it loaded, before its one commit). The temporary tables are dropped at that commit.
 */
export async function replayOrdersIn(tx: Tx, options: ReplayOptions = {}): Promise<ReplayReport> {
  const limit = options.maxDifferences ?? 100;
  if (options.apply) {
    await tx`lock table orders, order_items, daily_product_sales in share row exclusive mode`;
  }
  let clock = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - clock);
    clock = now;
    return ms;
  };
  const { states, events } = await foldLog(tx, options.onProgress);
  const readMs = lap();
  const live = [...states.values()].filter((s): s is OrderState => s !== null && !s.deleted);
  await tx`create temp table orders_replay (like orders including defaults) on commit drop`;
  await tx`create temp table order_items_replay (like order_items including defaults) on commit drop`;
  await copyRows(tx, 'orders_replay', ORDER_COLUMNS, live.map(orderRow), orderLine);
  await copyRows(tx, 'order_items_replay', ITEM_COLUMNS, live.flatMap(itemRows), itemLine);
  // A customer account deleted since keeps its id in the live table too (migrations/0010).
  await tx`create temp table daily_product_sales_replay (like daily_product_sales) on commit drop`;
  await insertSalesOf(tx, 'daily_product_sales_replay', live);
  const writeMs = lap();
  const orders = await compare(tx, 'orders', limit);
  const items = await compare(tx, 'order_items', limit);
  const sales = await compare(tx, SALES_TABLE, limit, ['day', 'product_id', 'title']);
  const compareMs = lap();
  const differenceCount = orders.count + items.count + sales.count;
  const apply = Boolean(options.apply) && differenceCount > 0;
  if (apply) await applyDifferences(tx);
  if (apply && sales.count > 0) {
    await tx`delete from daily_product_sales`;
    await tx`insert into daily_product_sales select * from daily_product_sales_replay`;
  }
  const applyMs = lap();
  return {
    events,
    orders: live.length,
    items: live.reduce((n, s) => n + s.lines.length, 0),
    differenceCount,
    differences: [...orders.differences, ...items.differences, ...sales.differences].slice(0, limit),
    applied: apply,
    timings: { readMs, writeMs, compareMs, applyMs },
  };
}
