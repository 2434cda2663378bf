/**
 * Erasure (RGPD art. 17; docs/decisions/020-personal-data.md). A subject's personal data is erased
 * or pseudonymised everywhere it lives, in one transaction, by a list of erasers (one per place;
 * legal-hold documents, invoices and credit notes, keep theirs until their 10 years end). The order log is not touched: its events hold a reference and
 * a salted commitment, and the records they point to are nulled, so `orders:verify` still passes
 * and `orders:replay` rebuilds the same rows (the orders show « Client supprimé »). The erasure
 * itself is an event of its own stream, with no personal data.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Actor, ERASED_PERSONAL_FIELDS, EVENT_SCHEMA_VERSION } from '../../domain/orders/events.js';
import { type ErasureReason, PRIVACY_EVENT_SCHEMAS } from '../../domain/privacy/erasure.js';
import type { Tx } from '../db/client.js';
import { appendEvent } from '../orders/store.js';

/** Whose data goes: an account (its user id and email) and/or guest orders. */
export interface ErasureSubject {
  /** The customer's user id (null for a guest). */
  userId: string | null;
  /** Every email the subject is known by (the account's, the guest order's), lower-cased here. */
  emails: string[];
  /** Guest orders to erase besides the account's (a guest's erasure names its order). */
  guestOrderIds: string[];
  /**
   * Other addresses the subject typed (a withdrawal form's email), found by eraseSubject: mails to
   * or about them go too. Not used to find orders or contact requests.
   */
  typedEmails?: string[];
}

export interface ErasureCounts {
  [place: string]: number;
}

/** One place where personal data lives: erases the subject's there, returns how many rows. */
export type PersonalDataEraser = (tx: Tx, subject: ErasureSubject) => Promise<number>;

const erasedCustomer = ERASED_PERSONAL_FIELDS.customer;

/**
 * The order records (the account's, and guest orders with one of its emails) and the read tables
 * built from them: the same placeholder a replay gives an erased record (attachPersonalData).
 */
const orderRecords: PersonalDataEraser = async (tx, s) => {
  const rows = await tx<{ streamId: string }[]>`
    update personal_records set fields = null, salt = null, erased_at = now()
     where erased_at is null and event_type = 'OrderPlaced'
       and (subject_id = ${s.userId ?? ''}
            or stream_id = any(${s.guestOrderIds}::uuid[])
            or (subject_kind = 'guest' and lower(fields #>> '{customer,email}') = any(${s.emails}::text[])))
    returning stream_id`;
  const ids = rows.map((r) => r.streamId);
  if (ids.length > 0) {
    await tx`
      update orders
         set shipping_address = ${tx.json(erasedCustomer)}::jsonb
                                || jsonb_build_object('deliveryMethod', shipping_address -> 'deliveryMethod'),
             notes = ${ERASED_PERSONAL_FIELDS.notes}
       where id = any(${ids}::uuid[])`;
  }
  return ids.length;
};

/**
 * Withdrawal requests (the name and email typed on the form, in their records since version 3):
 * those of the orders erased above, and any sent with one of the subject's emails.
 */
const withdrawalRecords: PersonalDataEraser = async (tx, s) =>
  (
    await tx`
      update personal_records w set fields = null, salt = null, erased_at = now()
       where w.erased_at is null and w.event_type = 'WithdrawalRequested'
         and (w.subject_id = ${s.userId ?? ''}
              or w.stream_id = any(${s.guestOrderIds}::uuid[])
              or lower(w.fields ->> 'email') = any(${s.emails}::text[])
              or exists (select 1 from personal_records o
                          where o.stream_id = w.stream_id and o.event_type = 'OrderPlaced'
                            and o.erased_at is not null))
      returning w.id`
  ).length;

/**
 * Payments and refunds need no eraser: their events hold amounts, methods, days and the staff's
 * references, never the customer's name, email or phone (ADR 018; the erasure test searches them).
 *
 * Invoices and credit notes are kept (legal hold, C. com. L123-22: ten years): their snapshot in
 * the log and their PDF hold the buyer's name and address by law. Nothing is erased; from now on
 * only admins and auditors read them (invoices/queries.ts refuses the customer's and the signed
 * link's readers once the order's record is erased). Counted here so the erasure says what it kept.
 */
const legalHoldDocuments: PersonalDataEraser = async (tx, s) => {
  const [row] = await tx<{ n: number }[]>`
    select count(*)::int as n from invoice_documents d
     where d.order_id in (select stream_id from personal_records
                           where event_type = 'OrderPlaced' and erased_at is not null
                             -- now() is the transaction's time: the records orderRecords just erased.
                             and (subject_id = ${s.userId ?? ''} or stream_id = any(${s.guestOrderIds}::uuid[])
                                  or erased_at = now()))`;
  return row?.n ?? 0;
};

/** Contact and quote requests sent with one of the subject's emails: pure personal data, deleted. */
const contactRequests: PersonalDataEraser = async (tx, s) =>
  (await tx`delete from contact_requests where lower(email) = any(${s.emails}::text[]) returning id`).length;

/**
 * Mails to the subject, sent or waiting, and the shop's own notifications about them (they quote
 * the customer's email): their bodies hold the name and address.
 */
const outboxMails: PersonalDataEraser = async (tx, s) =>
  (
    await tx`
      delete from mail_outbox m
       where exists (select 1 from unnest(${[...s.emails, ...(s.typedEmails ?? [])]}::text[]) e
                      where lower(m.to_address) = e or position(e in lower(m.text_body)) > 0)
      returning id`
  ).length;

/** Reset and verification links, and the counters kept per email address. */
const authTraces: PersonalDataEraser = async (tx, s) => {
  const links = await tx`
    delete from verifications
     where value = ${s.userId ?? ''} or lower(identifier) = any(${s.emails}::text[])
    returning id`;
  const counters = await tx`
    delete from abuse_counters
     where exists (select 1 from unnest(${s.emails}::text[]) e where key like '%:' || e)
    returning key`;
  return links.length + counters.length;
};

/**
 * The account itself: sessions (their sockets close when the transaction commits, see
 * revokeSessions, which the caller runs), sign-in rows and profile go with the user row.
 */
const account: PersonalDataEraser = async (tx, s) =>
  s.userId ? (await tx`delete from users where id = ${s.userId} returning id`).length : 0;

/** The erasers, in order; the account goes last. Others add theirs here (see the ADR). */
export const ERASERS: Record<string, PersonalDataEraser> = {
  orderRecords,
  withdrawalRecords,
  legalHoldDocuments,
  contactRequests,
  outboxMails,
  authTraces,
  account,
};

/**
 * Erases the subject everywhere, inside the caller's transaction, and records the erasure in the
 * log. The caller has checked who may ask, and revoked the sessions.
 */
export async function eraseSubject(
  tx: Tx,
  subject: ErasureSubject,
  why: { reason: ErasureReason; actor: Actor; requestId: string; at?: string },
): Promise<{ counts: ErasureCounts; streamId: string; mailAddresses: string[] }> {
  const emails = [...new Set(subject.emails.map((e) => e.trim().toLowerCase()))];
  // Before the records go: the emails typed on the withdrawal forms of the subject's orders.
  const typed = await tx<{ email: string }[]>`
    select distinct lower(w.fields ->> 'email') as email from personal_records w
     where w.event_type = 'WithdrawalRequested' and w.erased_at is null
       and w.stream_id in (select stream_id from personal_records o
                            where o.event_type = 'OrderPlaced'
                              and (o.subject_id = ${subject.userId ?? ''}
                                   or o.stream_id = any(${subject.guestOrderIds}::uuid[])
                                   or (o.subject_kind = 'guest'
                                       and lower(o.fields #>> '{customer,email}') = any(${emails}::text[]))))`;
  const typedEmails = typed.map((t) => t.email).filter((e) => e && !emails.includes(e));
  const normalised = { ...subject, emails, typedEmails };
  const counts: ErasureCounts = {};
  for (const [place, eraser] of Object.entries(ERASERS)) counts[place] = await eraser(tx, normalised);
  const data = PRIVACY_EVENT_SCHEMAS.DataSubjectErased.parse({
    subjectId: subject.userId ?? subject.guestOrderIds[0] ?? 'guest',
    subjectKind: subject.userId ? 'customer' : 'guest',
    reason: why.reason,
    records: counts.orderRecords ?? 0,
  });
  const streamId = randomUUID();
  await appendEvent(tx, streamId, 0, null, {
    type: 'DataSubjectErased',
    data,
    metadata: {
      actor: why.actor,
      at: why.at ?? new Date().toISOString(),
      requestId: why.requestId,
      schemaVersion: EVENT_SCHEMA_VERSION,
    },
  });
  return { counts, streamId, mailAddresses: [...emails, ...typedEmails] };
}

/**
 * Mails written to disk (.eml, when no SMTP server is set) that name one of the emails: removed
 * after the transaction commits (files are not transactional). Returns how many.
 */
export async function eraseMailFiles(dir: string, emails: string[]): Promise<number> {
  const wanted = emails.map((e) => e.trim().toLowerCase()).filter(Boolean);
  if (wanted.length === 0) return 0;
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const text = (await readFile(file, 'utf8').catch(() => '')).toLowerCase();
    if (wanted.some((e) => text.includes(e))) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
