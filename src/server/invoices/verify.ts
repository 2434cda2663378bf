/**
 * The documents' part of the audit (orders:verify and the audit page): every series gapless and
 * chronological, every credit note citing an invoice of its order, and every stored PDF the one
 * whose hash its event recorded.
 */
import { documentProblems, type IssuedRef } from '../../domain/invoices/document.js';
import type { Tx } from '../db/client.js';

export interface DocumentProblem {
  position: number | null;
  message: string;
}

interface Row extends IssuedRef {
  position: number;
  pdfSha256: string;
  storedSha256: string | null;
  actualSha256: string | null;
}

export async function verifyDocuments(tx: Tx): Promise<{ documents: number; problems: DocumentProblem[] }> {
  const rows = await tx<Row[]>`
    select e.position, e.stream_id::text as order_id,
           case e.type when 'InvoiceIssued' then 'invoice' else 'credit_note' end as kind,
           e.data #>> '{document,number}' as number, e.data #>> '{document,series}' as series,
           (e.data #>> '{document,sequence}')::int as sequence, e.data #>> '{document,issuedAt}' as issued_at,
           e.data #> '{document,cites}' as cites, e.data ->> 'pdfSha256' as pdf_sha256,
           d.sha256 as stored_sha256, encode(sha256(d.pdf), 'hex') as actual_sha256
      from events e
      left join invoice_documents d on d.number = e.data #>> '{document,number}'
     where e.type in ('InvoiceIssued', 'CreditNoteIssued')
     order by e.position`;
  const problems: DocumentProblem[] = documentProblems(
    rows.map((r) => ({ ...r, cites: r.cites ?? null })),
  ).map((message) => ({ position: null, message }));
  for (const r of rows) {
    if (!r.actualSha256) {
      problems.push({ position: r.position, message: `${r.number}: its PDF is missing` });
    } else if (r.actualSha256 !== r.pdfSha256 || r.storedSha256 !== r.pdfSha256) {
      problems.push({
        position: r.position,
        message: `${r.number}: the stored PDF differs from the one issued (hash)`,
      });
    }
  }
  const orphans = await tx<{ number: string }[]>`
    select d.number from invoice_documents d
     where not exists (select 1 from events e where e.type in ('InvoiceIssued', 'CreditNoteIssued')
                         and e.data #>> '{document,number}' = d.number)`;
  for (const o of orphans)
    problems.push({ position: null, message: `${o.number}: a PDF with no document in the log` });
  return { documents: rows.length, problems };
}
