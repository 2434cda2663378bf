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
