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

/**
 * An intervention as the erasure reads it: an invoice still to be paid, or a signed devis not yet
 * carried out, keeps its customer as an order does (ADR 020).
 */
export interface ErasableIntervention {
  number: string;
  status: string;
  /** A devis was signed (the contract is recorded). */
  contracted: boolean;
  /** The invoice's total, null before it is issued. */
  invoiceTotalCents: number | null;
  paidCents: number;
}

/**
 * A yearly contract as the erasure reads it (ADR 044, 046): while it runs (until its last day,
 * terminated or not: contractRuns), while one of its invoices is not paid in full, or one of its
 * credit notes is not refunded, it keeps its customer.
 */
export interface ErasableContract {
  number: string;
  running: boolean;
  /** What its invoices still owe, and what its credit notes still give back (contracts/money.ts). */
  owedCents: number;
  toRefundCents: number;
}

export type OpenReason = 'deliver' | 'pay' | 'refund' | 'perform' | 'run';

const OPEN_REASON_LABELS: Record<OpenReason, string> = {
  deliver: 'à livrer',
  pay: 'à payer',
  refund: 'à rembourser',
  perform: 'à réaliser',
  run: 'en cours',
};

/** Why an order keeps its customer, or null when nothing is left to do. */
export function openOrderReason(order: ErasableOrder): OpenReason | null {
  const kept = order.paidCents - order.refundedCents;
  if (order.status === 'cancelled') return kept > 0 ? 'refund' : null;
  if (order.withdrawalRequested && order.paidCents > 0 && order.refundedCents === 0) return 'refund';
  if (order.status !== 'delivered') return 'deliver';
  return order.paidCents < order.totalAmountCents ? 'pay' : null;
}

/** Why an intervention keeps its customer: its invoice unpaid, or its signed devis not carried out. */
export function openInterventionReason(i: ErasableIntervention): OpenReason | null {
  if (i.invoiceTotalCents !== null) return i.paidCents < i.invoiceTotalCents ? 'pay' : null;
  return i.contracted && (i.status === 'accepted' || i.status === 'scheduled') ? 'perform' : null;
}

/** Why a contract keeps its customer: it runs, an invoice is to pay, or a credit note to refund. */
export function openContractReason(c: ErasableContract): OpenReason | null {
  if (c.running) return 'run';
  if (c.owedCents > 0) return 'pay';
  return c.toRefundCents > 0 ? 'refund' : null;
}

type OpenKind = 'order' | 'intervention' | 'contract';

/** An order, an intervention or a contract still open, and why. */
export interface OpenItem {
  kind: OpenKind;
  number: string;
  reason: OpenReason;
}

/** What a data subject holds that the erasure weighs. */
export interface SubjectHoldings {
  orders: readonly ErasableOrder[];
  interventions: readonly ErasableIntervention[];
  contracts?: readonly ErasableContract[];
}

/** « CMD-2026-000001 (à livrer), INT-2026-000002 (à payer) ». */
const openList = (open: readonly OpenItem[]) =>
  open.map((o) => `${o.number} (${OPEN_REASON_LABELS[o.reason]})`).join(', ');

const NOUNS: Record<OpenKind, string> = {
  order: 'commande',
  intervention: 'intervention',
  contract: 'contrat',
};
const KINDS: readonly OpenKind[] = ['order', 'intervention', 'contract'];

/** « commande », « interventions », « commandes et interventions », « commandes, interventions et contrats ». */
const openNoun = (open: readonly OpenItem[]) => {
  const kinds = KINDS.filter((k) => open.some((o) => o.kind === k));
  if (kinds.length === 1) return `${NOUNS[kinds[0] as OpenKind]}${open.length > 1 ? 's' : ''}`;
  const words = kinds.map((k) => `${NOUNS[k]}s`);
  return `${words.slice(0, -1).join(', ')} et ${words.at(-1)}`;
};

/**
 * The French sentence that says what must happen first, to the customer or to the back-office.
 * « commande » and « intervention » are feminine, « contrat » masculine: a list with a contract
 * agrees in the masculine (« le », « terminés »), and says « n’est pas terminé » rather than « est
 * en cours », which a running contract's « (en cours) » would repeat; a contract is ended by
 * « résilier », an order or an intervention by « annuler ».
 */
export function openItemsMessage(open: readonly OpenItem[], who: 'customer' | 'admin'): string {
  const many = open.length > 1;
  const contracts = open.some((o) => o.kind === 'contract');
  const onlyContracts = open.every((o) => o.kind === 'contract');
  const them = many ? 'les' : contracts ? 'le' : 'la';
  const state = contracts
    ? many
      ? 'ne sont pas terminés'
      : 'n’est pas terminé'
    : `${many ? 'sont' : 'est'} en cours`;
  const what = `${openNoun(open)} ${openList(open)} ${state}`;
  if (who === 'customer') {
    const end = onlyContracts
      ? `${them} résilier`
      : contracts
        ? 'les annuler ou les résilier'
        : `${many ? 'les ' : 'l’'}annuler`;
    return `Votre compte ne peut pas encore être supprimé : ${many ? 'vos' : 'votre'} ${what}. Nous devons d’abord ${them} terminer, ou ${end} et vous rembourser : contactez-nous, puis supprimez votre compte.`;
  }
  const end = onlyContracts
    ? `résiliez-${them}`
    : contracts
      ? 'annulez-les ou résiliez-les'
      : `annulez-${them}`;
  return `Ce compte ne peut pas encore être supprimé : ${them} ${what}. Terminez-${them}, ou ${end} et remboursez, puis supprimez le compte.`;
}

/** The orders, interventions and contracts still open, with why (empty: the account may be erased). */
export const openItems = ({ orders, interventions, contracts = [] }: SubjectHoldings): OpenItem[] => [
  ...orders.flatMap((o) => {
    const reason = openOrderReason(o);
    return reason ? [{ kind: 'order' as const, number: o.orderNumber, reason }] : [];
  }),
  ...interventions.flatMap((i) => {
    const reason = openInterventionReason(i);
    return reason ? [{ kind: 'intervention' as const, number: i.number, reason }] : [];
  }),
  ...contracts.flatMap((c) => {
    const reason = openContractReason(c);
    return reason ? [{ kind: 'contract' as const, number: c.number, reason }] : [];
  }),
];

/**
 * Refuses the erasure of an account while one of its orders, interventions or contracts is still
 * open (RGPD art. 17 § 3 b).
 */
export function checkNothingOpen(holdings: SubjectHoldings, who: 'customer' | 'admin'): void {
  const open = openItems(holdings);
  if (open.length > 0)
    throw new DomainError('conflict', 'OPEN_ORDERS', openItemsMessage(open, who), { open });
}
