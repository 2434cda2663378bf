import { z } from 'zod';
import { DomainError } from '../errors.js';
import { profileSchema, signUpSchema } from './profile.js';
import { ROLES, type Role } from './roles.js';

/*
 * The back-office customer: one schema for the dialog and the adminCustomers procedures, built on
 * the profile's fields (names, E.164 phone, postal code, date of birth) and the sign-up's email and
 * password, so every rule and French message exists once. The password's strength (zxcvbn) is
 * checked on the server, as at sign-up.
 */

/** Account ids are better-auth's (mixed case): bounded, never case-folded; unknown ones are not found. */
const userId = z.string().trim().min(1, 'Client introuvable').max(100, 'Client introuvable');

export const roleField = z.enum(ROLES, { error: 'Rôle invalide' });

/** What the dialog edits for every customer (create and update). */
export const customerFieldsSchema = profileSchema.extend({ role: roleField.default('user') });

/** Creating: the fields plus the account's email and password (back-office.md §2, §5). */
export const createCustomerSchema = customerFieldsSchema.extend(
  signUpSchema.pick({ email: true, password: true }).shape,
);

/** Updating: the email and the password are not part of it (§5: excluded from the update). */
export const updateCustomerSchema = customerFieldsSchema.extend({ id: userId });

export type CreateCustomerInput = z.input<typeof createCustomerSchema>;
export type CreateCustomer = z.output<typeof createCustomerSchema>;
export type CustomerFields = z.output<typeof customerFieldsSchema>;

/** The list's search, filter and page. */
export const CUSTOMER_PAGE_SIZE = 25;
export const SEARCH_MAX = 100;
export const customerListSchema = z.object({
  search: z.string().trim().max(SEARCH_MAX, 'Recherche trop longue').default(''),
  role: roleField.nullish(),
  limit: z.number().int().min(1).max(100).default(CUSTOMER_PAGE_SIZE),
  cursor: z.string().max(120).nullish(),
});
export type CustomerListInput = z.input<typeof customerListSchema>;

export const customerIdSchema = z.object({ id: userId });

/** Lower case, accents removed: what the search compares (the database folds its side the same way). */
export function foldSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The terms a search box's text matches on: a phone number as typed ("06 12 34", "+33 6") becomes
 * its digits (the database keeps each number both in E.164 and in the French national form);
 * anything else is split into words, every one of which must match.
 */
export function searchTerms(search: string): string[] {
  const text = search.trim();
  if (!text) return [];
  if (/^[+\d\s.\-()]+$/.test(text) && /\d.*\d/.test(text)) {
    const compact = text.replace(/[\s.\-()]/g, '');
    return [compact.startsWith('00') ? `+${compact.slice(2)}` : compact];
  }
  return foldSearch(text).split(/\s+/).filter(Boolean).slice(0, 8);
}

/* ---- Rules of who may remove or demote whom (back-office.md §6, issue 13 point 8) ---- */

export const CUSTOMER_MESSAGES = {
  notFound: 'Client introuvable',
  emailTaken: 'Un compte existe déjà avec cet email',
  deleteSelf: 'Vous ne pouvez pas supprimer votre propre compte.',
  deleteAdmin:
    'Un administrateur ne peut pas être supprimé : retirez-lui d’abord ses droits d’administration.',
  lastAdmin: 'Impossible : la boutique doit garder au moins un administrateur.',
} as const;

/** An admin never deletes their own account, nor an admin's (demote first, which has its own rules). */
export function checkRemoval(actorId: string, target: { id: string; role: Role }): void {
  if (target.id === actorId) {
    throw new DomainError('forbidden', 'CANNOT_DELETE_SELF', CUSTOMER_MESSAGES.deleteSelf);
  }
  if (target.role === 'admin') {
    throw new DomainError('forbidden', 'CANNOT_DELETE_ADMIN', CUSTOMER_MESSAGES.deleteAdmin);
  }
}

/** Taking the admin role from someone must leave at least one admin (counted under lock). */
export function checkAdminsLeft(from: Role, to: Role, adminCount: number): void {
  if (from === 'admin' && to !== 'admin' && adminCount <= 1) {
    throw new DomainError('conflict', 'LAST_ADMIN', CUSTOMER_MESSAGES.lastAdmin);
  }
}
