/**
 * THE command path of orders (issue 34; docs/decisions/018 and 019): one handler loads the order's
 * stream, decides, appends with the version read and, in the same transaction, runs the work the
 * decision implies: the customer's mails (a status mail, a withdrawal's acknowledgement) and the
 * documents, through the decision port the app wires once (orders/after-decision.ts: the invoice
 * when a payment makes the order paid, a credit note for a refund or a cancellation). On a version
 * conflict it re-reads, re-decides and retries, in the log's one command loop (command-loop.ts,
 * which the other streams share: log/stream-commands.ts). Money commands (money.ts) and status,
 * note, deletion and withdrawal commands all run here; routers only call the commands.
 */
import { DomainError } from '../../domain/errors.js';
import {
  decide,
  type OrderCommand,
  type OrderState,
  type ProductSnapshot,
  stockProductIds,
} from '../../domain/orders/decider.js';
import { documentsMayBeDue } from '../../domain/orders/decider-documents.js';
import type { OrderEvent, Shipment } from '../../domain/orders/events.js';
import { stockMoveOf } from '../../domain/orders/transitions.js';
import { toId } from '../../domain/security/ids.js';
import { parisDay } from '../../domain/site/time-zone.js';
import type { Sql, Tx } from '../db/client.js';
import { mailTransaction } from '../mail/outbox.js';
import { afterDecision } from './after-decision.js';
import { moneyDayClosed } from './closed-days.js';
import { runCommand } from './command-loop.js';
import {
  type CommandMeta,
  type Committed,
  commitDecision,
  commitSingle,
  foldStored,
  lockProducts,
  type OrderRead,
  orderRead,
} from './commit.js';
import { keptOrderRead } from './read-cache.js';
import { prepareStatusMail, queueStatusMailWith } from './status-mails.js';
import { ConcurrencyError, readStream } from './store.js';
import { queueWithdrawalAcknowledgement } from './withdrawal-mail.js';

export interface OrderCommandOptions extends Omit<CommandMeta, 'at'> {
  /** When the command was given (ISO); now when not said. Retries record the same time. */
  at?: string;
  /** The version the caller saw: when set, a newer order is refused instead of retried. */
  expectedVersion?: number;
}

/** What a command is built from, besides the order as read. */
export interface DecisionContext {
  /** The products locked for a command that may move stock (else none). */
  products: ProductSnapshot[];
  /** The Paris day the command is given on. */
  today: string;
  /** Whether the money movement's day is closed (money commands only; false for the others). */
  dayClosed: boolean;
}

/** One order command, as its caller describes it to the handler. */
export interface OrderCommandSpec {
  command: (state: OrderState | null, context: DecisionContext) => OrderCommand;
  /** Whether the command may move stock on this order: its products are locked before deciding. */
  movesStock?: (state: OrderState | null) => boolean;
  /**
   * A money command: it holds the closures' lock in shared mode (a closure takes it exclusively: no
   * movement slips into a day being closed) and reads whether `day` (null: today) is closed.
   */
  money?: { day: string | null };
}

function staleCheck(state: OrderState | null, meta: OrderCommandOptions) {
  if (meta.expectedVersion !== undefined && state && state.version !== meta.expectedVersion) {
    throw new DomainError(
      'concurrency',
      'STALE_VERSION',
      'La commande a été modifiée entre-temps. Rechargez la page et réessayez.',
      { expectedVersion: meta.expectedVersion, version: state.version },
    );
  }
}

/** Whether the decided events have work to run after them in their transaction. */
const needsTransaction = (decided: readonly OrderEvent[]) =>
  decided.length > 1 ||
  decided.some((e) => e.type === 'WithdrawalRequested') ||
  (afterDecision.wired() && documentsMayBeDue(decided));

/**
 * Runs one order command: reads the order, decides, appends with the version read, and runs the
 * after-decision work in the same transaction (afterDecisionIn). A money command or one that moves
 * stock reads the order inside its transaction (under the closures' lock, the products' locks); a
 * single event with nothing to run after it is appended with its read-table change (and status
 * mail) in one statement. Such a single event is first decided on the order as this process last
 * appended it, when kept, without reading the stream (fromKeptRead, ADR 050). Retried on a version
 * conflict unless the caller sent the version it saw.
 */
export async function handleOrderCommand(
  sql: Sql,
  orderId: string,
  options: OrderCommandOptions,
  spec: OrderCommandSpec,
): Promise<Committed> {
  const id = checkId(orderId);
  const meta = { ...options, at: options.at ?? new Date().toISOString() };
  const today = parisDay(new Date(meta.at));
  const movesStock = spec.movesStock ?? (() => false);
  // A decision outside a transaction: no products locked, no money day (not a money command).
  const decideOutside = (state: OrderState | null) =>
    decide(spec.command(state, { products: [], today, dayClosed: false }), state);
  return await runCommand(
    sql,
    async () => {
      if (!spec.money) {
        const committed = await fromKeptRead(sql, id, meta, movesStock, decideOutside);
        if (committed) return committed;
      }
      // The order as read outside a transaction (not for a money command): enough to decide a
      // single event; for a stock move, which products to lock before reading it again under them.
      // Folded once: the append evolves the state the decision saw (commit.ts OrderRead).
      let outside: OrderRead | null = null;
      if (!spec.money) {
        const read = orderRead(await readStream(sql, id));
        outside = read;
        const { state } = read;
        staleCheck(state, meta);
        if (!movesStock(state)) {
          const decided = decideOutside(state);
          const [event] = decided;
          if (!event) return { state, events: [] };
          if (needsTransaction(decided)) {
            return await mailTransaction(sql, async (tx) =>
              afterDecisionIn(tx, id, meta, await commitDecision(tx, id, read, decided, meta, [])),
            );
          }
          return await commitOne(sql, id, read, event, meta);
        }
      }
      return await mailTransaction(sql, async (tx) => {
        const { money } = spec;
        // Pipelined on the one connection: the closures' lock first (whether the day is closed is
        // read only once it is held: moneyDayClosed), the order's stream beside it.
        const [dayClosed, stored] = await Promise.all([
          money ? moneyDayClosed(tx, money.day ?? today) : false,
          outside ? null : readStream(tx, id),
        ]);
        let read = outside ?? orderRead(stored ?? []);
        let products: ProductSnapshot[] = [];
        if (movesStock(read.state)) {
          // Locks the products, then re-reads the order under those locks.
          products = await lockProducts(tx, stockProductIds(read.state));
          read = orderRead(await readStream(tx, id));
        }
        const { state } = read;
        staleCheck(state, meta);
        const decided = decide(spec.command(state, { products, today, dayClosed }), state);
        if (decided.length === 0) return { state, events: [] } satisfies Committed;
        return await afterDecisionIn(
          tx,
          id,
          meta,
          await commitDecision(tx, id, read, decided, meta, products),
        );
      });
    },
    meta.expectedVersion === undefined,
  );
}

/**
 * One event with nothing to run after it: its status mail is rendered now, outside any
 * transaction, and inserted by the append's own statement, only if the event is appended; the
 * mail's workers are woken after that statement's commit (issue 41).
 */
async function commitOne(
  sql: Sql,
  id: string,
  read: OrderRead,
  event: OrderEvent,
  meta: CommandMeta,
): Promise<Committed> {
  const mail = await prepareStatusMail(sql, event);
  const committed = await commitSingle(sql, id, read, event, meta, mail?.alongsideOf);
  mail?.committed(sql);
  return committed;
}

/**
 * The command decided on the order as this process last appended it (read-cache.ts), without
 * reading its stream: only when that decision is one event for the one-statement path, whose
 * statement checks that the order is still exactly the one kept. Anything else (no kept order, the
 * caller saw another version, a stock move, a refusal, nothing to do, more work, or the statement
 * finding the order changed: by another instance, an erasure) gives null, and the command decides
 * again on the stream as read: a kept order never answers the user on its own.
 */
async function fromKeptRead(
  sql: Sql,
  id: string,
  meta: CommandMeta & { expectedVersion?: number },
  movesStock: (state: OrderState) => boolean,
  decideOutside: (state: OrderState) => OrderEvent[],
): Promise<Committed | null> {
  const kept = keptOrderRead(id);
  if (!kept) return null;
  const { state } = kept;
  if (meta.expectedVersion !== undefined && state.version !== meta.expectedVersion) return null;
  if (movesStock(state)) return null;
  let decided: OrderEvent[];
  try {
    decided = decideOutside(state);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  const [event] = decided;
  if (!event || needsTransaction(decided)) return null;
  try {
    return await commitOne(sql, id, kept, event, meta);
  } catch (error) {
    if (error instanceof ConcurrencyError) return null;
    throw error;
  }
}

/**
 * In the decision's transaction, after its append: queues the customer's mails (the outbox rows
 * commit with the events), runs the decision port (the documents), and returns the order as it
 * then stands, so that the screen's next change is not stale.
 */
async function afterDecisionIn(
  tx: Tx,
  orderId: string,
  meta: CommandMeta,
  committed: Committed,
): Promise<Committed> {
  if (committed.events.length === 0) return committed;
  await queueStatusMailWith(tx, committed);
  await queueWithdrawalAcknowledgement(tx, committed);
  if (!documentsMayBeDue(committed.events) || !afterDecision.wired()) return committed;
  await afterDecision.run(tx, orderId, meta.actor);
  return { state: foldStored(await readStream(tx, orderId)), events: committed.events };
}

const notFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.');

/** The order's id as the log stores it (lower-case), or not found (domain/security/ids.ts). */
function checkId(orderId: string): string {
  const id = toId(orderId);
  if (!id) throw notFound();
  return id;
}

export async function setOrderStatus(
  sql: Sql,
  orderId: string,
  status: string,
  meta: OrderCommandOptions,
  /** Why: required where the transition table says so (domain/orders/transitions.ts). */
  reason?: string | null,
  /** Carrier and tracking number, with "Expédiée" (shown in the customer's mail). */
  shipment?: Shipment,
) {
  return await handleOrderCommand(sql, orderId, meta, {
    command: (_, { products }) => ({
      type: 'SetStatus',
      status,
      products,
      reason,
      ...(shipment ? { shipment } : {}),
    }),
    // Stock moves only when entering or leaving "cancelled": lock the products then, and only then.
    movesStock: (state) => state !== null && !state.deleted && stockMoveOf(state.status, status) !== null,
  });
}

export async function deleteOrder(
  sql: Sql,
  orderId: string,
  reason: string | null,
  meta: OrderCommandOptions,
) {
  return await handleOrderCommand(sql, orderId, meta, { command: () => ({ type: 'DeleteOrder', reason }) });
}

/** An admin's internal note: no expected version, since a note never conflicts with a change. */
export async function addOrderNote(sql: Sql, orderId: string, note: string, meta: OrderCommandOptions) {
  return await handleOrderCommand(sql, orderId, meta, { command: () => ({ type: 'AddNote', note }) });
}
