import { DomainError } from '../errors.js';

/**
 * The roles an account can have; only an admin changes them, never through the profile. An auditor
 * (accountant, inspector) reads the back-office's orders and the order log and changes nothing.
 */
export const ROLES = ['user', 'admin', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

/** The roles shown to people. */
export const ROLE_LABELS: Record<Role, string> = {
  user: 'Client',
  admin: 'Administrateur',
  auditor: 'Auditeur',
};

/** The roles that open the back-office (admins change things, auditors only read). */
export const STAFF_ROLES = ['admin', 'auditor'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaff = (role: Role | null | undefined): role is StaffRole =>
  role === 'admin' || role === 'auditor';

/** An admin cannot take away their own admin rights (by accident or otherwise). */
export function checkRoleChange(actorId: string, targetId: string, role: Role): void {
  if (targetId === actorId && role !== 'admin') {
    throw new DomainError(
      'forbidden',
      'CANNOT_DEMOTE_SELF',
      'Vous ne pouvez pas retirer vos propres droits d’administration.',
    );
  }
}
