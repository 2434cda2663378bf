/**
 * The consumer's right of withdrawal (Code de la consommation), as the shop applies it:
 * - L221-18: 14 days to withdraw, no reason needed, counted from the receipt of the goods: here the
 *   order's "delivered" event (a pickup order is marked delivered when it is collected). Before
 *   that, the right can be used as well. The day of receipt does not count and the period ends at
 *   the end of its last day (C. proc. civ. 641 and 642), in Paris time.
 * - L221-21 as amended (décret n° 2026-3, D221-5): an online function, "Renoncer au contrat ici",
 *   a second step "Confirmer la rétractation", and an acknowledgement on a durable medium (a mail)
 *   stating its content, date and time.
 * - L221-24: refund of everything paid, standard delivery included, within 14 days of the
 *   notification, by the same means of payment.
 * - L221-28 5°: no withdrawal for sealed goods unsealed after delivery that cannot be returned for
 *   hygiene reasons, when stated before the contract. The owner records it; it is never automatic.
 * Pure: the decider and the screens read these rules.
 */

import { z } from 'zod';
import { emailAddress } from '../common/fields.js';
import { FULL_NAME_MAX, NOTES_MAX } from '../common/limits.js';
import { addDays, daysBetween } from '../dashboard/periods.js';
import { REFUND_DAYS, WITHDRAWAL_DAYS } from '../legal/cgv.js';
import { uuidInput } from '../security/ids.js';
import { frenchCalendarDate, frenchDateTime } from '../site/dates.js';
import { parisDay } from '../site/time-zone.js';

export const WITHDRAWAL_TEXTS = {
  button: 'Renoncer au contrat ici',
  confirm: 'Confirmer la rétractation',
  done: 'Votre rétractation est enregistrée. Un accusé de réception vous est envoyé par email.',
  already: 'La rétractation de cette commande a déjà été enregistrée.',
  cancelled: "Cette commande est annulée : il n'y a pas de contrat à rétracter.",
  expired: (lastDay: string) =>
    `Le délai de rétractation de ${WITHDRAWAL_DAYS} jours a pris fin le ${frenchCalendarDate(lastDay)}.`,
  unknownLine: 'Un article choisi ne fait pas partie de cette commande.',
  hygiene:
    "Exception d'hygiène (article L221-28 5° du Code de la consommation) : produit descellé après la livraison, qui ne peut être renvoyé pour des raisons d'hygiène.",
} as const;

/** What the order's state says about withdrawal (folded by the decider). */
export interface WithdrawalFacts {
  /** ISO time of the first "delivered" event, null before. */
  deliveredAt: string | null;
  withdrawal: {
    requestedAt: string;
    name: string;
    email: string;
    itemIds: string[];
    exception: { reason: 'hygiene_seal_broken'; itemIds: string[]; note: string | null; at: string } | null;
  } | null;
}

/** The last day (Paris, 'YYYY-MM-DD') to withdraw: null while the goods are not delivered. */
export const withdrawalLastDay = (deliveredAt: string | null): string | null =>
  deliveredAt ? addDays(parisDay(new Date(deliveredAt)), WITHDRAWAL_DAYS) : null;

export type WithdrawalWindow =
  | { kind: 'open'; lastDay: string | null }
  | { kind: 'requested'; requestedAt: string }
  | { kind: 'closed'; reason: 'cancelled' | 'expired' | 'deleted'; lastDay: string | null };

/** Whether the "Renoncer au contrat ici" button is offered now. */
export function withdrawalWindow(
  order: WithdrawalFacts & { status: string; deleted: boolean },
  now: Date,
): WithdrawalWindow {
  if (order.withdrawal) return { kind: 'requested', requestedAt: order.withdrawal.requestedAt };
  const lastDay = withdrawalLastDay(order.deliveredAt);
  if (order.deleted) return { kind: 'closed', reason: 'deleted', lastDay };
  if (order.status === 'cancelled') return { kind: 'closed', reason: 'cancelled', lastDay };
  if (lastDay && parisDay(now) > lastDay) return { kind: 'closed', reason: 'expired', lastDay };
  return { kind: 'open', lastDay };
}

/** The last day (Paris) to refund a withdrawal notified at `requestedAt` (L221-24). */
export const refundLastDay = (requestedAt: string): string =>
  addDays(parisDay(new Date(requestedAt)), REFUND_DAYS);

/**
 * Where the refund of a withdrawal stands (L221-24), by one rule read by the list's badge, the
 * details and the mail alike: refund at the latest REFUND_DAYS (14) days after the Paris day of the
 * request. On that day 14 days are left (J-14), on the last day none (« dernier jour », J-0), the
 * day after it is late; once a refund is recorded after the request, the countdown stops.
 */
export type RefundDeadline =
  | { kind: 'refunded'; at: string }
  | { kind: 'due'; lastDay: string; daysLeft: number }
  | { kind: 'overdue'; lastDay: string };

export function refundDeadline(
  requestedAt: string,
  now: Date,
  refundedAt: string | null = null,
): RefundDeadline {
  if (refundedAt) return { kind: 'refunded', at: refundedAt };
  const lastDay = refundLastDay(requestedAt);
  // daysBetween counts both ends: the days left after today are one fewer.
  const daysLeft = daysBetween(parisDay(now), lastDay) - 1;
  return daysLeft < 0 ? { kind: 'overdue', lastDay } : { kind: 'due', lastDay, daysLeft };
}

/** The first refund recorded at or after the withdrawal request: the refund it was owed. */
export const withdrawalRefundedAt = (
  requestedAt: string,
  refunds: readonly { at: string }[],
): string | null =>
  refunds
    .map((r) => r.at)
    .filter((at) => at >= requestedAt)
    .sort()[0] ?? null;

/** « Remboursement au plus tard le 9 décembre 2026 (5 jours restants) », its last day, late and done forms. */
export function refundCountdown(deadline: RefundDeadline): string {
  if (deadline.kind === 'refunded') return `Remboursement effectué le ${frenchDateTime(deadline.at)}`;
  const date = frenchCalendarDate(deadline.lastDay);
  if (deadline.kind === 'overdue') return `Remboursement en retard : il était dû au plus tard le ${date}`;
  const left = deadline.daysLeft;
  return `Remboursement au plus tard le ${date} (${left === 0 ? 'dernier jour' : left === 1 ? '1 jour restant' : `${left} jours restants`})`;
}

/** The list's short form: « J-14 » … « J-0 », « remboursement en retard », « remboursée ». */
export function refundBadgeText(deadline: RefundDeadline): string {
  if (deadline.kind === 'refunded') return 'remboursée';
  return deadline.kind === 'overdue' ? 'remboursement en retard' : `J-${deadline.daysLeft}`;
}

/** The withdrawal form (the name, the lines, the email for the acknowledgement): one schema for the page and the procedure. */
export const withdrawalFormShape = {
  name: z
    .string({ error: 'Le nom est obligatoire' })
    .trim()
    .min(1, { error: 'Le nom est obligatoire' })
    .max(FULL_NAME_MAX, { error: 'Le nom est trop long' }),
  email: emailAddress(),
  itemIds: z
    .array(uuidInput(WITHDRAWAL_TEXTS.unknownLine))
    .min(1, { error: 'Choisissez au moins un article' })
    .max(100, { error: WITHDRAWAL_TEXTS.unknownLine }),
};
export const withdrawalFormSchema = z.object(withdrawalFormShape);
export type WithdrawalForm = z.infer<typeof withdrawalFormSchema>;

/** The owner's record of the hygiene exception on some lines (back-office). */
export const withdrawalExceptionSchema = z.object({
  itemIds: z.array(uuidInput('Article inconnu')).min(1, { error: 'Choisissez au moins un article' }).max(100),
  note: z
    .string()
    .trim()
    .max(NOTES_MAX, { error: `${NOTES_MAX} caractères au maximum` })
    .default(''),
});
