/**
 * « Télécharger mes données » (RGPD art. 15 and 20; docs/decisions/020-personal-data.md): a ZIP
 * with one JSON file of everything the shop holds about a subject, built from a list of
 * collectors, one per place (profile, orders with their history, payments and refunds, withdrawal
 * requests, invoices and credit notes with their PDFs as files of the ZIP, contact requests,
 * interventions, yearly contracts, sessions). A guest's export (through the signed order link) calls exportGuestData.
 */
import { DomainError } from '../../domain/errors.js';
import { exportFileName } from '../../domain/site/dates.js';
import { exportContracts } from '../contracts/privacy.js';
import type { Tx } from '../db/client.js';
import { type ZipEntry, zip } from '../http/download.js';
import { exportInterventions } from '../interventions/privacy.js';
import { documentFiles } from '../invoices/queries.js';
import { foldStored } from '../orders/commit.js';
import { orderHistory } from '../orders/history.js';
import { orderIdFromToken } from '../orders/order-link.js';
import { isSubjectOrderRecord } from '../orders/personal-records.js';
import { readStream } from '../orders/store.js';
import { orderForToken } from '../orders/withdrawal.js';

/** Whose data: an account, and/or the guest orders placed with its email. */
export interface ExportSubject {
  userId: string | null;
  emails: string[];
  /** For a guest: the order(s) the signed link names. */
  orderIds: string[];
}

/** A section of the JSON file, and files to add to the ZIP (invoice PDFs, for instance). */
export interface ExportSection {
  data: unknown;
  files?: ZipEntry[];
}

export type DataCollector = (sql: Tx, subject: ExportSubject) => Promise<ExportSection | null>;

const profile: DataCollector = async (sql, s) => {
  if (!s.userId) return null;
  const [row] = await sql`
    select u.email, u.email_verified, u.created_at, p.first_name, p.last_name, p.phone, p.address,
           p.postal_code, p.city, p.country, to_char(p.date_of_birth, 'YYYY-MM-DD') as date_of_birth, p.role
      from users u left join profiles p on p.id = u.id where u.id = ${s.userId}`;
  return row ? { data: row } : null;
};

/** The subject's orders: the account's, guest orders with one of its emails, or the named ones. */
async function orderIdsOf(sql: Tx, s: ExportSubject): Promise<string[]> {
  const rows = await sql<{ streamId: string }[]>`
    select stream_id from personal_records
     where event_type = 'OrderPlaced' and ${isSubjectOrderRecord(sql, s)}
     order by created_at`;
  return rows.map((r) => r.streamId);
}

const orders: DataCollector = async (sql, s) => {
  const ids = await orderIdsOf(sql, s);
  const out = [];
  for (const id of ids) {
    const events = await readStream(sql, id);
    const placed = events[0];
    if (!placed) continue;
    const [row] = await sql`
      select order_number, status, payment_status, total_amount_cents, created_at, updated_at
        from orders where id = ${id}`;
    const lines = await sql`
      select title, quantity, unit_price_cents, total_price_cents from order_items
       where order_id = ${id} order by position`;
    out.push({
      id,
      // The order as placed (the customer's details as recorded, the lines and amounts).
      placed: placed.data,
      current: row ?? { deleted: true },
      lines,
      // The customer-facing history (the staff's internal notes are not personal data of theirs).
      history: await orderHistory(sql, id),
    });
  }
  return { data: out };
};

/** Each of the subject's orders as folded from the log (personal fields read from their records). */
async function orderStates(sql: Tx, s: ExportSubject) {
  const states = [];
  for (const id of await orderIdsOf(sql, s)) {
    const state = foldStored(await readStream(sql, id));
    if (state) states.push(state);
  }
  return states;
}

/**
 * Payments, corrections and refunds, from the money events (ADR 018). Who recorded them is the
 * staff's data, not the customer's: left out.
 */
const payments: DataCollector = async (sql, s) => ({
  data: (await orderStates(sql, s))
    .filter((o) => o.ledger.payments.length + o.ledger.refunds.length + o.ledger.corrections.length > 0)
    .map((o) => ({
      orderNumber: o.orderNumber,
      paymentStatus: o.paymentStatus,
      paidCents: o.paidCents,
      refundedCents: o.refundedCents,
      payments: o.ledger.payments.map(({ by: _, ...p }) => p),
      corrections: o.ledger.corrections.map(({ by: _, ...c }) => c),
      refunds: o.ledger.refunds.map(({ by: _, ...r }) => r),
    })),
});

/** Withdrawal requests (the form's name and email, the lines, the owner's hygiene exception). */
const withdrawals: DataCollector = async (sql, s) => ({
  data: (await orderStates(sql, s)).flatMap((o) =>
    o.withdrawal
      ? [
          {
            orderNumber: o.orderNumber,
            requestedAt: o.withdrawal.requestedAt,
            name: o.withdrawal.name,
            email: o.withdrawal.email,
            lines: o.lines
              .filter((l) => o.withdrawal?.itemIds.includes(l.itemId))
              .map((l) => ({ title: l.title, quantity: l.quantity })),
            exception: o.withdrawal.exception,
          },
        ]
      : [],
  ),
});

/** Invoices and credit notes: listed in the JSON, their PDFs as issued in `factures/` of the ZIP. */
const invoices: DataCollector = async (sql, s) => {
  const data = [];
  const files = [];
  for (const orderId of await orderIdsOf(sql, s)) {
    const docs = await documentFiles(sql, orderId);
    data.push(...docs.data);
    files.push(...docs.files);
  }
  return { data, files };
};

const contactRequests: DataCollector = async (sql, s) => ({
  data: await sql`
    select name, email, phone, service, message, created_at from contact_requests
     where lower(email) = any(${s.emails}::text[]) order by created_at`,
});

const sessions: DataCollector = async (sql, s) =>
  s.userId
    ? {
        data: await sql`
          select created_at, updated_at, expires_at, ip_address, user_agent from sessions
           where user_id = ${s.userId} order by created_at`,
      }
    : null;

/** The collectors, by the JSON key of their section. Others add theirs here (see the ADR). */
export const COLLECTORS: Record<string, DataCollector> = {
  profile,
  orders,
  payments,
  withdrawals,
  invoices,
  contactRequests,
  interventions: exportInterventions,
  contracts: exportContracts,
  sessions,
};

export interface DataExport {
  fileName: string;
  zip: Buffer;
  json: Record<string, unknown>;
}

export async function exportData(sql: Tx, subject: ExportSubject, now = new Date()): Promise<DataExport> {
  const s = { ...subject, emails: [...new Set(subject.emails.map((e) => e.trim().toLowerCase()))] };
  const json: Record<string, unknown> = {
    format: 'h27-donnees-personnelles',
    version: 1,
    exportedAt: now.toISOString(),
  };
  const files: ZipEntry[] = [];
  for (const [key, collect] of Object.entries(COLLECTORS)) {
    const section = await collect(sql, s);
    if (!section) continue;
    json[key] = section.data;
    files.push(...(section.files ?? []));
  }
  const body = JSON.stringify(json, null, 2);
  return {
    fileName: exportFileName('mes-donnees', 'zip', now),
    zip: zip([{ name: 'mes-donnees.json', content: body, date: now }, ...files]),
    json,
  };
}

/**
 * A customer's export (their own, or the admin's for them): what the account created, and what was
 * sent with its email (guest orders, contact requests) only when `byEmail` says the address is
 * proven: a fresh code for the customer, a verified address for an admin (ADR 033).
 */
export async function exportCustomerData(
  sql: Tx,
  userId: string,
  options: { byEmail: boolean; now?: Date } = { byEmail: false },
) {
  const [user] = await sql<{ email: string }[]>`select email from users where id = ${userId}`;
  if (!user) return null;
  return await exportData(
    sql,
    { userId, emails: options.byEmail ? [user.email] : [], orderIds: [] },
    options.now,
  );
}

/**
 * A guest's export, for the signed order page (i26): that order only. Whoever holds the link
 * proves the order, not the email typed in it (a guest's email is never verified, and a link can
 * be forwarded), so nothing is gathered by email: no other order, no contact request. The data
 * subject of a guest order is the order itself (ADR 020).
 */
export async function exportGuestData(sql: Tx, orderId: string, now = new Date()) {
  const [record] = await sql`
    select 1 from personal_records
     where stream_id = ${orderId} and event_type = 'OrderPlaced' and erased_at is null`;
  if (!record) return null;
  return await exportData(sql, { userId: null, emails: [], orderIds: [orderId] }, now);
}

/**
 * « Télécharger mes données » on the signed order page (/commande/{token}): the token is the right,
 * as for the page itself (a deleted order's or a foreign token reads as not found); an order whose
 * personal data was erased has nothing left to give.
 */
export async function guestDataForToken(sql: Tx, secret: string, token: string, now = new Date()) {
  await orderForToken(sql, secret, token);
  const orderId = orderIdFromToken(secret, token);
  const archive = orderId ? await exportGuestData(sql, orderId, now) : null;
  if (!archive) {
    throw new DomainError('not_found', 'ORDER_NOT_FOUND', 'Ce lien de commande est invalide ou a expiré.');
  }
  return { filename: archive.fileName, base64: archive.zip.toString('base64') };
}
