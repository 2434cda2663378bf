/**
 * The report events of an intervention's stream (issue 37): spread into INTERVENTION_EVENT_SCHEMAS
 * (events.ts). A report (rapport d'intervention, RI-YYYY-NNNNNN) seals the stream's visit events up
 * to `coveredThroughVersion`: its canonical content's SHA-256 and its PDF's SHA-256 are in the
 * event, so the chain vouches for both. It is corrected only by signed addenda, each sealed alike.
 * The event carries the document's whole snapshot (`report`, `addendumSnapshot`), as an invoice
 * does: the PDF renders from it alone and `contentHash` is the SHA-256 of its canonical JSON
 * (docs/decisions/038-sealed-reports.md).
 */
import { z } from 'zod';
import { addendumSnapshotSchema, reportSnapshotSchema, signatureSchema as signature } from './report.js';

const sealed = {
  /** SHA-256 (hex) of the canonical content (sorted-key JSON of what the report states). */
  contentHash: z.string(),
  /** SHA-256 (hex) of the PDF as mailed. */
  pdfSha256: z.string(),
  /** The stream version of the last event the report (or addendum) covers. */
  coveredThroughVersion: z.number().int().positive(),
  /** When the number was taken (the documents' one clock): the series' Paris year is this instant's. */
  issuedAt: z.string(),
};

export const REPORT_EVENT_SCHEMAS = {
  ReportSealed: z.object({
    number: z.string(),
    /** The short code printed under the QR code (public verification page). */
    shortCode: z.string(),
    appointmentId: z.string(),
    ...sealed,
    technician: signature.extend({ technicianId: z.string() }),
    /** The customer's signature, or null when « client absent ». */
    customer: signature.nullable(),
    /** What the report states, hashed into `contentHash`. */
    report: reportSnapshotSchema,
  }),
  ReportAddendumSealed: z.object({
    reportNumber: z.string(),
    /** 1, 2, … within the report. */
    addendum: z.number().int().positive(),
    text: z.string(),
    ...sealed,
    technician: signature.extend({ technicianId: z.string() }),
    /** What the addendum states, hashed into `contentHash`. */
    addendumSnapshot: addendumSnapshotSchema,
  }),
} as const;

export type ReportEventType = keyof typeof REPORT_EVENT_SCHEMAS;
export type ReportEvent = {
  [K in ReportEventType]: { type: K; data: z.infer<(typeof REPORT_EVENT_SCHEMAS)[K]> };
}[ReportEventType];

export const isReportEvent = (event: { type: string }): event is ReportEvent =>
  Object.hasOwn(REPORT_EVENT_SCHEMAS, event.type);
