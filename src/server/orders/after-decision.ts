/**
 * The decision port (issue 34): the work a higher room does inside the transaction of an order
 * decision, once its events are appended. The invoices room listens (invoices/issue.ts
 * issueDocumentsOnDecisions): the invoice when a payment makes the order paid, a credit note for a
 * refund or a cancellation. It is wired ONCE where the app is composed (app.ts; the test services
 * wire it as the app does), like the after-commit port (db/after-commit.ts): no router or caller
 * hands it in, so none can forget it. Whatever it throws rolls the decision back.
 */
import type { Actor } from '../../domain/orders/events.js';
import type { Tx } from '../db/client.js';

/** Runs in the decision's transaction, after its events (the order is re-read after it). */
export type DecisionListener = (tx: Tx, orderId: string, actor: Actor) => Promise<void>;

let listener: DecisionListener | null = null;

/** Wires the port (the last call wins); returns what undoes it. */
export function onOrderDecided(next: DecisionListener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = null;
  };
}

/** What the order command handler calls (orders/commands.ts). */
export const afterDecision = {
  /** Whether a listener is wired: unwired (a bench), a decision needs no transaction for it. */
  wired: () => listener !== null,
  run: async (tx: Tx, orderId: string, actor: Actor) => {
    if (listener) await listener(tx, orderId, actor);
  },
};
