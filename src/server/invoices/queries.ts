/**
 * Reading the documents: from the log (InvoiceIssued / CreditNoteIssued events) for the lists, and
 * the stored PDFs for downloads. Callers check who may read (staff; a customer their own order; the
 * signed order page its order).
 */
import { DomainError } from '../../domain/errors.js';
import {
  invoiceStatus,
  type RegisterFilters,
  type RegisterRow,
  registerCsv,
  registerFileName,
  totalsPerRate,
} from '../../domain/invoices/register.js';
import type { Tx } from '../db/client.js';
import { type ZipEntry, zip } from '../http/download.js';
import { documentFilename } from './mail.js';

const notFound = () => new DomainError('not_found', 'DOCUMENT_NOT_FOUND', 'Document introuvable.');

const rowColumns = (sql: Tx) => sql`
  case e.type when 'InvoiceIssued' then 'invoice' else 'credit_note' end as kind,
  e.data #>> '{document,number}' as number, e.data #>> '{document,series}' as series,
  e.data #>> '{document,issuedAt}' as issued_at, e.stream_id::text as order_id,
  e.data #>> '{document,orderNumber}' as order_number,
  coalesce(e.data #>> '{document,customer,business,companyName}', e.data #>> '{document,customer,name}') as customer_name,
  e.data #>> '{document,cites,number}' as cites_number,
  (e.data #>> '{document,totalExclCents}')::int as total_excl_cents,
  (e.data #>> '{document,totalVatCents}')::int as total_vat_cents,
  (e.data #>> '{document,totalInclCents}')::int as total_incl_cents,
  e.data #> '{document,vat}' as vat`;

/** The register: documents of the period (Paris days) and series, oldest first, with totals per rate. */
export async function listDocuments(sql: Tx, filters: RegisterFilters) {
  const rows = await sql<RegisterRow[]>`
    select ${rowColumns(sql)} from events e
     where e.type in ('InvoiceIssued', 'CreditNoteIssued')
       ${filters.from ? sql`and (e.recorded_at at time zone 'Europe/Paris')::date >= ${filters.from}::date` : sql``}
       ${filters.to ? sql`and (e.recorded_at at time zone 'Europe/Paris')::date <= ${filters.to}::date` : sql``}
       ${filters.series ? sql`and e.data #>> '{document,series}' = ${filters.series}` : sql``}
     order by e.position
     limit 5000`;
  const series = await sql<{ series: string }[]>`
    select distinct data #>> '{document,series}' as series from events
     where type in ('InvoiceIssued', 'CreditNoteIssued') order by 1`;
  return { rows, totals: totalsPerRate(rows), series: series.map((s) => s.series) };
}

/** An order's documents with the invoice's status (back-office details, the customer's order). */
export async function orderDocuments(sql: Tx, orderId: string) {
  const rows = await sql<RegisterRow[]>`
    select ${rowColumns(sql)} from events e
     where e.stream_id = ${orderId}::uuid and e.type in ('InvoiceIssued', 'CreditNoteIssued')
     order by e.position`;
  const credited = rows.filter((r) => r.kind === 'credit_note').reduce((s, r) => s + r.totalInclCents, 0);
  return rows.map((r) => ({
    kind: r.kind,
    number: r.number,
    issuedAt: r.issuedAt,
    citesNumber: r.citesNumber,
    totalInclCents: r.totalInclCents,
    status: r.kind === 'invoice' ? invoiceStatus(r.totalInclCents, credited) : 'Émis',
  }));
}

export interface DocumentFile {
  filename: string;
  /** The PDF as issued, base64 (tRPC carries JSON). */
  base64: string;
}

async function storedPdf(sql: Tx, number: string, orderId?: string): Promise<DocumentFile> {
  const [row] = await sql<{ kind: 'invoice' | 'credit_note'; pdf: Buffer; orderId: string }[]>`
    select kind, pdf, order_id from invoice_documents where number = ${number}`;
  if (!row || (orderId && row.orderId !== orderId)) throw notFound();
  return { filename: documentFilename({ kind: row.kind, number }), base64: row.pdf.toString('base64') };
}

/**
 * The personal records whose erasure puts a stream's documents under legal hold: an order's, an
 * intervention's, a yearly contract's (its FA invoices, ADR 044). One rule for the three.
 */
export const HOLDING_RECORD_TYPES = ['OrderPlaced', 'InterventionRequested', 'ContractSigned'];

/**
 * Legal hold (ADR 020): once the buyer's personal data was erased, the order's (intervention's,
 * contract's) documents are kept for their ten years, readable by admins and auditors only. The customer's and
 * the signed link's readers go through this.
 */
export async function isHeld(sql: Tx, streamId: string): Promise<boolean> {
  const [held] = await sql`
    select 1 from personal_records
     where stream_id = ${streamId}::uuid and event_type = any(${HOLDING_RECORD_TYPES}::text[])
       and erased_at is not null`;
  return Boolean(held);
}

async function refuseHeld(sql: Tx, orderId: string) {
  if (await isHeld(sql, orderId)) throw notFound();
}

/** Staff (admins and auditors): any document, under legal hold or not (of `streamId` when given). */
export const staffDocumentPdf = (sql: Tx, number: string, streamId?: string) =>
  storedPdf(sql, number, streamId);

/** A signed-in customer: a document of one of their own orders only. */
export async function customerDocumentPdf(sql: Tx, userId: string, number: string): Promise<DocumentFile> {
  const [own] = await sql<{ orderId: string }[]>`
    select d.order_id from invoice_documents d join orders o on o.id = d.order_id
     where d.number = ${number} and o.customer_id = ${userId}`;
  if (!own) throw notFound();
  await refuseHeld(sql, own.orderId);
  return await storedPdf(sql, number);
}

/** A customer's documents of one of their orders (empty when the order is not theirs). */
export async function customerOrderDocuments(sql: Tx, userId: string, orderId: string) {
  const [own] = await sql`select 1 from orders where id = ${orderId}::uuid and customer_id = ${userId}`;
  return own ? await orderDocuments(sql, orderId) : [];
}

/**
 * For the signed order page (/commande/{token}, issue 26): once the page has checked the token of
 * `orderId`, the PDF of one of that order's documents, or of its invoice when no number is given.
 * The same for an intervention's invoice (`orderId` is the document's stream, ADR 039), once its
 * reader has checked the customer's right (interventions/customer-documents.ts).
 */
export async function orderDocumentPdf(sql: Tx, orderId: string, number?: string): Promise<DocumentFile> {
  await refuseHeld(sql, orderId);
  if (number) return await storedPdf(sql, number, orderId);
  const [invoice] = await sql<{ number: string }[]>`
    select number from invoice_documents where order_id = ${orderId}::uuid and kind = 'invoice'`;
  if (!invoice) throw notFound();
  return await storedPdf(sql, invoice.number, orderId);
}

/**
 * A stream's documents for « Télécharger mes données » (privacy/export.ts): each listed with the name
 * of its PDF as issued, in `factures/` of the ZIP (an order's, or an intervention's).
 */
export async function documentFiles(sql: Tx, streamId: string) {
  const docs = await orderDocuments(sql, streamId);
  if (docs.length === 0) return { data: [], files: [] };
  const pdfs = await sql<{ number: string; kind: 'invoice' | 'credit_note'; pdf: Buffer; createdAt: Date }[]>`
    select number, kind, pdf, created_at from invoice_documents where order_id = ${streamId}::uuid`;
  const data = [];
  const files: ZipEntry[] = [];
  for (const doc of docs) {
    const stored = pdfs.find((p) => p.number === doc.number);
    const file = stored ? `factures/${documentFilename(stored)}` : null;
    data.push({ ...doc, file });
    if (stored && file) files.push({ name: file, content: stored.pdf, date: stored.createdAt });
  }
  return { data, files };
}

/** The accountant's export: the period's PDFs as issued and the register as CSV, in one ZIP. */
export async function exportDocuments(sql: Tx, filters: RegisterFilters): Promise<DocumentFile> {
  const { rows } = await listDocuments(sql, filters);
  const numbers = rows.map((r) => r.number);
  const pdfs = await sql<{ number: string; kind: 'invoice' | 'credit_note'; pdf: Buffer }[]>`
    select number, kind, pdf from invoice_documents where number = any(${numbers})`;
  // Fixed file times: the same period gives the same archive.
  const date = new Date('2026-01-01T00:00:00Z');
  const archive = zip([
    { name: 'factures.csv', content: registerCsv(rows), date },
    ...pdfs.map((p) => ({ name: documentFilename(p), content: p.pdf, date })),
  ]);
  return { filename: registerFileName(filters), base64: archive.toString('base64') };
}
