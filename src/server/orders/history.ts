/** An order's full history, read from its stream: every event with its time, actor and changes. */

import { formatEuros } from '../../domain/catalog/pricing.js';
import { DomainError } from '../../domain/errors.js';
import { type Actor, INTERNAL_EVENT_TYPES, type OrderEvent } from '../../domain/orders/events.js';
import { paymentMethodPhrase, REFUND_REASON_LABELS, type RefundReason } from '../../domain/orders/money.js';
import { orderStatusLabel, paymentStatusLabel } from '../../domain/orders/status.js';
import { toId } from '../../domain/security/ids.js';
import { frenchDay } from '../../domain/site/dates.js';
import type { Tx } from '../db/client.js';
import { isOrderStream, readStream, toOrderEvent } from './store.js';

export interface HistoryChange {
  field: 'status' | 'paymentStatus' | 'deleted' | 'note' | 'payment' | 'refund';
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

/** « (Colissimo, suivi 6A123…) » after a change to "shipped" that carries them. */
const shipmentText = (s: { carrier?: string; trackingNumber?: string } | undefined) => {
  const parts = [s?.carrier, s?.trackingNumber ? `suivi ${s.trackingNumber}` : undefined].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
};

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
        summary: `Statut : ${orderStatusLabel(event.data.from)} → ${orderStatusLabel(event.data.to)}${shipmentText(event.data.shipment)}`,
        changes: [{ field: 'status', from: event.data.from, to: event.data.to }],
      };
    case 'OrderPaymentStatusChanged':
      return {
        summary: `Paiement : ${paymentStatusLabel(event.data.from)} → ${paymentStatusLabel(event.data.to)}`,
        changes: [{ field: 'paymentStatus', from: event.data.from, to: event.data.to }],
      };
    case 'PaymentRecorded': {
      const d = event.data;
      const reference = d.reference ? ` (réf. ${d.reference})` : '';
      return {
        summary: `Paiement enregistré : ${formatEuros(d.amountCents)} ${paymentMethodPhrase(d.method)}${reference}, le ${frenchDay(d.day)}`,
        changes: [{ field: 'payment', from: null, to: String(d.amountCents) }],
      };
    }
    case 'PaymentCancelled': {
      const d = event.data;
      return {
        summary: `Paiement annulé (écriture inverse) : −${formatEuros(d.amountCents)}${d.note ? ` : ${d.note}` : ''}`,
        changes: [{ field: 'payment', from: String(d.amountCents), to: null }],
      };
    }
    case 'RefundRecorded': {
      const d = event.data;
      const items = d.lines.reduce((sum, l) => sum + l.quantity, 0);
      const what = [
        items > 0 ? plural(items, 'article') : null,
        d.shippingCents > 0 ? 'livraison' : null,
        d.extraCents > 0 ? `montant ${formatEuros(d.extraCents)}` : null,
      ].filter(Boolean);
      return {
        summary: `Remboursement : ${formatEuros(d.amountCents)} ${paymentMethodPhrase(d.method)} (${what.join(', ')}) — ${REFUND_REASON_LABELS[d.reason as RefundReason]}${d.note ? ` : ${d.note}` : ''}${d.restock ? ', articles remis en stock' : ''}`,
        changes: [{ field: 'refund', from: null, to: String(d.amountCents) }],
      };
    }
    case 'PaymentFailed':
      return {
        summary: `Paiement échoué${event.data.note ? ` : ${event.data.note}` : ''}`,
        changes: [{ field: 'paymentStatus', from: null, to: 'failed' }],
      };
    case 'OrderDeleted':
      return {
        summary: event.data.reason ? `Commande supprimée : ${event.data.reason}` : 'Commande supprimée',
        changes: [{ field: 'deleted', from: null, to: event.data.reason }],
      };
    case 'InvoiceIssued':
      return {
        summary: `Facture ${event.data.document.number} émise : ${formatEuros(event.data.document.totalInclCents)} TTC`,
        changes: [],
      };
    case 'CreditNoteIssued':
      return {
        summary: `Avoir ${event.data.document.number} émis sur la facture ${event.data.document.cites?.number ?? ''} : ${formatEuros(event.data.document.totalInclCents)} TTC`,
        changes: [],
      };
    case 'OrderNoteAdded':
      return {
        summary: `Note interne : ${event.data.note}`,
        changes: [{ field: 'note', from: null, to: event.data.note }],
      };
    // Withdrawal (issue 26)
    case 'WithdrawalRequested':
      return {
        summary: `Rétractation demandée par ${event.data.name} : ${plural(event.data.itemIds.length, 'ligne')}`,
        changes: [],
      };
    case 'WithdrawalExceptionRecorded':
      return {
        summary: `Exception d'hygiène retenue pour ${plural(event.data.itemIds.length, 'ligne')}${event.data.note ? ` : ${event.data.note}` : ''}`,
        changes: [],
      };
  }
}

export interface HistoryOptions {
  /**
   * 'customer' (the default, so that no caller shows staff notes by mistake) leaves out the
   * internal events (INTERNAL_EVENT_TYPES); 'staff' reads everything.
   */
  audience?: 'customer' | 'staff';
}

/**
 * Callers check who may read it (admins; the order's own customer). Deleted orders keep their
 * history. Internal notes are left out unless the audience is 'staff'.
 */
export async function orderHistory(
  sql: Tx,
  orderId: string,
  { audience = 'customer' }: HistoryOptions = {},
): Promise<HistoryEntry[]> {
  const id = toId(orderId);
  const stored = id ? await readStream(sql, id) : [];
  if (!isOrderStream(stored)) throw new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.');
  const shown = audience === 'staff' ? stored : stored.filter((e) => !INTERNAL_EVENT_TYPES.has(e.type));
  return shown.map((e) => {
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

export type StaffHistoryEntry = HistoryEntry & { by: string };

const ACTOR_LABELS: Record<Actor['kind'], string> = {
  user: 'Client',
  guest: 'Invité',
  system: 'Système',
  admin: 'Administrateur',
};

/**
 * The back-office timeline: every event, internal notes included, with who did it in French
 * (« Client », « Invité », « Système », or the admin's name as their profile says it now).
 */
export async function staffOrderHistory(sql: Tx, orderId: string): Promise<StaffHistoryEntry[]> {
  const entries = await orderHistory(sql, orderId, { audience: 'staff' });
  const adminIds = [...new Set(entries.filter((e) => e.actor.kind === 'admin').map((e) => e.actor.userId!))];
  const names = new Map<string, string>();
  if (adminIds.length > 0) {
    const rows = await sql<{ id: string; name: string }[]>`
      select u.id,
             coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''),
                      nullif(trim(u.name), ''), u.email) as name
        from users u left join profiles p on p.id = u.id
       where u.id = any(${adminIds}::text[])`;
    for (const row of rows) names.set(row.id, row.name);
  }
  return entries.map((entry) => ({
    ...entry,
    // An order the team placed (by phone, at the counter) says so where it starts.
    summary:
      entry.type === 'OrderPlaced' && entry.actor.kind === 'admin'
        ? `${entry.summary} (commande passée par l'équipe)`
        : entry.summary,
    by:
      entry.actor.kind === 'admin'
        ? (names.get(entry.actor.userId ?? '') ?? ACTOR_LABELS.admin)
        : ACTOR_LABELS[entry.actor.kind],
  }));
}
