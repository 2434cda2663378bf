/**
 * The reports' part of the audit (orders:verify and the audit page; ADR 038): every sealed report
 * and addendum is checked against what the log says. The event's hash chain already catches an
 * edited event; this adds what the chain cannot know:
 * - the content hash is the SHA-256 of the snapshot the event carries;
 * - the snapshot's visit is what the stream's visit events up to `coveredThroughVersion` state
 *   (recomputed with the same pure function as at sealing): a report cannot say more or less;
 * - the stored PDF is the one whose SHA-256 the event recorded, and none is stored without its event.
 */
import { reportVisit } from '../../domain/interventions/report.js';
import type { Tx } from '../db/client.js';
import { sha256 } from '../invoices/pdf.js';
import type { DocumentProblem } from '../invoices/verify.js';
import { canonicalJson } from '../orders/canonical.js';

interface EventRow {
  position: number;
  streamId: string;
  version: number;
  type: string;
  data: Record<string, unknown> & { appointmentId?: string };
}

interface DocumentRow {
  number: string;
  sha256: string;
  actualSha256: string;
}

const hashOf = (value: unknown) => sha256(Buffer.from(canonicalJson(value), 'utf8'));

export async function verifyReports(tx: Tx): Promise<{ reports: number; problems: DocumentProblem[] }> {
  const rows = await tx<EventRow[]>`
    select position, stream_id::text, version, type, data from events
     where stream_id in (select stream_id from events where type in ('ReportSealed', 'ReportAddendumSealed'))
     order by stream_id, version`;
  const documents = new Map(
    (
      await tx<DocumentRow[]>`
        select number, sha256, encode(sha256(pdf), 'hex') as actual_sha256 from report_documents`
    ).map((d) => [d.number, d]),
  );
  const problems: DocumentProblem[] = [];
  const seen = new Set<string>();
  let reports = 0;
  const byStream = new Map<string, EventRow[]>();
  for (const r of rows) {
    const list = byStream.get(r.streamId);
    if (list) list.push(r);
    else byStream.set(r.streamId, [r]);
  }
  for (const events of byStream.values()) {
    for (const e of events) {
      if (e.type !== 'ReportSealed' && e.type !== 'ReportAddendumSealed') continue;
      reports++;
      const d = e.data as {
        number?: string;
        reportNumber?: string;
        addendum?: number;
        appointmentId?: string;
        contentHash: string;
        pdfSha256: string;
        coveredThroughVersion: number;
        report?: { visit: unknown };
        addendumSnapshot?: unknown;
      };
      const number = e.type === 'ReportSealed' ? String(d.number) : `${d.reportNumber}-A${d.addendum}`;
      seen.add(number);
      const snapshot = e.type === 'ReportSealed' ? d.report : d.addendumSnapshot;
      if (hashOf(snapshot) !== d.contentHash)
        problems.push({ position: e.position, message: `${number}: its content does not match its hash` });
      if (e.type === 'ReportSealed') {
        const visit = reportVisit(events, String(d.appointmentId), d.coveredThroughVersion);
        if (!visit || hashOf(visit) !== hashOf(d.report?.visit))
          problems.push({
            position: e.position,
            message: `${number}: the visit it states differs from the stream's events`,
          });
      }
      const doc = documents.get(number);
      if (!doc) problems.push({ position: e.position, message: `${number}: its PDF is missing` });
      else if (doc.actualSha256 !== d.pdfSha256 || doc.sha256 !== d.pdfSha256)
        problems.push({
          position: e.position,
          message: `${number}: the stored PDF differs from the one sealed (hash)`,
        });
    }
  }
  for (const number of documents.keys())
    if (!seen.has(number))
      problems.push({ position: null, message: `${number}: a PDF with no report in the log` });
  return { reports, problems };
}
