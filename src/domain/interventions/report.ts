/**
 * The report (rapport d'intervention, issue 37 point 4; docs/decisions/038-sealed-reports.md), pure.
 *
 * A report is a snapshot: everything it states (the firm, the customer and the site, the visit's
 * facts read from the stream's events up to a version, the signatures) is in `ReportSnapshot`,
 * carried by the ReportSealed event. Its canonical JSON (sorted keys) is hashed into the event's
 * `contentHash`; the PDF is rendered from the snapshot alone, so it renders the same bytes forever.
 * The visit part (`reportVisit`) is a pure function of the events: the audit recomputes it and
 * compares, so the report can never state something the log does not.
 */
import { z } from 'zod';
import { certificateValidOn } from '../catalog/certibiocide.js';
import { parisDay } from '../site/time-zone.js';
import type { VisitEvent } from './visit-events.js';

/** The report series' prefix: RI-2026-000001 (the documents' yearly series, takeNumber). */
export const REPORT_PREFIX = 'RI';
export const ADDENDUM_TEXT_MAX = 2000;
export const SIGNER_NAME_MAX = 120;
/** A drawn signature's SVG path data, at most this many characters. */
export const STROKES_MAX = 60_000;
/** The signature pad's coordinate box: strokes are stored in it, whatever the screen's size. */
export const SIGNATURE_BOX = { width: 300, height: 120 } as const;

// --- The short code of the verification page -------------------------------------------------

/** No 0/O, 1/I/L: a code read aloud or typed from paper is not misread. */
export const SHORT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SHORT_CODE_LENGTH = 10;

/** A new short code, from `randomIndex(n)` (a uniform integer in [0, n)); the server passes crypto's. */
export const newShortCode = (randomIndex: (n: number) => number): string =>
  Array.from(
    { length: SHORT_CODE_LENGTH },
    () => SHORT_CODE_ALPHABET[randomIndex(SHORT_CODE_ALPHABET.length)],
  ).join('');

/** A typed or scanned code in its stored form (upper case, no spaces or dashes), or null if it cannot be one. */
export function normalizeShortCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== SHORT_CODE_LENGTH) return null;
  for (const c of code) if (!SHORT_CODE_ALPHABET.includes(c)) return null;
  return code;
}

/** The code as printed: « ABCDE-FGHJK ». */
export const printedShortCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

// --- Snapshot --------------------------------------------------------------------------------

export const signatureSchema = z.object({
  name: z.string(),
  signedAt: z.string(),
  /** The drawn signature as SVG path data in the SIGNATURE_BOX (the strokes, not a pasted image). */
  strokes: z.string(),
});
export type Signature = z.infer<typeof signatureSchema>;

const certificate = z.object({
  number: z.string(),
  category: z.string(),
  expiresOn: z.string(),
  /** On the day of the treatment (or of the visit, for the technician). */
  status: z.enum(['valid', 'expired']),
});
export type CertificateAtTheTime = z.infer<typeof certificate>;

export const reportVisitSchema = z.object({
  appointmentId: z.string(),
  technicianId: z.string(),
  /** The Paris day of the visit (its arrival, else its end). */
  day: z.string(),
  departedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  observations: z.array(
    z.object({
      at: z.string(),
      pest: z.string(),
      zone: z.string(),
      level: z.string(),
      evidence: z.string(),
      photoIds: z.array(z.string()),
    }),
  ),
  treatments: z.array(
    z.object({
      at: z.string(),
      productId: z.string(),
      productTitle: z.string(),
      ammNumber: z.string(),
      biocideType: z.string(),
      professionalOnly: z.boolean(),
      certibiocideCategory: z.string().nullable(),
      quantity: z.number(),
      unit: z.string(),
      method: z.string(),
      zone: z.string(),
      target: z.string(),
      applicator: z.object({
        technicianId: z.string(),
        name: z.string(),
        certificate: certificate.nullable(),
      }),
    }),
  ),
  safetyAdvice: z.array(
    z.object({
      reentryDelayHours: z.number().nullable(),
      ventilation: z.string(),
      antidote: z.string(),
    }),
  ),
  recommendations: z.array(z.string()),
  customerRemarks: z.array(z.string()),
  rodenticide: z.array(z.object({ kind: z.enum(['analysis', 'baitsRemoved']), text: z.string() })),
  /**
   * « Contrôle des dispositifs ». Absent (never empty) when the visit checked none: the reports
   * sealed before device checks existed keep their canonical content, so their hash still verifies.
   */
  deviceChecks: z
    .array(
      z.object({
        label: z.string(),
        kind: z.string(),
        state: z.string(),
        consumptionPercent: z.number().nullable(),
        reason: z.string(),
        captures: z.number().nullable(),
        note: z.string(),
      }),
    )
    .optional(),
});
export type ReportVisit = z.infer<typeof reportVisitSchema>;

const address = z.object({ line: z.string(), zipCode: z.string(), city: z.string() });

export const reportSnapshotSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  shortCode: z.string(),
  /** The public verification page's address, printed under the QR code. */
  verificationUrl: z.string(),
  interventionNumber: z.string(),
  seller: z.object({
    tradeName: z.string(),
    legalName: z.string(),
    siren: z.string(),
    address,
    email: z.string(),
    phone: z.string(),
  }),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  site: z.object({ label: z.string(), address }),
  /** The technician who signs, with their certificate on the visit's day (null: none on file). */
  technician: z.object({ technicianId: z.string(), name: z.string(), certificate: certificate.nullable() }),
  visit: reportVisitSchema,
  signatures: z.object({
    technician: signatureSchema,
    /** Null only when the technician chose « client absent ». */
    customer: signatureSchema.nullable(),
    customerAbsent: z.boolean(),
  }),
});
export type ReportSnapshot = z.infer<typeof reportSnapshotSchema>;

export const addendumSnapshotSchema = z.object({
  reportNumber: z.string(),
  addendum: z.number().int().positive(),
  issuedAt: z.string(),
  shortCode: z.string(),
  verificationUrl: z.string(),
  /** The content hash of the report it corrects: the addendum names what it amends. */
  reportContentHash: z.string(),
  interventionNumber: z.string(),
  sellerName: z.string(),
  text: z.string(),
  technician: signatureSchema.extend({ technicianId: z.string() }),
});
export type AddendumSnapshot = z.infer<typeof addendumSnapshotSchema>;

// --- The visit, from the events ---------------------------------------------------------------

/** A certificate's status on a Paris day (the catalog's rule: valid through its expiry day included). */
export const certificateStatus = (expiresOn: string, day: string): 'valid' | 'expired' =>
  certificateValidOn(expiresOn, day) ? 'valid' : 'expired';

type VersionedVisitEvent = VisitEvent & { version: number };

/**
 * The visit of one appointment as the report states it: its events up to `throughVersion`, in
 * stream order. `finishedAt` null means « Terminé » was not recorded: no report may be sealed.
 */
export function reportVisit(
  events: readonly { type: string; data: unknown; version: number }[],
  appointmentId: string,
  throughVersion: number,
): ReportVisit | null {
  const own = events.filter(
    (e): e is VersionedVisitEvent =>
      e.version <= throughVersion &&
      isVisitEventLike(e) &&
      (e.data as { appointmentId?: string }).appointmentId === appointmentId,
  );
  if (own.length === 0) return null;
  const visit: ReportVisit = {
    appointmentId,
    technicianId: '',
    day: '',
    departedAt: null,
    arrivedAt: null,
    finishedAt: null,
    observations: [],
    treatments: [],
    safetyAdvice: [],
    recommendations: [],
    customerRemarks: [],
    rodenticide: [],
  };
  for (const e of own) {
    switch (e.type) {
      case 'VisitDeparted':
        visit.departedAt = e.data.at;
        visit.technicianId = e.data.technicianId;
        break;
      case 'VisitArrived':
        visit.arrivedAt = e.data.at;
        visit.technicianId = e.data.technicianId;
        break;
      case 'VisitFinished':
        visit.finishedAt = e.data.at;
        visit.technicianId = e.data.technicianId;
        break;
      case 'ObservationRecorded':
        visit.observations.push({
          at: e.data.at,
          pest: e.data.pest,
          zone: e.data.zone,
          level: e.data.level,
          evidence: e.data.evidence,
          photoIds: e.data.photos.map((p) => p.id),
        });
        break;
      case 'TreatmentRecorded': {
        const d = e.data;
        const day = parisDay(new Date(d.at));
        const c = d.applicator.certificate;
        visit.treatments.push({
          at: d.at,
          productId: d.productId,
          productTitle: d.productTitle,
          ammNumber: d.ammNumber,
          biocideType: d.biocideType,
          professionalOnly: d.professionalOnly,
          certibiocideCategory: d.certibiocideCategory,
          quantity: d.quantity,
          unit: d.unit,
          method: d.method,
          zone: d.zone,
          target: d.target,
          applicator: {
            technicianId: d.applicator.technicianId,
            name: d.applicator.name,
            certificate: c ? { ...c, status: certificateStatus(c.expiresOn, day) } : null,
          },
        });
        break;
      }
      case 'SafetyAdviceGiven':
        visit.safetyAdvice.push({
          reentryDelayHours: e.data.reentryDelayHours,
          ventilation: e.data.ventilation,
          antidote: e.data.antidote,
        });
        break;
      case 'RecommendationAdded':
        visit.recommendations.push(e.data.text);
        break;
      case 'CustomerRemarkAdded':
        visit.customerRemarks.push(e.data.text);
        break;
      case 'RodenticideAnalysisWritten':
        visit.rodenticide.push({ kind: 'analysis', text: e.data.text });
        break;
      case 'RodenticideBaitsRemoved':
        visit.rodenticide.push({ kind: 'baitsRemoved', text: e.data.note });
        break;
      case 'DeviceChecked': {
        const { label, kind, state, consumptionPercent, reason, captures, note } = e.data;
        visit.deviceChecks ??= [];
        visit.deviceChecks.push({ label, kind, state, consumptionPercent, reason, captures, note });
        break;
      }
    }
  }
  const dayOf = visit.arrivedAt ?? visit.finishedAt ?? visit.departedAt;
  visit.day = dayOf ? parisDay(new Date(dayOf)) : '';
  return visit;
}

const VISIT_TYPES = new Set([
  'VisitDeparted',
  'VisitArrived',
  'VisitFinished',
  'ObservationRecorded',
  'TreatmentRecorded',
  'SafetyAdviceGiven',
  'RecommendationAdded',
  'CustomerRemarkAdded',
  'RodenticideAnalysisWritten',
  'RodenticideBaitsRemoved',
  'DeviceChecked',
]);
const isVisitEventLike = (e: { type: string }) => VISIT_TYPES.has(e.type);

/**
 * The technician's certificate on the visit's day, as the treatments they applied recorded it
 * (the treatment copies the certificate it relied on): null when they applied nothing.
 */
export function technicianCertificate(visit: ReportVisit, technicianId: string): CertificateAtTheTime | null {
  const own = visit.treatments.find(
    (t) => t.applicator.technicianId === technicianId && t.applicator.certificate,
  );
  const c = own?.applicator.certificate;
  return c ? { ...c, status: certificateStatus(c.expiresOn, visit.day) } : null;
}

// --- Signatures --------------------------------------------------------------------------------

/** SVG path data of the pad: move/line/curve commands and numbers only (nothing a PDF could run). */
const PATH_DATA = /^[MLQCZmlqcz0-9.,\s-]*$/;

/** A drawn signature is acceptable: it has strokes, within the size bound, and is plain path data. */
export function strokesProblem(strokes: string): 'empty' | 'too_long' | 'invalid' | null {
  const s = strokes.trim();
  if (s.length > STROKES_MAX) return 'too_long';
  if (!PATH_DATA.test(s) || (s && !/^[Mm]/.test(s))) return 'invalid';
  // A single dot is not a signature: at least two points.
  if ((s.match(/-?\d+(\.\d+)?/g) ?? []).length < 4) return 'empty';
  return null;
}

// --- What anyone holding the code may see ----------------------------------------------------

/**
 * The public verification page's view: no personal data (the site's town only, no names, no
 * street, no customer), the products with their AMM, the applicators' certificate status at the
 * time, and the addenda that follow. Once the customer's data is erased (`subjectErased`), not even
 * the town: the report stays verifiable, it no longer says where (ADR 020).
 */
export function publicReportView(
  r: ReportSnapshot,
  sealed: { contentHash: string; pdfSha256: string },
  addenda: { addendum: number; issuedAt: string; pdfSha256: string }[],
  subjectErased = false,
) {
  const certificates = new Map<string, CertificateAtTheTime | null>();
  for (const t of r.visit.treatments) certificates.set(t.applicator.technicianId, t.applicator.certificate);
  if (!certificates.has(r.technician.technicianId))
    certificates.set(r.technician.technicianId, r.technician.certificate);
  return {
    number: r.number,
    issuedAt: r.issuedAt,
    day: r.visit.day,
    town: subjectErased ? null : r.site.address.city,
    siteLabel: r.site.label,
    sellerName: r.seller.tradeName || r.seller.legalName,
    products: r.visit.treatments.map((t) => ({
      productTitle: t.productTitle,
      ammNumber: t.ammNumber,
      biocideType: t.biocideType,
      quantity: t.quantity,
      unit: t.unit,
    })),
    // Applicators by rank, not by name: a visitor learns the status, not who it was.
    applicators: [...certificates.values()].map((c) =>
      c ? { status: c.status, category: c.category, expiresOn: c.expiresOn } : { status: 'none' as const },
    ),
    customerSigned: r.signatures.customer !== null,
    contentHash: sealed.contentHash,
    pdfSha256: sealed.pdfSha256,
    addenda,
  };
}
export type PublicReportView = ReturnType<typeof publicReportView>;

/**
 * « Votre fichier est-il authentique ? »: the file in hand, by its SHA-256 (hex, computed in the
 * browser or pasted), is the sealed report or one of its addenda (what it is, as the page says
 * it), or neither (null: it may have been edited).
 */
export function matchingDocument(
  view: Pick<PublicReportView, 'number' | 'pdfSha256' | 'addenda'>,
  sha256Hex: string,
): string | null {
  const h = sha256Hex.trim().toLowerCase();
  if (h === view.pdfSha256) return `le rapport ${view.number}`;
  const addendum = view.addenda.find((a) => a.pdfSha256 === h);
  return addendum ? `l’additif n° ${addendum.addendum} au rapport ${view.number}` : null;
}
