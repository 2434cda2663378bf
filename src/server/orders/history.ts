/** An order's full history, read from its stream: every event with its time, actor and changes. */

import { formatEuros } from '../../domain/catalog/pricing.js';
import { DomainError } from '../../domain/errors.js';
import type { Actor, OrderEvent } from '../../domain/orders/events.js';
import { orderStatusLabel, paymentStatusLabel } from '../../domain/orders/status.js';
import type { Tx } from '../db/client.js';
import { readStream, toOrderEvent } from './store.js';

export interface HistoryChange {
  field: 'status' | 'paymentStatus' | 'deleted';
  from: string | null;
  to: string | null;
}

export interface HistoryEntry {
  position: number;
  version: number;
  type: OrderEvent['type'];
  /** ISO time of the event. */
  at: string;
  actor: { kind: Actor['kind']; userId?: string };
  /** French, for people. */
  summary: string;
  changes: HistoryChange[];
}

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

function describeEvent(event: OrderEvent): { summary: string; changes: HistoryChange[] } {
  switch (event.type) {
    case 'OrderPlaced': {
      const d = event.data;
      const count = d.lines.reduce((sum, line) => sum + line.quantity, 0);
      return {
        summary: `Commande ${d.orderNumber} passée : ${plural(count, 'article')}, total ${formatEuros(d.totalAmountCents)}`,
        changes: [
          { field: 'status', from: null, to: d.status },
          { field: 'paymentStatus', from: null, to: d.paymentStatus },
        ],
      };
    }
    case 'OrderStatusChanged':
      return {
        summary: `Statut : ${orderStatusLabel(event.data.from)} → ${orderStatusLabel(event.data.to)}`,
        changes: [{ field: 'status', from: event.data.from, to: event.data.to }],
      };
    case 'OrderPaymentStatusChanged':
      return {
        summary: `Paiement : ${paymentStatusLabel(event.data.from)} → ${paymentStatusLabel(event.data.to)}`,
        changes: [{ field: 'paymentStatus', from: event.data.from, to: event.data.to }],
      };
    case 'OrderDeleted':
      return {
        summary: event.data.reason ? `Commande supprimée : ${event.data.reason}` : 'Commande supprimée',
        changes: [{ field: 'deleted', from: null, to: event.data.reason }],
      };
  }
}

/** Callers check who may read it (admins; the order's own customer). Deleted orders keep their history. */
export async function orderHistory(sql: Tx, orderId: string): Promise<HistoryEntry[]> {
  const stored = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)
    ? await readStream(sql, orderId)
    : [];
  if (stored.length === 0) throw new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.');
  return stored.map((e) => {
    const event = toOrderEvent(e);
    const actor = e.metadata.actor;
    return {
      position: e.position,
      version: e.version,
      type: event.type,
      at: e.metadata.at,
      actor: 'userId' in actor ? { kind: actor.kind, userId: actor.userId } : { kind: actor.kind },
      ...describeEvent(event),
    };
  });
}
