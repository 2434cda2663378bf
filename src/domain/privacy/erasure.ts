/**
 * Erasure of a data subject (RGPD art. 17): the rules and the event that records it. The event
 * says who asked, when and why, and holds no personal data: the subject is named by its
 * pseudonymous id only (docs/decisions/020-personal-data.md).
 */
import { z } from 'zod';
import { DomainError } from '../errors.js';

export const ERASURE_REASONS = ['customer-request', 'admin-request', 'retention'] as const;
export type ErasureReason = (typeof ERASURE_REASONS)[number];

export const ERASURE_REASON_LABELS: Record<ErasureReason, string> = {
  'customer-request': 'Suppression du compte par le client',
  'admin-request': 'Suppression par un administrateur',
  retention: 'Durée de conservation écoulée',
};

/** The log's record of an erasure, in a stream of its own (one per erasure). */
export const PRIVACY_EVENT_SCHEMAS = {
  DataSubjectErased: z.object({
    /** The customer's user id, or for a guest the order's id: pseudonymous, never a name or email. */
    subjectId: z.string(),
    subjectKind: z.enum(['customer', 'guest']),
    reason: z.enum(ERASURE_REASONS),
    /** How many personal records (one per order) were erased. */
    records: z.number().int().nonnegative(),
  }),
} as const;
export type DataSubjectErased = z.infer<typeof PRIVACY_EVENT_SCHEMAS.DataSubjectErased>;

export const PRIVACY_MESSAGES = {
  wrongPassword: 'Mot de passe incorrect.',
  passwordRequired: 'Veuillez saisir votre mot de passe.',
  confirmRequired: 'Veuillez confirmer la suppression de votre compte.',
  adminAccount:
    'Un compte administrateur ne peut pas être supprimé : un autre administrateur doit d’abord lui retirer ce rôle.',
} as const;

/** The second step of « Supprimer mon compte »: the password again, and the explicit confirmation. */
export const accountDeletionSchema = z.object({
  password: z
    .string({ error: PRIVACY_MESSAGES.passwordRequired })
    .min(1, PRIVACY_MESSAGES.passwordRequired)
    .max(200),
  confirm: z.literal(true, { error: PRIVACY_MESSAGES.confirmRequired }),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** Who may delete their own account: anyone but an admin (the shop must keep its admins). */
export function checkSelfDeletion(role: string): void {
  if (role === 'admin')
    throw new DomainError('forbidden', 'ADMIN_SELF_DELETION', PRIVACY_MESSAGES.adminAccount);
}

export const wrongPassword = () =>
  new DomainError('invalid', 'WRONG_PASSWORD', PRIVACY_MESSAGES.wrongPassword);

/**
 * An order the erasure would leave nobody to finish: still to deliver (not yet delivered nor
 * cancelled), to pay (delivered, not paid in full) or to refund (cancelled or withdrawn, with money
 * not given back). The account is erased only once each is finished, or cancelled and refunded.
 */
export interface ErasableOrder {
  orderNumber: string;
  status: string;
  totalAmountCents: number;
  paidCents: number;
  refundedCents: number;
  /** A withdrawal was requested (the refund of the withdrawn articles is due). */
  withdrawalRequested: boolean;
}

export type OpenOrderReason = 'deliver' | 'pay' | 'refund';

const OPEN_REASON_LABELS: Record<OpenOrderReason, string> = {
  deliver: 'à livrer',
  pay: 'à payer',
  refund: 'à rembourser',
};

/** Why an order keeps its customer, or null when nothing is left to do. */
export function openOrderReason(order: ErasableOrder): OpenOrderReason | null {
  const kept = order.paidCents - order.refundedCents;
  if (order.status === 'cancelled') return kept > 0 ? 'refund' : null;
  if (order.withdrawalRequested && order.paidCents > 0 && order.refundedCents === 0) return 'refund';
  if (order.status !== 'delivered') return 'deliver';
  return order.paidCents < order.totalAmountCents ? 'pay' : null;
}

/** « CMD-2026-000001 (à livrer), CMD-2026-000002 (à rembourser) ». */
const openList = (open: { orderNumber: string; reason: OpenOrderReason }[]) =>
  open.map((o) => `${o.orderNumber} (${OPEN_REASON_LABELS[o.reason]})`).join(', ');

/** The French sentence that says what must happen first, to the customer or to the back-office. */
export function openOrdersMessage(
  open: { orderNumber: string; reason: OpenOrderReason }[],
  who: 'customer' | 'admin',
): string {
  const many = open.length > 1;
  if (who === 'customer')
    return `Votre compte ne peut pas encore être supprimé : ${many ? 'vos commandes' : 'votre commande'} ${openList(open)} ${many ? 'sont' : 'est'} en cours. Nous devons d’abord ${many ? 'les' : 'la'} terminer, ou ${many ? 'les ' : 'l’'}annuler et vous rembourser : contactez-nous, puis supprimez votre compte.`;
  return `Ce compte ne peut pas encore être supprimé : ${many ? 'les commandes' : 'la commande'} ${openList(open)} ${many ? 'sont' : 'est'} en cours. Terminez-${many ? 'les' : 'la'}, ou annulez-${many ? 'les' : 'la'} et remboursez, puis supprimez le compte.`;
}

/** The orders still open, with why (empty: the account may be erased). */
export const openOrders = (orders: readonly ErasableOrder[]) =>
  orders.flatMap((o) => {
    const reason = openOrderReason(o);
    return reason ? [{ orderNumber: o.orderNumber, reason }] : [];
  });

/** Refuses the erasure of an account while one of its orders is still open (RGPD art. 17 § 3 b). */
export function checkNoOpenOrders(orders: readonly ErasableOrder[], who: 'customer' | 'admin'): void {
  const open = openOrders(orders);
  if (open.length > 0)
    throw new DomainError('conflict', 'OPEN_ORDERS', openOrdersMessage(open, who), { open });
}
