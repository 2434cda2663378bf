import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMIT_MESSAGE,
  type ContactRequest,
  type ContactService,
} from '../../domain/contact/schema.js';
import { DomainError } from '../../domain/errors.js';
import type { Sql, Tx } from './client.js';

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
    select id, name, email, phone, service, message, ip, created_at
      from contact_requests
     order by created_at desc, id
     limit ${limit}`;
}
