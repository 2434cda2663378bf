/**
 * The order feed of one instance: reads the order log in commit order after its cursor whenever it
 * is woken (a commit here, a NOTIFY from another instance, or its poll), and hands every event to
 * the live subscriptions of this instance. The log is the truth; notifications only say "look".
 *
 * Commit order: positions are taken before commit, so readEntries, the one reader of the log in
 * commit order, returns only events of transactions older than the cluster's snapshot horizon (that
 * set can no longer grow), ordered by (transaction, position). An event committed but still behind the horizon (an older
 * transaction is running) is read on a retry soon after, never skipped.
 */
import type { OrderEventType } from '../../domain/orders/events.js';
import type { Sql, Tx } from '../db/client.js';
import { logHorizon } from '../db/horizon.js';
import { logger } from '../logger.js';

/** Where a reader of the log stands: the last event it handled, in (transaction, position) order. */
export interface Cursor {
  txId: string;
  position: number;
}

/** One order event as live subscriptions send it. */
export interface OrderChange {
  position: number;
  orderId: string;
  orderNumber: string;
  type: OrderEventType;
  version: number;
  /** When the change was made (ISO). */
  at: string;
}

/**
 * What a live order subscription yields: the changes read together, in commit order (its tracked
 * id is String(position) of the last one).
 */
export interface OrderChanges {
  changes: OrderChange[];
}

export interface FeedEntry {
  change: OrderChange;
  /**
   * Which stream the event belongs to (docs/decisions/032-event-log-beyond-orders.md): an order, an
   * intervention or a yearly contract (ADR 044; then `change.orderNumber` is the intervention's or
   * the contract's number and `change.type` one of its event types).
   */
  kind: 'order' | 'intervention' | 'contract';
  txId: string;
  /** The customer the order belongs to (null: a guest's order). */
  ownerId: string | null;
  /** Products whose stock the event moved (placed, entering or leaving "cancelled"). */
  productIds: string[];
}

export const entryCursor = (entry: FeedEntry): Cursor => ({
  txId: entry.txId,
  position: entry.change.position,
});

/** Orders cursors as the log is read: by transaction, then position. */
export function compareCursors(a: Cursor, b: Cursor): number {
  const ta = BigInt(a.txId);
  const tb = BigInt(b.txId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.position - b.position;
}

export const PAGE_SIZE = 500;

interface EntryRow {
  kind: FeedEntry['kind'];
  position: number;
  txId: string;
  orderId: string;
  type: OrderEventType;
  version: number;
  at: string;
  orderNumber: string;
  ownerId: string | null;
  productIds: string[];
}

/**
 * Events after `cursor` in commit order, with what subscriptions filter on (one customer's): only
 * events of transactions older than the oldest one still running (the horizon), ordered by
 * transaction then position. A transaction that took a lower position but commits late is read
 * after the ones that committed before it, never skipped.
 */
export async function readEntries(
  sql: Tx,
  cursor: Cursor,
  options: { ownerId?: string; limit?: number } = {},
): Promise<FeedEntry[]> {
  const rows = await sql<EntryRow[]>`
    select e.position, e.tx_id::text as tx_id, e.stream_id as order_id, e.type, e.version,
           coalesce(e.metadata ->> 'at', to_json(e.recorded_at) #>> '{}') as at,
           case p.type when 'OrderPlaced' then 'order' when 'ContractSigned' then 'contract'
                       else 'intervention' end as kind,
           coalesce(p.data ->> 'orderNumber', p.data ->> 'number') as order_number,
           p.data ->> 'customerId' as owner_id,
           case when e.type = 'OrderPlaced'
                  or (e.type = 'OrderStatusChanged' and 'cancelled' in (e.data ->> 'from', e.data ->> 'to'))
                  or (e.type = 'RefundRecorded' and (e.data ->> 'restock')::boolean)
                then array(select l ->> 'productId' from jsonb_array_elements(p.data -> 'lines') l)
                else '{}'::text[] end as product_ids
      from events e
      join events p on p.stream_id = e.stream_id and p.version = 1
                   and p.type in ('OrderPlaced', 'InterventionRequested', 'ContractSigned')
     where (e.tx_id, e.position) > (${cursor.txId}::xid8, ${cursor.position})
       and e.tx_id < ${logHorizon(sql)}
       ${options.ownerId ? sql`and p.data ->> 'customerId' = ${options.ownerId}` : sql``}
     order by e.tx_id, e.position
     limit ${options.limit ?? PAGE_SIZE}`;
  return rows.map((r) => ({
    change: {
      position: Number(r.position),
      orderId: r.orderId,
      orderNumber: r.orderNumber,
      type: r.type,
      version: r.version,
      at: r.at,
    },
    kind: r.kind,
    txId: r.txId,
    ownerId: r.ownerId,
    productIds: r.productIds,
  }));
}

/** Where the log ends for a reader now: the last event below the horizon. */
export async function horizonCursor(sql: Tx): Promise<Cursor> {
  const [row] = await sql<Cursor[]>`
    select e.tx_id::text as tx_id, e.position from events e
     where e.tx_id < ${logHorizon(sql)}
     -- e.tx_id: the xid8 column. A bare tx_id here named the text output column, and ids sorted
     -- as text put 999 after 1000 (issue 23, finding 5).
     order by e.tx_id desc, e.position desc
     limit 1`;
  return row ? { txId: row.txId, position: Number(row.position) } : { txId: '0', position: 0 };
}

/** The cursor of a position a client last received (null: no such event). */
export async function cursorAt(sql: Tx, position: number): Promise<Cursor | null> {
  const [row] = await sql<Cursor[]>`
    select tx_id::text as tx_id, position from events where position = ${position}`;
  return row ? { txId: row.txId, position: Number(row.position) } : null;
}

/** Whether committed events exist after the cursor (read or held behind the horizon). */
async function hasEventsAfter(sql: Tx, cursor: Cursor): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`
    select exists (
      select 1 from events where (tx_id, position) > (${cursor.txId}::xid8, ${cursor.position})
    ) as found`;
  return row?.found ?? false;
}

/**
 * Live updates wait for the oldest write transaction of this database still running (a late commit
 * is never skipped). The app's own sessions are ended by PostgreSQL after 60 s idle in a
 * transaction (db/client.ts), which bounds the wait they can cause; anything holding updates back
 * longer than this is logged with its process id, so an operator can find the script or session.
 */
export const HELD_WARNING_MS = 5_000;

async function logHolder(sql: Tx, heldMs: number) {
  const [holder] = await sql<{ pid: number; seconds: number; state: string; app: string }[]>`
    select pid, extract(epoch from now() - xact_start)::int as seconds, state, application_name as app
      from pg_stat_activity
     where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()
     order by xact_start limit 1`;
  logger.warn(
    `Live updates held back ${Math.round(heldMs / 1000)} s by a transaction of this database` +
      (holder
        ? ` (pid ${holder.pid}, ${holder.app || 'no application name'}, ${holder.state}, open ${holder.seconds} s)`
        : ''),
  );
}

export type FeedSubscriber = (entry: FeedEntry) => void;

/**
 * The time between two reads while commits keep coming (see run()): 25 ms after a read during
 * which the feed was woken again, doubling while every read is, at most 100 ms.
 */
const BUSY_READ_GAP_MS = 25;
const MAX_BUSY_READ_GAP_MS = 100;

/** Retries while committed events wait behind the horizon: 5 ms, doubling, at most this. */
const MAX_RETRY_MS = 500;

export class OrderFeed {
  private cursor: Cursor | null = null;
  private syncing: Promise<void> | null = null;
  private readonly subscribers = new Set<FeedSubscriber>();
  private running: Promise<void> | null = null;
  private again = false;
  private retryMs = 0;
  private busyGapMs = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Since when committed events wait behind the horizon (null: none wait). */
  private heldSince: number | null = null;
  private heldLogged = false;

  constructor(
    private readonly sql: Sql,
    /** A wake-up now and then even without notification (a lost NOTIFY, a write from a script). */
    private readonly pollMs: number,
  ) {}

  get subscriberCount() {
    return this.subscribers.size;
  }

  /**
   * Adds a subscriber. It receives every event after the returned cursor, in commit order (the
   * events up to it are the log's, for a resuming subscriber to read).
   */
  async attach(subscriber: FeedSubscriber): Promise<{ cursor: Cursor; detach(): void }> {
    if (this.cursor === null) {
      this.syncing ??= horizonCursor(this.sql)
        .then((cursor) => {
          this.cursor ??= cursor;
        })
        .finally(() => {
          this.syncing = null;
        });
      await this.syncing;
    }
    // Synchronously with the read: a read dispatches and moves the cursor in one step.
    const cursor = this.cursor ?? (await horizonCursor(this.sql));
    this.cursor ??= cursor;
    this.subscribers.add(subscriber);
    if (!this.pollTimer && !this.stopped) {
      this.pollTimer = setInterval(this.wake, this.pollMs);
      this.pollTimer.unref();
    }
    // Events committed while nobody listened woke nothing, and those still behind the horizon when
    // the cursor was taken would wait for the next poll: read once now (a held event schedules the
    // retries).
    this.wake();
    return {
      cursor,
      detach: () => {
        this.subscribers.delete(subscriber);
        if (this.subscribers.size === 0) this.idle();
      },
    };
  }

  /** Reads what is new (coalesced: one read at a time, one more if woken meanwhile). */
  readonly wake = () => {
    if (this.stopped || this.subscribers.size === 0 || this.cursor === null) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
    });
  };

  /** Reads until nothing is new (a quiet moment), for tests and benchmarks. */
  async settled() {
    await this.syncing;
    await this.running;
  }

  stop() {
    this.stopped = true;
    this.idle();
  }

  private idle() {
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.pollTimer = null;
    this.retryTimer = null;
    this.retryMs = 0;
    // Nobody listens: the next subscriber starts from the log's end as it is then.
    if (this.subscribers.size === 0) this.cursor = null;
  }

  private async run() {
    // A new run: the last one ended quiet (or failed), so the first read is at once.
    this.busyGapMs = 0;
    do {
      this.again = false;
      try {
        await this.readOnce();
      } catch (error) {
        logger.warn('Live updates: reading the order log failed (retried at the next wake-up)', error);
        this.scheduleRetry();
        return;
      }
      // Woken again during the read (a busy shop): the next read waits, so that it takes the
      // events of that moment at once and every socket gets them in one write, instead of one read
      // and one write per socket for each commit. The wait grows while commits keep coming (25,
      // 50, then 100 ms: the more orders, the more each message carries); a quiet shop reads at
      // once.
      if (this.again) {
        this.busyGapMs = Math.min(MAX_BUSY_READ_GAP_MS, this.busyGapMs * 2 || BUSY_READ_GAP_MS);
        await new Promise((resolve) => setTimeout(resolve, this.busyGapMs));
      }
    } while (this.again && !this.stopped && this.subscribers.size > 0);
  }

  private async readOnce() {
    const from = this.cursor;
    if (!from) return;
    const entries = await readEntries(this.sql, from);
    // The last subscriber left (and maybe a new one re-synced) meanwhile: this read is stale.
    if (this.cursor !== from) return;
    const last = entries.at(-1);
    if (last) {
      this.cursor = entryCursor(last);
      for (const entry of entries) for (const subscriber of this.subscribers) subscriber(entry);
      this.retryMs = 0;
    }
    if (entries.length === PAGE_SIZE) {
      this.again = true;
    } else if (await hasEventsAfter(this.sql, this.cursor ?? from)) {
      // Committed, but an older transaction of this database still runs: look again shortly.
      this.heldSince ??= Date.now();
      if (!this.heldLogged && Date.now() - this.heldSince > HELD_WARNING_MS) {
        this.heldLogged = true;
        await logHolder(this.sql, Date.now() - this.heldSince);
      }
      this.scheduleRetry();
    } else {
      this.retryMs = 0;
      this.heldSince = null;
      this.heldLogged = false;
    }
  }

  private scheduleRetry() {
    if (this.retryTimer || this.stopped) return;
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs ? this.retryMs * 2 : 5);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.wake();
    }, this.retryMs);
    this.retryTimer.unref();
  }
}
