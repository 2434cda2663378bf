import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import {
  CUSTOMER_MESSAGES,
  checkAdminsLeft,
  checkRemoval,
  createCustomerSchema,
  customerFieldsSchema,
  foldSearch,
  searchTerms,
} from './customers.js';
import { ROLE_LABELS, ROLES } from './roles.js';

const code = (run: () => void) => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
};

describe('the customers search', () => {
  it('folds case and accents as the database does', () => {
    expect(foldSearch('Hélène LEFÈVRE à Évreux')).toBe('helene lefevre a evreux');
  });

  it('matches every word, and a phone number by its digits', () => {
    expect(searchTerms('  Hélène   Évreux ')).toEqual(['helene', 'evreux']);
    expect(searchTerms('06 12 34.56')).toEqual(['06123456']);
    expect(searchTerms('+33 (0)6')).toEqual(['+3306']);
    expect(searchTerms('0033 6 12')).toEqual(['+33612']);
    expect(searchTerms('27')).toEqual(['27']);
    expect(searchTerms('7')).toEqual(['7']);
    expect(searchTerms('')).toEqual([]);
  });
});

describe('who may remove or demote whom', () => {
  it('never yourself, never an admin', () => {
    expect(code(() => checkRemoval('me', { id: 'me', role: 'admin' }))).toBe('CANNOT_DELETE_SELF');
    expect(code(() => checkRemoval('me', { id: 'other', role: 'admin' }))).toBe('CANNOT_DELETE_ADMIN');
    expect(code(() => checkRemoval('me', { id: 'other', role: 'user' }))).toBeNull();
  });

  it('never the last admin', () => {
    expect(code(() => checkAdminsLeft('admin', 'user', 1))).toBe('LAST_ADMIN');
    expect(code(() => checkAdminsLeft('admin', 'user', 2))).toBeNull();
    expect(code(() => checkAdminsLeft('user', 'admin', 0))).toBeNull();
    expect(CUSTOMER_MESSAGES.lastAdmin).toMatch(/au moins un administrateur/);
  });

  it('names every role for the badge and the filter', () => {
    for (const role of ROLES) expect(ROLE_LABELS[role].label).toBeTruthy();
    expect(`${ROLE_LABELS.user.plural} uniquement`).toBe('Clients uniquement');
    expect(`${ROLE_LABELS.admin.plural} uniquement`).toBe('Admins uniquement');
  });
});

describe('the dialog schema', () => {
  it('requires email and password only to create, and drops them on update', () => {
    const fields = { firstName: 'Jean', lastName: 'Martin' };
    expect(createCustomerSchema.safeParse(fields).success).toBe(false);
    const update = customerFieldsSchema.parse({ ...fields, email: 'x@y.fr', password: 'secret' });
    expect(update).not.toHaveProperty('email');
    expect(update).not.toHaveProperty('password');
    expect(update).toMatchObject({ role: 'user', country: 'France', phone: null });
  });
});
