/**
 * The interventions' part of the personal-data export and erasure (ADR 020): a request's
 * requester fields live in a personal record (event type InterventionRequested) found by the
 * account or by email. Erasing nulls the record (the log stays as it is and still verifies) and
 * puts the placeholder a replay gives into the read table.
 */
import { DEVIS_PERSONAL_TYPES } from '../../domain/interventions/devis-personal.js';
import { ERASED_REQUESTER } from '../../domain/interventions/events.js';
import type { ErasableIntervention } from '../../domain/privacy/erasure.js';
import type { Tx } from '../db/client.js';
import type { ZipEntry } from '../http/download.js';
import { sha256 } from '../invoices/pdf.js';
import { documentFiles } from '../invoices/queries.js';
import { readModelStream } from '../log/stream-commands.js';
import { deleteMailsNaming, eraseStreamRecords } from '../privacy/stream-records.js';
import { renderDevisPdf } from './devis-pdf.js';
import { interventionModel, projectInterventionState } from './model.js';
import { addendumFilename, reportFilename } from './report-pdf.js';

interface Subject {
  userId: string | null;
  emails: string[];
  /** Streams a guest's erasure names (the retention job names a guest's request or contract so). */
  guestOrderIds?: readonly string[];
}

/** The subject's interventions: opened from their account, or requested with one of their emails. */
async function interventionIdsOf(sql: Tx, s: Subject): Promise<string[]> {
  const rows = await sql<{ streamId: string }[]>`
    select stream_id from personal_records
     where event_type = 'InterventionRequested' and erased_at is null
       and (subject_id = ${s.userId ?? ''} or stream_id = any(${s.guestOrderIds ?? []}::uuid[])
            or lower(fields ->> 'email') = any(${s.emails.map((e) => e.toLowerCase())}::text[]))
     order by created_at`;
  return rows.map((r) => r.streamId);
}

/** The subject's interventions as the erasure weighs them (openInterventionReason), locked. */
export async function subjectInterventions(sql: Tx, s: Subject): Promise<ErasableIntervention[]> {
  const ids = await interventionIdsOf(sql, s);
  return await sql<ErasableIntervention[]>`
    select number, status, contract is not null as contracted,
           (invoice ->> 'totalInclCents')::int as invoice_total_cents, paid_cents
      from interventions where id = any(${ids}::uuid[])
     order by created_at
     for update`;
}

/**
 * Export: each intervention as requested, and its history (the staff's internal notes left out),
 * its sealed reports and addenda (PDFs as mailed, in `rapports/` of the ZIP) and the invoice from
 * them (PDF as issued, in `factures/`, as an order's).
 */
export async function exportInterventions(sql: Tx, s: Subject) {
  const out = [];
  const files: ZipEntry[] = [];
  for (const id of await interventionIdsOf(sql, s)) {
    const { events, state } = await readModelStream(sql, interventionModel, id);
    if (!state) continue;
    const pdfs = await sql<
      { number: string; reportNumber: string; addendum: number; pdf: Buffer; createdAt: Date }[]
    >`
      select number, report_number, addendum, pdf, created_at from report_documents
       where intervention_id = ${id} order by report_number, addendum`;
    const reports = pdfs.map((p) => {
      const file = `rapports/${p.addendum ? addendumFilename(p.reportNumber, p.addendum) : reportFilename(p.number)}`;
      files.push({ name: file, content: p.pdf, date: p.createdAt });
      return { number: p.number, reportNumber: p.reportNumber, addendum: p.addendum, file };
    });
    const invoices = await documentFiles(sql, id);
    files.push(...invoices.files);
    out.push({
      number: state.number,
      status: state.status,
      requested: events[0]?.data,
      history: events
        .filter((e) => e.type !== 'InterventionNoteAdded')
        .map((e) => ({ type: e.type, at: e.at, data: e.data })),
      reports,
      invoices: invoices.data,
      paidCents: state.paidCents,
    });
  }
  return { data: out, files };
}

/** The sites of the subject's interventions (read before the erasure: the sites' eraser weighs them). */
export async function interventionSiteIds(sql: Tx, s: Subject): Promise<string[]> {
  const ids = await interventionIdsOf(sql, s);
  const rows = await sql<{ siteId: string }[]>`
    select distinct site_id from interventions where id = any(${ids}::uuid[]) and site_id is not null`;
  return rows.map((r) => r.siteId);
}

/**
 * What names the subject's interventions in a mail: their numbers, and their reports' and
 * invoices' (read before the erasure; the .eml files are searched for them after it, as for
 * orders' numbers).
 */
export async function interventionMailNeedles(sql: Tx, s: Subject): Promise<string[]> {
  const ids = await interventionIdsOf(sql, s);
  const rows = await sql<{ needle: string }[]>`
    select number as needle from interventions where id = any(${ids}::uuid[])
    union select number from report_documents where intervention_id = any(${ids}::uuid[])
    union select number from invoice_documents where order_id = any(${ids}::uuid[])`;
  return rows.map((r) => r.needle);
}

/**
 * Erasure: the records go (the request's, and its devis's customer and signers', ADR 035
 * amendment), the request's photos are deleted, the read table is written again from the fold (« Client supprimé », as a replay
 * gives), and each devis PDF kept is rendered again from the erased snapshot. Returns how many.
 */
export async function eraseInterventions(tx: Tx, s: Subject): Promise<number> {
  const ids = await eraseStreamRecords(tx, s, 'InterventionRequested', DEVIS_PERSONAL_TYPES);
  if (ids.length === 0) return 0;
  // Their reports and invoice are kept, as sealed and issued, under the legal hold (ADR 020: staff
  // only from now on, customer-documents.ts reads no held stream); the mails that carried them, or
  // spoke of the intervention, go: they name the customer and are no legal record.
  await deleteMailsNaming(
    tx,
    tx`select number from interventions where id = any(${ids}::uuid[])
       union select number from report_documents where intervention_id = any(${ids}::uuid[])
       union select number from invoice_documents where order_id = any(${ids}::uuid[])`,
  );
  // The request's photos (a home, a garden) go with the rest: the log keeps only their ids.
  await tx`
    delete from images
     where id in (select (p ->> 'id')::uuid from interventions i, jsonb_array_elements(i.photos) p
                   where i.id = any(${ids}::uuid[]))`;
  // The biocide register keeps its lines (a legal record) without the erased site (ADR 040).
  const e = ERASED_REQUESTER;
  await tx`
    update treatment_register
       set site_street = ${e.street}, site_zip_code = ${e.zipCode}, site_city = ${e.city}
     where intervention_id = any(${ids}::uuid[])`;
  for (const id of ids) {
    const { events, state } = await readModelStream(tx, interventionModel, id);
    if (!state) continue;
    await projectInterventionState(tx, state);
    // The PDF as sent named the customer: it is replaced by the same devis without them (its
    // pdfSha256 in the log still names the PDF as sent; the devis hash is unchanged).
    for (const e of events) {
      if (e.type !== 'DevisSent') continue;
      const pdf = await renderDevisPdf(e.data.devis);
      await tx`
        update devis_documents set pdf = ${pdf}, sha256 = ${sha256(pdf)}
         where intervention_id = ${id} and number = ${e.data.devis.number}`;
    }
  }
  return ids.length;
}
