import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMIT_MESSAGE,
  type ContactRequest,
  type ContactService,
} from '../../domain/contact/schema.js';
import { DomainError } from '../../domain/errors.js';
import type { Sql, Tx } from '../db/client.js';

/** A stored request as the back-office sees it. */
export interface ContactRequestRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  service: ContactService;
  message: string;
  ip: string;
  createdAt: Date;
  /** Null while the request is new; then when and by whom an admin marked it handled. */
  handledAt: Date | null;
  handledByName: string | null;
}

/**
 * Stores one request unless its address already sent CONTACT_RATE_LIMIT.max of them in the window.
 * The count and the insert run under a transaction-level advisory lock on the address, so two
 * instances (or two simultaneous requests) cannot both slip under the limit.
 */
export async function storeContactRequest(
  sql: Sql,
  request: Omit<ContactRequest, 'website'>,
  ip: string,
): Promise<{ id: string; createdAt: Date }> {
  return await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`contact:${ip}`}, 0))`;
    const [recent] = await tx<{ count: number }[]>`
      select count(*)::int as count
        from contact_requests
       where ip = ${ip}
         and created_at > now() - make_interval(mins => ${CONTACT_RATE_LIMIT.windowMinutes})`;
    if ((recent?.count ?? 0) >= CONTACT_RATE_LIMIT.max) {
      throw new DomainError('rate_limited', 'CONTACT_RATE_LIMITED', CONTACT_RATE_LIMIT_MESSAGE);
    }
    const [row] = await tx<{ id: string; createdAt: Date }[]>`
      insert into contact_requests (name, email, phone, service, message, ip)
      values (${request.name}, ${request.email}, ${request.phone}, ${request.service}, ${request.message}, ${ip})
      returning id, created_at`;
    return row!;
  });
}

/** The most recent requests first. */
export async function listContactRequests(sql: Tx, limit: number): Promise<ContactRequestRow[]> {
  return await sql<ContactRequestRow[]>`
    select id, name, email, phone, service, message, ip, created_at, handled_at, handled_by_name
      from contact_requests
     order by created_at desc, id
     limit ${limit}`;
}

/** Marks a request handled by this admin (or new again); a request already handled keeps its first mark. */
export async function setContactRequestHandled(
  sql: Tx,
  id: string,
  handled: boolean,
  by: { id: string; name: string },
): Promise<ContactRequestRow> {
  const [row] = handled
    ? await sql<ContactRequestRow[]>`
        update contact_requests
           set handled_at = coalesce(handled_at, now()),
               handled_by = case when handled_at is null then ${by.id} else handled_by end,
               handled_by_name = case when handled_at is null then ${by.name} else handled_by_name end
         where id = ${id}
     returning id, name, email, phone, service, message, ip, created_at, handled_at, handled_by_name`
    : await sql<ContactRequestRow[]>`
        update contact_requests set handled_at = null, handled_by = null, handled_by_name = null
         where id = ${id}
     returning id, name, email, phone, service, message, ip, created_at, handled_at, handled_by_name`;
  if (!row) throw new DomainError('not_found', 'CONTACT_REQUEST_NOT_FOUND', 'Demande introuvable.');
  return row;
}

/** How many requests no admin has handled yet (the sidebar's badge). */
export async function countNewContactRequests(sql: Tx): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from contact_requests where handled_at is null`;
  return row?.n ?? 0;
}
