import { NOTES_MAX } from '../common/limits.js';
import { ADMIN_ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from './status.js';

/*
 * The order status transition table: which changes are allowed, which need a reason, which move
 * stock. Read by the decider (SetStatus), the back-office's inline selects (only allowed targets
 * are offered) and the tests.
 *
 * back-office.md §4 lets any status be set to any other; the table keeps that free choice along the
 * order's life and asks for a reason where a change undoes one:
 * - forward along pending → confirmed → processing → shipped → delivered: free, steps may be skipped;
 * - back along it (a correction, delivered included): allowed, with a reason;
 * - to "Annulée" from any status before "Livrée": free; the lines' stock comes back;
 * - from "Annulée", only back to "En attente" (reopening): with a reason; the stock is taken again
 *   (refused when short);
 * - a delivered order is not cancelled (a return is a refund, recorded with payments).
 */

const LIFE: readonly OrderStatus[] = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'];

export type StockMove = 'return' | 'take' | null;

export type Transition =
  | { allowed: true; needsReason: boolean; stock: StockMove }
  | { allowed: false; message: string };

const label = (status: OrderStatus) => ADMIN_ORDER_STATUS_LABELS[status];

/**
 * What a change does to the stock: entering "Annulée" gives the lines' units back, leaving it takes
 * them again. Also read for recorded events (replay), whatever the table allowed when they were made.
 */
export function stockMoveOf(from: string, to: string): StockMove {
  if (from === to) return null;
  if (to === 'cancelled') return 'return';
  if (from === 'cancelled') return 'take';
  return null;
}

export const STATUS_REASON_MESSAGE = 'Indiquez le motif de ce changement de statut.';
export const STATUS_REASON_TOO_LONG = `Le motif ne doit pas dépasser ${NOTES_MAX} caractères.`;

/** The rule for changing `from` into `to` (from !== to; the same status is no change at all). */
export function statusTransition(from: OrderStatus, to: OrderStatus): Transition {
  const refused = (): Transition => ({
    allowed: false,
    message: `Une commande « ${label(from)} » ne peut pas passer à « ${label(to)} ».`,
  });
  const stock = stockMoveOf(from, to);
  if (from === 'cancelled') return to === 'pending' ? { allowed: true, needsReason: true, stock } : refused();
  if (to === 'cancelled')
    return from === 'delivered' ? refused() : { allowed: true, needsReason: false, stock };
  const backwards = LIFE.indexOf(to) < LIFE.indexOf(from);
  return { allowed: true, needsReason: backwards, stock };
}

/** The statuses an order in `from` may be given, itself first (what an inline select offers). */
export const allowedTargets = (from: OrderStatus): OrderStatus[] => [
  from,
  ...ORDER_STATUSES.filter((to) => to !== from && statusTransition(from, to).allowed),
];
