import { DomainError } from '../errors.js';

/**
 * The roles an account can have; only an admin changes them, never through the profile. An auditor
 * (accountant, inspector) reads the back-office's orders and the order log and changes nothing.
 */
export const ROLES = ['user', 'admin', 'auditor', 'technician'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that open the back-office (admins change things, auditors only read). */
export const STAFF_ROLES = ['admin', 'auditor'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaff = (role: Role | null | undefined): role is StaffRole =>
  role === 'admin' || role === 'auditor';

/**
 * The roles that open the back-office: staff, and technicians (issue 36), who see only the
 * planning of their own appointments and interventions (docs/decisions/036-appointments.md). A
 * technician is not staff: no order, invoice or audit procedure lets them in.
 */
export const BACK_OFFICE_ROLES = ['admin', 'auditor', 'technician'] as const satisfies readonly Role[];
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];

export const isBackOffice = (role: Role | null | undefined): role is BackOfficeRole =>
  role === 'admin' || role === 'auditor' || role === 'technician';

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

/**
 * How people read each role: the back-office badge and, plural, its filter ("Clients uniquement").
 * A role added to ROLES needs its line here, and the customers screen shows it.
 */
export const ROLE_LABELS: Record<Role, { label: string; plural: string }> = {
  user: { label: 'Client', plural: 'Clients' },
  admin: { label: 'Administrateur', plural: 'Admins' },
  auditor: { label: 'Auditeur', plural: 'Auditeurs' },
  technician: { label: 'Technicien', plural: 'Techniciens' },
};
