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
import {
  type ErasableOrder,
  type ErasureReason,
  PRIVACY_EVENT_SCHEMAS,
} from '../../domain/privacy/erasure.js';
import { contractMailNeedles, contractSiteIds, eraseContracts } from '../contracts/privacy.js';
import type { Tx } from '../db/client.js';
import {
  eraseInterventions,
  interventionMailNeedles,
  interventionSiteIds,
} from '../interventions/privacy.js';
import { HOLDING_RECORD_TYPES } from '../invoices/queries.js';
import { searchableEml } from '../mail/eml.js';
import { isSubjectOrderRecord } from '../orders/personal-records.js';
import { appendEvent } from '../orders/store.js';
import { eraseHomeSites } from '../sites/privacy.js';

/** Whose data goes: an account (its user id and email) and/or guest orders. */
export interface ErasureSubject {
  /** The customer's user id (null for a guest). */
  userId: string | null;
  /**
   * The emails whose records (guest orders, contact requests, mails) are the subject's, lower-cased
   * here: a guest order's, or an account's only while freshly proven (ADR 033). Empty otherwise:
   * anyone can sign up with someone else's address.
   */
  emails: string[];
  /** The account's own address: its sign-in traces and the account mails sent to it go. */
  accountEmail?: string | null;
  /**
   * Guest streams to erase besides the account's: a guest's erasure names its order; the retention
   * job names a guest's intervention request or contract (with its visits) the same way.
   */
  guestOrderIds: string[];
  /**
   * Other addresses the subject typed (a withdrawal form's email), found by eraseSubject: mails to
   * or about them go too. Not used to find orders or contact requests.
   */
  typedEmails?: string[];
  /** The subject's orders, found by eraseSubject before their records go (their mails go too). */
  orderIds?: string[];
  /** The sites of the subject's contracts and interventions, found by eraseSubject before their records go. */
  siteIds?: string[];
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
       and ${isSubjectOrderRecord(tx, { ...s, orderIds: s.guestOrderIds })}
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
 * link's readers once the order's, the intervention's or the contract's record is erased). An intervention's
 * sealed reports and addenda are kept the same way and as long: they are the evidence the invoice's
 * lines cite (ADR 039) and the biocide register's source (ADR 040), sealed by their hash, so never
 * rewritten. Counted here so the erasure says what it kept; runs after the erasers of the records.
 */
const legalHoldDocuments: PersonalDataEraser = async (tx, s) => {
  // now() is the transaction's time: the records the erasers above just erased.
  const held = tx`
    select stream_id from personal_records
     where event_type = any(${HOLDING_RECORD_TYPES}::text[]) and erased_at is not null
       and (subject_id = ${s.userId ?? ''} or stream_id = any(${s.guestOrderIds}::uuid[]) or erased_at = now())`;
  const [row] = await tx<{ n: number }[]>`
    select (select count(*) from invoice_documents where order_id in (${held}))
         + (select count(*) from report_documents where intervention_id in (${held})) as n`;
  return Number(row?.n ?? 0);
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
          -- The mails about the subject's orders (confirmation, status, withdrawal, the shop's
          -- notices) and their documents, whoever they went to.
          or exists (select 1 from unnest(${s.orderIds ?? []}::text[]) o where position(o in m.dedupe_key) > 0)
          or m.dedupe_key in (select d.kind || ':' || d.number from invoice_documents d
                               where d.order_id::text = any(${s.orderIds ?? []}::text[]))
          or (lower(m.to_address) = ${s.accountEmail?.trim().toLowerCase() ?? ''}
              and m.kind in ('verify-email', 'reset-password', 'email-proof'))
      returning id`
  ).length;

/** Reset and verification links, and the counters kept per email address. */
const authTraces: PersonalDataEraser = async (tx, s) => {
  const own = [...s.emails, ...(s.accountEmail ? [s.accountEmail.trim().toLowerCase()] : [])];
  const links = await tx`
    delete from verifications
     where value = ${s.userId ?? ''} or lower(identifier) = any(${own}::text[])
    returning id`;
  const counters = await tx`
    delete from abuse_counters
     where exists (select 1 from unnest(${own}::text[]) e where key like '%:' || e)
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
  interventions: eraseInterventions,
  contracts: eraseContracts,
  homeSites: eraseHomeSites,
  legalHoldDocuments,
  contactRequests,
  outboxMails,
  authTraces,
  account,
};

/**
 * The subject's orders not yet erased, as orderRecords finds them, with what the erasure
 * precondition reads (domain/privacy/erasure.ts openOrderReason). Locked: no payment or status
 * change slips in between the check and the erasure.
 */
export async function subjectOrders(tx: Tx, subject: ErasureSubject): Promise<ErasableOrder[]> {
  const emails = subject.emails.map((e) => e.trim().toLowerCase());
  return await tx<ErasableOrder[]>`
    select o.order_number, o.status, o.total_amount_cents, o.paid_cents, o.refunded_cents,
           exists (select 1 from events w where w.stream_id = o.id and w.type = 'WithdrawalRequested')
             as withdrawal_requested
      from orders o
      join personal_records r on r.stream_id = o.id and r.event_type = 'OrderPlaced' and r.erased_at is null
     where ${isSubjectOrderRecord(tx, { userId: subject.userId, orderIds: subject.guestOrderIds, emails }, 'r')}
     order by o.created_at
     for update of o`;
}

/**
 * Erases the subject everywhere, inside the caller's transaction, and records the erasure in the
 * log. The caller has checked who may ask, and revoked the sessions.
 */
export async function eraseSubject(
  tx: Tx,
  subject: ErasureSubject,
  why: { reason: ErasureReason; actor: Actor; requestId: string; at?: string },
): Promise<{ counts: ErasureCounts; streamId: string; mailNeedles: string[] }> {
  const emails = [...new Set(subject.emails.map((e) => e.trim().toLowerCase()))];
  const ordersOf = { userId: subject.userId, orderIds: subject.guestOrderIds, emails };
  // Before the records go: the emails typed on the withdrawal forms of the subject's orders.
  const typed = await tx<{ email: string }[]>`
    select distinct lower(w.fields ->> 'email') as email from personal_records w
     where w.event_type = 'WithdrawalRequested' and w.erased_at is null
       and w.stream_id in (select stream_id from personal_records o
                            where o.event_type = 'OrderPlaced'
                              and ${isSubjectOrderRecord(tx, ordersOf, 'o')})`;
  const typedEmails = typed.map((t) => t.email).filter((e) => e && !emails.includes(e));
  const orders = await tx<{ streamId: string }[]>`
    select stream_id from personal_records
     where event_type = 'OrderPlaced' and erased_at is null and ${isSubjectOrderRecord(tx, ordersOf)}`;
  const orderIds = orders.map((o) => o.streamId);
  // The .eml files (no SMTP server) are found by text: those naming a proven or typed email, or one
  // of the subject's order numbers (never the bare account email: it may be someone else's).
  const numbers = await tx<{ orderNumber: string }[]>`
    select order_number from orders where id = any(${orderIds}::uuid[])`;
  const orderNumbers = numbers.map((n) => n.orderNumber);
  const streams = { userId: subject.userId, emails, guestOrderIds: subject.guestOrderIds };
  const interventionNumbers = await interventionMailNeedles(tx, streams);
  const contractNumbers = await contractMailNeedles(tx, streams);
  const siteIds = [
    ...new Set([...(await interventionSiteIds(tx, streams)), ...(await contractSiteIds(tx, streams))]),
  ];
  const normalised = { ...subject, emails, typedEmails, orderIds, siteIds };
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
  return {
    counts,
    streamId,
    mailNeedles: [...emails, ...typedEmails, ...orderNumbers, ...interventionNumbers, ...contractNumbers],
  };
}

/**
 * Mails written to disk (.eml, when no SMTP server is set) that name one of the needles (emails,
 * order numbers): removed after the transaction commits (files are not transactional). Returns how many.
 */
export async function eraseMailFiles(dir: string, needles: string[]): Promise<number> {
  const wanted = needles.map((e) => e.trim().toLowerCase()).filter(Boolean);
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
    // Decoded: a quoted-printable soft break may split the address (the shop's « Nouvelle
    // commande » notification, whose long « Client : » line names it).
    const text = searchableEml(await readFile(file, 'latin1').catch(() => ''));
    if (wanted.some((e) => text.includes(e))) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
