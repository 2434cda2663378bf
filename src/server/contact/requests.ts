import type { ContactReply, ContactReplyKind } from '../../domain/contact/schema.js';
import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMIT_MESSAGE,
  type ContactRequest,
  type ContactService,
} from '../../domain/contact/schema.js';
import { DomainError } from '../../domain/errors.js';
import type { ShopSettings } from '../../domain/settings/settings.js';
import type { Sql, Tx } from '../db/client.js';
import { mailTransaction } from '../mail/outbox.js';
import { queueContactReply } from './mails.js';

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
  /** Calls noted and emails answered, oldest first. */
  replies: ContactReplyRow[];
}

export interface ContactReplyRow {
  id: string;
  kind: ContactReplyKind;
  body: string;
  authorName: string;
  createdAt: string;
}

const REQUEST_COLUMNS = (sql: Tx) => sql`
  r.id, r.name, r.email, r.phone, r.service, r.message, r.ip, r.created_at, r.handled_at, r.handled_by_name,
  coalesce((
    select json_agg(json_build_object('id', x.id, 'kind', x.kind, 'body', x.body,
                                      'authorName', x.author_name, 'createdAt', x.created_at)
                    order by x.created_at, x.id)
      from contact_request_replies x where x.request_id = r.id), '[]'::json) as replies`;

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
    select ${REQUEST_COLUMNS(sql)}
      from contact_requests r
     order by r.created_at desc, r.id
     limit ${limit}`;
}

/** Marks a request handled by this admin (or new again); a request already handled keeps its first mark. */
export async function setContactRequestHandled(
  sql: Tx,
  id: string,
  handled: boolean,
  by: { id: string; name: string },
): Promise<ContactRequestRow> {
  const [updated] = handled
    ? await sql<{ id: string }[]>`
        update contact_requests
           set handled_at = coalesce(handled_at, now()),
               handled_by = case when handled_at is null then ${by.id} else handled_by end,
               handled_by_name = case when handled_at is null then ${by.name} else handled_by_name end
         where id = ${id}
     returning id`
    : await sql<{ id: string }[]>`
        update contact_requests set handled_at = null, handled_by = null, handled_by_name = null
         where id = ${id}
     returning id`;
  if (!updated) throw notFound();
  return await contactRequest(sql, id);
}

const notFound = () => new DomainError('not_found', 'CONTACT_REQUEST_NOT_FOUND', 'Demande introuvable.');

/** One request with its replies. */
export async function contactRequest(sql: Tx, id: string): Promise<ContactRequestRow> {
  const [row] = await sql<
    ContactRequestRow[]
  >`select ${REQUEST_COLUMNS(sql)} from contact_requests r where r.id = ${id}`;
  if (!row) throw notFound();
  return row;
}

/**
 * "Noter un appel" or "Répondre par email": kept with the request; an email is queued through the
 * outbox in the same transaction, so it is sent exactly when it is recorded. Either moves a new
 * request to « Traitée » (issue 35): the owner has answered it.
 */
export async function addContactReply(
  sql: Sql,
  id: string,
  reply: ContactReply,
  by: { id: string; name: string },
  settings: ShopSettings,
): Promise<ContactRequestRow> {
  return await mailTransaction(sql, async (tx) => {
    const [request] = await tx<{ email: string }[]>`
      select email from contact_requests where id = ${id} for update`;
    if (!request) throw notFound();
    const [row] = await tx<{ id: string }[]>`
      insert into contact_request_replies (request_id, kind, body, author_id, author_name)
      values (${id}, ${reply.kind}, ${reply.body}, ${by.id}, ${by.name})
      returning id`;
    if (reply.kind === 'email') {
      await queueContactReply(tx, { id: row!.id, to: request.email, body: reply.body }, settings);
    }
    // Called back or answered: the request is dealt with (« Traitée »), by whoever did it first.
    await setContactRequestHandled(tx, id, true, by);
    return await contactRequest(tx, id);
  });
}

/** How many requests no admin has handled yet (the sidebar's badge). */
export async function countNewContactRequests(sql: Tx): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from contact_requests where handled_at is null`;
  return row?.n ?? 0;
}
