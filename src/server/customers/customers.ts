import { isAPIError } from 'better-auth/api';
import {
  type CreateCustomer,
  CUSTOMER_MESSAGES,
  type CustomerFields,
  checkAdminsLeft,
  checkRemoval,
  searchTerms,
} from '../../domain/account/customers.js';
import { WEAK_PASSWORD_CODE } from '../../domain/account/password.js';
import { checkRoleChange, type Role } from '../../domain/account/roles.js';
import { isRealTimestamp } from '../../domain/common/dates.js';
import { DomainError } from '../../domain/errors.js';
import { checkPassword } from '../auth/password-strength.js';
import { revokeSessions } from '../auth/session-revocation.js';
import type { Services } from '../context.js';
import type { Sql, Tx } from '../db/client.js';
import { likePattern } from '../db/like.js';
import { type Profile, setRole, updateProfile } from './profiles.js';

/*
 * The back-office's customers: list (search, role filter, pages), create through better-auth,
 * update, delete, role changes. Every change of a role or removal runs under one lock, so the rules
 * of roles.ts / customers.ts (never yourself, never the last admin) hold between two admins acting at
 * the same moment.
 */

/** A customer as the back-office table and dialog show it: the profile, without what only its owner needs. */
export type AdminCustomer = Omit<Profile, 'emailVerified'>;

export interface AdminCustomerPage {
  items: AdminCustomer[];
  /** Customers matching the search and filter (on the first page; null on the next ones). */
  total: number | null;
  /** Where the next page starts (keyset on created_at, id), null on the last page. */
  nextCursor: string | null;
}

const notFound = () => new DomainError('not_found', 'CUSTOMER_NOT_FOUND', CUSTOMER_MESSAGES.notFound);

const columns = (sql: Tx) => sql`
  p.id, u.email, p.first_name, p.last_name, p.phone, p.address, p.postal_code, p.city, p.country,
  to_char(p.date_of_birth, 'YYYY-MM-DD') as date_of_birth, p.role, p.created_at`;

/** The cursor is the last row's created_at as PostgreSQL prints it (microseconds kept) and its id. */
function readCursor(cursor: string): { at: string; id: string } {
  const bar = cursor.indexOf('|');
  const at = cursor.slice(0, bar);
  const id = cursor.slice(bar + 1);
  if (bar < 1 || !isRealTimestamp(at) || !/^[\w-]{1,100}$/.test(id)) {
    throw new DomainError('invalid', 'INVALID_CURSOR', 'Page invalide');
  }
  return { at, id };
}

export interface CustomerQuery {
  search: string;
  role?: Role | null | undefined;
  limit: number;
  cursor?: string | null | undefined;
}

/** The screen's search and role filter as SQL (the list and the CSV export alike). */
export function customerFilter(sql: Tx, query: { search: string; role?: string | null | undefined }) {
  const filters = [
    ...searchTerms(query.search).map((term) => sql`p.search_text like ${likePattern(term)}`),
    ...(query.role ? [sql`p.role = ${query.role}`] : []),
  ];
  return filters.reduce((all, f) => sql`${all} and ${f}`, sql`true`);
}

/** One page of customers, newest first, with the count of those matching (first page only). */
export async function listCustomers(sql: Tx, query: CustomerQuery): Promise<AdminCustomerPage> {
  const where = customerFilter(sql, query);
  const after = query.cursor ? readCursor(query.cursor) : null;
  const page = sql<(AdminCustomer & { cursorAt: string })[]>`
    select ${columns(sql)}, p.created_at::text as cursor_at
      from profiles p
      join users u on u.id = p.id
     where ${where}
       ${after ? sql`and (p.created_at, p.id) < (${after.at}::text::timestamptz, ${after.id})` : sql``}
     order by p.created_at desc, p.id desc
     limit ${query.limit + 1}`;
  const count = after
    ? null
    : sql<{ total: number }[]>`select count(*)::int as total from profiles p where ${where}`;
  const [rows, counted] = await Promise.all([page, count]);
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit);
  const last = items[items.length - 1];
  return {
    items: items.map(({ cursorAt: _, ...c }) => c),
    total: counted ? (counted[0]?.total ?? 0) : null,
    nextCursor: more && last ? `${last.cursorAt}|${last.id}` : null,
  };
}

export async function findCustomer(sql: Tx, id: string): Promise<AdminCustomer | null> {
  const [row] = await sql<AdminCustomer[]>`
    select ${columns(sql)} from profiles p join users u on u.id = p.id where p.id = ${id}`;
  return row ?? null;
}

/** Role changes and removals wait for each other: the admin count they check stays true. */
async function lockRoles(tx: Tx) {
  await tx`select pg_advisory_xact_lock(hashtext('h27:roles'))`;
}

async function lockedRole(tx: Tx, id: string): Promise<Role> {
  const [row] = await tx<{ role: Role }[]>`select role from profiles where id = ${id} for update`;
  if (!row) throw notFound();
  return row.role;
}

/**
 * Gives `userId` the role, inside the caller's transaction. A real change ends the user's sessions
 * and sockets (they sign in again and get exactly their new rights). True when the role changed.
 */
async function applyRole(tx: Tx, actorId: string, userId: string, role: Role): Promise<boolean> {
  await lockRoles(tx);
  const from = await lockedRole(tx, userId);
  if (from === role) return false;
  checkRoleChange(actorId, userId, role);
  if (from === 'admin') {
    const [{ admins } = { admins: 0 }] = await tx<{ admins: number }[]>`
      select count(*)::int as admins from profiles where role = 'admin'`;
    checkAdminsLeft(from, role, admins);
  }
  await setRole(tx, userId, role);
  await revokeSessions(tx, userId);
  return true;
}

/** The one way a role changes (account.setRole and the customer dialog). */
export function changeRole(sql: Sql, actorId: string, userId: string, role: Role): Promise<boolean> {
  return sql.begin((tx) => applyRole(tx, actorId, userId, role));
}

export async function updateCustomer(
  sql: Sql,
  actorId: string,
  id: string,
  fields: CustomerFields,
): Promise<AdminCustomer> {
  return sql.begin(async (tx) => {
    const { role, ...profile } = fields;
    await applyRole(tx, actorId, id, role);
    await updateProfile(tx, id, profile);
    const customer = await findCustomer(tx, id);
    if (!customer) throw notFound();
    return customer;
  });
}

const emailTaken = () =>
  new DomainError('conflict', 'EMAIL_TAKEN', CUSTOMER_MESSAGES.emailTaken, { field: 'email' });

/**
 * Creates the account through better-auth's server API (its password hashing and account rows), so
 * the customer signs in at /auth at once; then the profile's other fields and the role. The session
 * better-auth opens for a new account is ended: the admin does not sign in as the customer.
 */
export async function createCustomer(services: Services, input: CreateCustomer): Promise<AdminCustomer> {
  const { sql, auth } = services;
  const { email, password, role, ...profile } = input;
  const problem = await checkPassword(password, {
    email,
    firstName: profile.firstName,
    lastName: profile.lastName,
  });
  if (problem) throw new DomainError('invalid', WEAK_PASSWORD_CODE, problem, { field: 'password' });
  const [taken] = await sql`select 1 from users where lower(email) = lower(${email})`;
  if (taken) throw emailTaken();
  let userId: string;
  try {
    const created = await auth.api.signUpEmail({
      body: {
        email,
        password,
        name: `${profile.firstName} ${profile.lastName}`,
        firstName: profile.firstName,
        lastName: profile.lastName,
      } as { email: string; password: string; name: string },
    });
    userId = created.user.id;
  } catch (error) {
    if (isAPIError(error) && String(error.body?.code ?? '').startsWith('USER_ALREADY_EXISTS'))
      throw emailTaken();
    throw error;
  }
  try {
    return await sql.begin(async (tx) => {
      await updateProfile(tx, userId, profile);
      if (role !== 'user') await setRole(tx, userId, role);
      await revokeSessions(tx, userId);
      const customer = await findCustomer(tx, userId);
      if (!customer) throw notFound();
      return customer;
    });
  } catch (error) {
    // Never leave a half-made account behind.
    await sql`delete from users where id = ${userId}`.catch(() => undefined);
    throw error;
  }
}

/**
 * The removal rules under the roles lock, inside the caller's transaction, then the account's
 * sessions end (its sockets close at commit). The back-office's deletion erases the personal data
 * too (server/privacy/accounts.ts). Returns the account's email.
 */
export async function checkedForRemoval(tx: Tx, actorId: string, id: string): Promise<{ email: string }> {
  await lockRoles(tx);
  checkRemoval(actorId, { id, role: await lockedRole(tx, id) });
  await revokeSessions(tx, id);
  const [user] = await tx<{ email: string }[]>`select email from users where id = ${id}`;
  if (!user) throw notFound();
  return user;
}
