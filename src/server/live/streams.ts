/**
 * The live subscriptions' bodies: async generators over the hub, each with its bounded queue.
 * Order items carry the changes read together (one message per socket for a burst, not one per
 * event) and are tracked by the log position of their last change, so a client reconnecting with
 * the last id it got first receives what it missed, from the log, then the live items: no gap, no
 * duplicate.
 */
import { tracked } from '@trpc/server';
import { INTERNAL_EVENT_TYPES } from '../../domain/orders/events.js';
import type { SocketSession } from '../context.js';
import type { HubSignal, LiveHub } from './hub.js';
import {
  type Cursor,
  compareCursors,
  cursorAt,
  entryCursor,
  type FeedEntry,
  type OrderChange,
  type OrderChanges,
  PAGE_SIZE,
  readEntries,
} from './order-feed.js';
import { LiveQueue } from './queue.js';

/** 1013 "try again later": the client reconnects and catches up from the log. */
const SLOW_CLOSE_CODE = 1013;

interface StreamContext {
  hub: LiveHub;
  socket: SocketSession;
  signal: AbortSignal;
}

/** Both: the socket closed (tRPC aborts), or the hub stopping. */
function either(a: AbortSignal, b: AbortSignal): AbortSignal {
  return AbortSignal.any([a, b]);
}

/** True (after closing the socket) when the client cannot keep up. */
function tooSlow(ctx: StreamContext, queue: LiveQueue<unknown>): boolean {
  if (queue.overflowed || ctx.socket.bufferedAmount() > ctx.hub.limits.socketBufferedBytes) {
    ctx.socket.close('Too slow: reconnect and catch up', SLOW_CLOSE_CODE);
    return true;
  }
  return false;
}

/** Waits for the end of a socket being closed (its subscriptions are aborted then). */
const closed = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

/** The most queued entries one yielded item carries. */
const BATCH_MAX = 100;

/**
 * Yields what the queue holds, one item per batch of what arrived together (as `toItem` makes it;
 * null skips the batch), until the socket closes, the hub stops or the queue ends; a socket that
 * cannot keep up is closed, and its client catches up.
 */
async function* drain<T, R>(
  ctx: StreamContext,
  queue: LiveQueue<T>,
  signal: AbortSignal,
  toItem: (batch: T[]) => R | null,
) {
  while (!signal.aborted) {
    const batch = queue.take(BATCH_MAX);
    if (batch.length > 0) {
      const item = toItem(batch);
      if (item !== null) yield item;
    }
    if (tooSlow(ctx, queue)) return await closed(signal);
    if (batch.length === 0) {
      if (queue.ended) return;
      await queue.wait(signal);
    }
  }
}

/**
 * Order changes: every one (ownerId null: staff), or only those of the orders of one customer,
 * without the internal notes (what the customer reads over HTTP).
 */
export async function* orderChanges(
  ctx: StreamContext,
  options: {
    lastEventId: string | null | undefined;
    ownerId: string | null;
    /** Which streams (order by default; the back-office's Interventions screen reads interventions). */
    kind?: FeedEntry['kind'];
  },
) {
  const { hub } = ctx;
  const signal = either(ctx.signal, hub.stopping);
  const owner = options.ownerId;
  const wanted = (entry: FeedEntry) =>
    entry.kind === (options.kind ?? 'order') &&
    (owner === null || (entry.ownerId === owner && !INTERNAL_EVENT_TYPES.has(entry.change.type)));
  const queue = new LiveQueue<FeedEntry>(hub.limits.queueItems);
  const { cursor: attachedAt, detach } = await hub.orders.attach((entry) => {
    if (wanted(entry)) queue.push(entry);
  });
  const item = (changes: OrderChange[]) =>
    tracked(String(changes.at(-1)!.position), { changes } satisfies OrderChanges);
  try {
    let last: Cursor | null = null;
    const resumeAt = options.lastEventId ? await cursorAt(hub.sql, Number(options.lastEventId)) : null;
    if (resumeAt) {
      // What was missed, from the log, up to where the feed stood when this subscription joined it.
      last = resumeAt;
      while (!signal.aborted && compareCursors(last, attachedAt) < 0) {
        const page = await readEntries(hub.sql, last, { ownerId: owner ?? undefined, limit: PAGE_SIZE });
        if (page.length === 0) break;
        last = entryCursor(page.at(-1)!);
        const changes = page.filter(wanted).map((entry) => entry.change);
        if (changes.length > 0) yield item(changes);
        if (tooSlow(ctx, queue)) return await closed(signal);
      }
    }
    yield* drain(ctx, queue, signal, (entries) => {
      const changes: OrderChange[] = [];
      for (const entry of entries) {
        // Already sent from the log (a resume that read past the feed's cursor).
        if (last && compareCursors(entryCursor(entry), last) <= 0) continue;
        last = entryCursor(entry);
        changes.push(entry.change);
      }
      return changes.length > 0 ? item(changes) : null;
    });
  } finally {
    detach();
  }
}

/**
 * Product, customer and settings changes: wake-ups with no log behind them. Their tracked ids
 * (`<instance>-<n>`) only mark a resume: a client that comes back with one first gets an item with
 * a null id, meaning "changes may have been missed: reload".
 */
const instance = Date.now().toString(36);
let counter = 0;
const nextId = () => `${instance}-${++counter}`;

async function* signalStream<T>(
  ctx: StreamContext,
  lastEventId: string | null | undefined,
  attach: (push: (item: T) => void) => () => void,
  missed: T,
) {
  const signal = either(ctx.signal, ctx.hub.stopping);
  const queue = new LiveQueue<T>(ctx.hub.limits.queueItems);
  const detach = attach((item) => queue.push(item));
  try {
    if (lastEventId) yield tracked(nextId(), missed);
    // A wake-up: of a burst, the latest says enough (the client reloads what it shows).
    yield* drain(ctx, queue, signal, (batch) => tracked(nextId(), batch.at(-1)!));
  } finally {
    detach();
  }
}

const now = () => new Date().toISOString();

function onKind(hub: LiveHub, kind: HubSignal['kind'], push: (signal: HubSignal) => void) {
  return hub.onSignal((signal) => {
    if (signal.kind === kind) push(signal);
  });
}

/** Product created, changed, deleted, or its stock moved (by an admin or by an order). */
export function productChanges(ctx: StreamContext, lastEventId: string | null | undefined) {
  return signalStream<{ productId: string | null; at: string }>(
    ctx,
    lastEventId,
    (push) => {
      const stopSignals = onKind(ctx.hub, 'product', (s) =>
        push({ productId: (s as { id: string }).id, at: now() }),
      );
      let detachFeed: (() => void) | null = null;
      let stopped = false;
      void ctx.hub.orders
        .attach((entry) => {
          for (const productId of entry.productIds) push({ productId, at: entry.change.at });
        })
        .then(({ detach }) => {
          if (stopped) detach();
          else detachFeed = detach;
        });
      return () => {
        stopped = true;
        stopSignals();
        detachFeed?.();
      };
    },
    { productId: null, at: now() },
  );
}

/** Customer (profile) created, changed, deleted or given another role. */
export function customerChanges(ctx: StreamContext, lastEventId: string | null | undefined) {
  return signalStream<{ userId: string | null; at: string }>(
    ctx,
    lastEventId,
    (push) => onKind(ctx.hub, 'customer', (s) => push({ userId: (s as { id: string }).id, at: now() })),
    { userId: null, at: now() },
  );
}

/** Shop settings saved (or the caches cleared) on any instance. */
export function settingsChanges(ctx: StreamContext, lastEventId: string | null | undefined) {
  return signalStream<{ at: string }>(
    ctx,
    lastEventId,
    (push) => onKind(ctx.hub, 'settings', () => push({ at: now() })),
    { at: now() },
  );
}
