/**
 * A ReportSealed event as sealReport writes it (the whole snapshot, its content hash), for tests
 * that need a sealed report on a stream whose visit was appended without a booked appointment
 * (FIXTURE, issue 37: the invoice's and the register's tests). With `pdf`, the report's PDF is
 * rendered and its hash carried, as verify expects: store it with `storeReportPdf`.
 */
import type { InterventionEvent } from '../../src/domain/interventions/events.js';
import type { ReportSnapshot, ReportVisit } from '../../src/domain/interventions/report.js';
import type { Tx } from '../../src/server/db/client.js';
import { renderReportPdf } from '../../src/server/interventions/report-pdf.js';
import { reportContentHash } from '../../src/server/interventions/reports.js';
import { sha256 } from '../../src/server/invoices/pdf.js';

const address = { line: '12 rue des Lilas', zipCode: '27400', city: 'Louviers' };

export interface SealedReportInput {
  number: string;
  appointmentId: string;
  coveredThroughVersion: number;
  interventionNumber: string;
  technician: { technicianId: string; name: string };
  /** The visit the report states (reportVisit of the stream); an empty one on its day if null. */
  visit: ReportVisit | null;
  issuedAt: string;
}

/** The event without its PDF (`pdfSha256` as given): enough where verify is not asked. */
export function sealedReportEvent(input: SealedReportInput, pdfSha256 = 'b'.repeat(64)) {
  const shortCode = `T${input.number.replace(/\D/g, '').slice(-9)}`;
  const signedAt = input.issuedAt;
  const technician = { name: input.technician.name, signedAt, strokes: 'M0 0L1 1' };
  const customer = { name: 'Camille Durand', signedAt, strokes: 'M0 0L2 2' };
  const visit: ReportVisit = input.visit ?? {
    appointmentId: input.appointmentId,
    technicianId: input.technician.technicianId,
    day: input.issuedAt.slice(0, 10),
    departedAt: null,
    arrivedAt: null,
    finishedAt: input.issuedAt,
    observations: [],
    treatments: [],
    safetyAdvice: [],
    recommendations: [],
    customerRemarks: [],
    rodenticide: [],
  };
  const report: ReportSnapshot = {
    number: input.number,
    issuedAt: input.issuedAt,
    shortCode,
    verificationUrl: `http://localhost:3000/verifier/${shortCode}`,
    interventionNumber: input.interventionNumber,
    seller: {
      tradeName: 'Boutique',
      legalName: 'Boutique SAS',
      siren: '123456789',
      address,
      email: 'shop@example.fr',
      phone: '0232000000',
    },
    customer: { name: 'Camille Durand', email: 'camille@example.fr', phone: '0612345678' },
    site: { label: 'Logement', address },
    technician: { ...input.technician, certificate: null },
    visit,
    signatures: { technician, customer, customerAbsent: false },
  };
  const contentHash = reportContentHash(report);
  const event: InterventionEvent = {
    type: 'ReportSealed',
    data: {
      number: input.number,
      shortCode,
      appointmentId: input.appointmentId,
      contentHash,
      pdfSha256,
      coveredThroughVersion: input.coveredThroughVersion,
      issuedAt: input.issuedAt,
      technician: { ...technician, technicianId: input.technician.technicianId },
      customer,
      report,
    },
  };
  return { event, report, contentHash, shortCode };
}

/** The event with its rendered PDF, whose hash it carries (store it with `storeReportPdf`). */
export async function sealedReportWithPdf(input: SealedReportInput) {
  const { report, contentHash } = sealedReportEvent(input);
  const pdf = await renderReportPdf(report, contentHash);
  return { ...sealedReportEvent(input, sha256(pdf)), pdf };
}

/** The sealed report's PDF where sealReport stores it. */
export async function storeReportPdf(
  tx: Tx,
  interventionId: string,
  number: string,
  shortCode: string,
  pdf: Buffer,
) {
  await tx`
    insert into report_documents (number, intervention_id, report_number, addendum, short_code, pdf, sha256)
    values (${number}, ${interventionId}, ${number}, 0, ${shortCode}, ${pdf}, ${sha256(pdf)})`;
}
