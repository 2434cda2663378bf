import { productSalesChange } from '../../domain/dashboard/product-sales.js';
import {
  type EvolvingEvent,
  evolve,
  fold,
  type OrderState,
  type ProductSnapshot,
  stockMovements,
} from '../../domain/orders/decider.js';
import {
  type Actor,
  EVENT_SCHEMA_VERSION,
  type EventMetadata,
  isPersonalEventType,
  type OrderEvent,
} from '../../domain/orders/events.js';
import { toId } from '../../domain/security/ids.js';
import type { Sql, Tx } from '../db/client.js';
import { insertPersonalRecord, orderSubject, sealPersonalData } from './personal-records.js';
import { projectEvent, projectionStatement } from './projections.js';
import { keepOrderRead } from './read-cache.js';
import {
  type Appended,
  appendEvent,
  isOrderStream,
  type StoredEvent,
  toOrderEvent,
  type WithAppend,
} from './store.js';

/** Who asks, when and why: becomes each event's metadata. */
export interface CommandMeta {
  actor: Actor;
  /** When the command was given (ISO): every event it causes records this time, retries included. */
  at: string;
  requestId: string;
  idempotencyKey?: string;
}

export const toEvolving = (e: StoredEvent): EvolvingEvent => toOrderEvent(e);

/** An order's state from its stored events; null when there are none or they are not an order's. */
export const foldStored = (events: readonly StoredEvent[]): OrderState | null =>
  isOrderStream(events) ? fold(events.map(toEvolving)) : null;

/**
 * An order's stream as read and its fold: a command folds what it read once and hands both to the
 * append, which chains after the last stored event and evolves the state it was given.
 */
export interface OrderRead {
  stored: readonly StoredEvent[];
  state: OrderState | null;
  /**
   * The stream's personal epoch, for a state kept from an earlier append (orders/read-cache.ts):
   * the append then also checks that no personal record of the stream changed since.
   */
  epoch?: number;
}

export const orderRead = (stored: readonly StoredEvent[]): OrderRead => ({
  stored,
  state: foldStored(stored),
});

/** A new stream: nothing stored, no order yet. */
export const NEW_STREAM: OrderRead = { stored: [], state: null };

/**
 * Locks the given products (in id order, so that concurrent orders never deadlock) and returns
 * what the decider needs to know about them.
 */
export async function lockProducts(sql: Tx, ids: readonly string[]): Promise<ProductSnapshot[]> {
  const valid = [...new Set(ids.map(toId).filter((id): id is string => id !== null))];
  if (valid.length === 0) return [];
  return await sql<ProductSnapshot[]>`
    select id, title, main_image as image, price_cents, promo_price_cents, is_on_promotion, is_available,
           is_visible_in_shop, infinite_stock, stock_quantity, biocide_type, professional_only,
           certibiocide_category, reference_price_cents
      from products
     where id = any(${valid}::uuid[])
     order by id
       for update`;
}

function metadataFor(meta: CommandMeta): EventMetadata {
  return {
    actor: meta.actor,
    at: meta.at,
    requestId: meta.requestId,
    schemaVersion: EVENT_SCHEMA_VERSION,
    ...(meta.idempotencyKey ? { idempotencyKey: meta.idempotencyKey } : {}),
  };
}

/**
 * The fast path for one event that moves no stock: the append, the stream head and the read-table
 * change run as ONE statement (atomic on its own, no BEGIN/COMMIT round trips). The expected
 * version guards it exactly as in a transaction. An event that makes the order start or stop
 * counting as revenue also changes the daily sales (sales.ts): it takes the transaction path.
 */
export async function commitSingle(
  sql: Sql,
  streamId: string,
  read: OrderRead,
  event: OrderEvent,
  meta: CommandMeta,
  /** The other writes the event brings (its status mail), given the order once it is folded. */
  alongsideOf?: (after: OrderState, version: number) => WithAppend[],
): Promise<Committed> {
  const { stored, state: before } = read;
  const version = stored.at(-1)?.version ?? 0;
  const prevHash = stored.at(-1)?.hash ?? null;
  const metadata = metadataFor(meta);
  const after = evolve(before, { streamId, version: version + 1, metadata, ...event });
  const alongside = after && alongsideOf ? alongsideOf(after, version + 1) : [];
  // Personal fields take the transaction path too: their record is written beside the event.
  if (productSalesChange(before, after).length > 0 || isPersonalEventType(event.type)) {
    return await sql.begin(async (tx) => {
      const committed = await commitDecision(tx, streamId, read, [event], meta, []);
      for (const write of alongside) await write(tx, tx`true`);
      return committed;
    });
  }
  const projection = after && projectionStatement(sql, event, after);
  if (!after || !projection) throw new Error(`${event.type} cannot take the single-statement path`);
  const appended = await appendEvent(
    sql,
    streamId,
    version,
    prevHash,
    { metadata, ...event },
    projection,
    alongside,
    read.epoch,
  );
  const events = [storedAs(event, appended, streamId, metadata, prevHash)];
  // Committed (one statement): the next command on this order may decide on it (read-cache.ts).
  keepOrderRead(streamId, { stored: events, state: after, epoch: appended.epoch });
  return { state: after, events };
}

/**
 * The event as the log now holds it (what readStream would give back). The event's own fields are
 * spread last, here and where an event gets its place in the stream: V8 builds `{ ...event, more }`
 * key by key (about 5 µs for this one, on every append), `{ more, ...event }` at once.
 */
const storedAs = (
  event: OrderEvent,
  appended: Appended,
  streamId: string,
  metadata: EventMetadata,
  prevHash: string | null,
) =>
  ({
    position: appended.position,
    txId: appended.txId,
    hash: appended.hash,
    version: appended.version,
    streamId,
    metadata,
    recordedAt: new Date(metadata.at),
    prevHash,
    ...event,
  }) as StoredEvent & OrderEvent;

export interface Committed {
  state: OrderState | null;
  events: (StoredEvent & OrderEvent)[];
}

/**
 * Appends the decided events after `stored` (the stream as read), and in the same transaction
 * updates the read tables and moves stock. Each event's statements are pipelined: if the append
 * fails (version conflict) the others fail with it and the transaction rolls back.
 */
export async function commitDecision(
  tx: Tx,
  streamId: string,
  read: OrderRead,
  decided: readonly OrderEvent[],
  meta: CommandMeta,
  products: readonly ProductSnapshot[],
): Promise<Committed> {
  const { stored } = read;
  let state = read.state;
  let version = stored.at(-1)?.version ?? 0;
  let prevHash = stored.at(-1)?.hash ?? null;
  const metadata = metadataFor(meta);
  const committed: (StoredEvent & OrderEvent)[] = [];
  for (const event of decided) {
    const after = evolve(state, { streamId, version: version + 1, metadata, ...event });
    if (!after) throw new Error(`${event.type} on a missing order`);
    const moves = stockMovements(state, event, products);
    // Personal fields go to their record; the log keeps a reference and a commitment (ADR 020).
    const sealed = isPersonalEventType(event.type)
      ? sealPersonalData(streamId, orderSubject(streamId, after.customerId), event.type, event.data)
      : null;
    const settled = await Promise.allSettled([
      appendEvent(
        tx,
        streamId,
        version,
        prevHash,
        { type: event.type, data: sealed ? sealed.stored : event.data, metadata },
        undefined,
        [],
        // A kept state (read-cache.ts) also holds only if no personal record changed since.
        committed.length === 0 ? read.epoch : undefined,
      ),
      projectEvent(tx, event, state, after),
      moves.length > 0
        ? tx`
            update products p
               set stock_quantity = p.stock_quantity + m.delta, updated_at = now()
              from unnest(${moves.map((m) => m.productId)}::uuid[], ${moves.map((m) => m.delta)}::int[]) as m(id, delta)
             where p.id = m.id`
        : null,
      sealed ? insertPersonalRecord(tx, sealed.record) : null,
    ]);
    // The append's own error (a version conflict) explains the others ("transaction aborted").
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const appended = (settled[0] as PromiseFulfilledResult<Appended>).value;
    committed.push(storedAs(event, appended, streamId, metadata, prevHash));
    state = after;
    version = appended.version;
    prevHash = appended.hash;
  }
  return { state, events: committed };
}
