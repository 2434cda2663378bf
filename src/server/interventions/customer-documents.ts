/**
 * The customer's intervention documents (issue 37 point 7): on /compte those of the account's
 * interventions, on the signed link (/rendez-vous/{token}) those of its intervention. Each sealed
 * report and addendum (ADR 038) and the invoice from it (ADR 039), with its PDF as issued, the one
 * the back-office downloads. Once the intervention's personal data was erased, nothing: its
 * documents are under the legal hold, read by staff only (ADR 020).
 */

import { DomainError } from '../../domain/errors.js';
import {
  customerInvoiceStatus,
  type InterventionInvoiceSummary,
} from '../../domain/interventions/billing.js';
import type { InterventionState } from '../../domain/interventions/decider.js';
import { parisDay } from '../../domain/site/time-zone.js';
import type { Tx } from '../db/client.js';
import { type DocumentFile, HOLDING_RECORD_TYPES, orderDocumentPdf } from '../invoices/queries.js';
import { interventionIdFromToken, ofAccount } from './intervention-link.js';
import { isReportNumber, reportPdf } from './reports.js';

/**
 * Whose documents: a signed-in account's, the one intervention a signed link names, or a site's
 * interventions (the customer's « Mes sites » and the inspector's folder: the caller checked the
 * right to the site first).
 */
export type DocumentScope =
  | { user: { id: string; email: string } }
  | { interventionId: string }
  | { siteId: string };

/** A document as the customer's list shows it (the order documents' list, order-documents.tsx). */
export interface InterventionDocument {
  kind: 'report' | 'addendum' | 'invoice';
  number: string;
  interventionNumber: string;
  issuedAt: string;
  /** A report's short code (/verifier/{code}); null for an addendum or an invoice. */
  verificationCode: string | null;
  /** The invoice's total and payment status; null for a report. */
  totalInclCents: number | null;
  payment: { paid: boolean; label: string } | null;
}

const notFound = () => new DomainError('not_found', 'DOCUMENT_NOT_FOUND', 'Document introuvable.');

/** The signed link's intervention, or « Ce lien est invalide ou a expiré. ». */
export function linkScope(secret: string, token: string): DocumentScope {
  const interventionId = interventionIdFromToken(secret, token);
  if (!interventionId)
    throw new DomainError('not_found', 'LINK_INVALID', 'Ce lien est invalide ou a expiré.');
  return { interventionId };
}

/**
 * The interventions in scope and not held: an account's (ofAccount) or the signed link's one.
 */
function inScope(sql: Tx, scope: DocumentScope) {
  const whose =
    'user' in scope
      ? ofAccount(sql, scope.user)
      : 'siteId' in scope
        ? sql`i.site_id = ${scope.siteId}`
        : sql`i.id = ${scope.interventionId}`;
  return sql`${whose} and not exists (
    select 1 from personal_records r
     where r.stream_id = i.id and r.event_type = any(${HOLDING_RECORD_TYPES}::text[]) and r.erased_at is not null)`;
}

interface Row {
  number: string;
  reports: InterventionState['reports'];
  invoice: InterventionInvoiceSummary | null;
  paidCents: number;
}

/** The documents in scope, newest intervention first: its reports, their addenda, its invoice. */
export async function interventionDocuments(
  sql: Tx,
  scope: DocumentScope,
  today = parisDay(new Date()),
): Promise<InterventionDocument[]> {
  const rows = await sql<Row[]>`
    select i.number, i.reports, i.invoice, i.paid_cents from interventions i
     where ${inScope(sql, scope)} and (jsonb_array_length(i.reports) > 0 or i.invoice is not null)
     order by i.updated_at desc limit 100`;
  return rows.flatMap((r) => {
    const base = {
      interventionNumber: r.number,
      totalInclCents: null,
      payment: null,
      verificationCode: null,
    };
    const reports = r.reports.flatMap((rep): InterventionDocument[] => [
      {
        ...base,
        kind: 'report',
        number: rep.number,
        issuedAt: rep.issuedAt,
        verificationCode: rep.shortCode,
      },
      ...rep.addenda.map(
        (a): InterventionDocument => ({
          ...base,
          kind: 'addendum',
          number: `${rep.number}-A${a.addendum}`,
          issuedAt: a.issuedAt,
        }),
      ),
    ]);
    const inv = r.invoice;
    return inv
      ? [
          ...reports,
          {
            ...base,
            kind: 'invoice' as const,
            number: inv.number,
            issuedAt: inv.issuedAt,
            totalInclCents: inv.totalInclCents,
            payment: customerInvoiceStatus(inv, r.paidCents, today),
          },
        ]
      : reports;
  });
}

/** One of them as a PDF, as issued; any other number (another customer's) is « Document introuvable. ». */
export async function interventionDocumentPdf(
  sql: Tx,
  scope: DocumentScope,
  number: string,
): Promise<DocumentFile> {
  const [own] = await sql<{ id: string }[]>`
    select i.id::text from interventions i
     where ${inScope(sql, scope)}
       and (exists (select 1 from report_documents d where d.intervention_id = i.id and d.number = ${number})
            or exists (select 1 from invoice_documents d where d.order_id = i.id and d.number = ${number}))`;
  if (!own) throw notFound();
  return isReportNumber(number)
    ? await reportPdf(sql, own.id, number)
    : await orderDocumentPdf(sql, own.id, number);
}
