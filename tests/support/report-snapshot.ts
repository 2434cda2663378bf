/**
 * A report as the decider seals it (issue 37, ADR 038), for the domain's tests: a finished visit
 * of appointment `REPORT_APPOINTMENT` (arrival, an observation, a rodenticide treatment, remarks),
 * its snapshot signed by the technician and the customer, and the `SealReport` command carrying it.
 */
import {
  type ReportSnapshot,
  reportVisit,
  technicianCertificate,
} from '../../src/domain/interventions/report.js';

export const REPORT_APPOINTMENT = 'appt-1';
const A = REPORT_APPOINTMENT;
const typed = (at: string, appointmentId = A) => ({ clientEventId: `c-${at}`, appointmentId, at });
const applicator = (expiresOn: string) => ({
  technicianId: 'tech-1',
  name: 'Théo Martin',
  certificate: { number: 'CB-123', category: 'Nuisibles', expiresOn },
});
export const treatment = (at: string, expiresOn = '2030-01-01') => ({
  type: 'TreatmentRecorded' as const,
  data: {
    ...typed(at),
    productId: 'p1',
    productTitle: 'Raticide pâte',
    ammNumber: 'FR-2020-0001',
    biocideType: 'TP14',
    professionalOnly: true,
    certibiocideCategory: 'Nuisibles',
    quantity: 150,
    unit: 'g' as const,
    method: 'Postes d’appâtage',
    zone: 'Cave',
    target: 'Rats',
    applicator: applicator(expiresOn),
    rodenticide: { species: 'rats' as const },
  },
});

export const visitEvents = (finished = true) => {
  const list: { type: string; data: unknown; version: number }[] = [
    { type: 'InterventionRequested', data: {}, version: 1 },
    {
      type: 'VisitArrived',
      data: { ...typed('2026-12-01T08:05:00.000Z'), technicianId: 'tech-1' },
      version: 2,
    },
    {
      type: 'ObservationRecorded',
      data: {
        ...typed('2026-12-01T08:10:00.000Z'),
        pest: 'Rats',
        zone: 'Cave',
        level: 'forte',
        evidence: 'Déjections',
        photos: [{ id: 'img1', url: '/u/1', thumbUrl: '/u/1t' }],
      },
      version: 3,
    },
    { ...treatment('2026-12-01T08:30:00.000Z'), version: 4 },
    // Another appointment's event: not this report's.
    {
      type: 'CustomerRemarkAdded',
      data: { ...typed('2026-12-01T08:31:00.000Z', 'other'), text: 'x' },
      version: 5,
    },
    {
      type: 'CustomerRemarkAdded',
      data: { ...typed('2026-12-01T08:40:00.000Z'), text: 'Merci' },
      version: 6,
    },
  ];
  if (finished)
    list.push({
      type: 'VisitFinished',
      data: { ...typed('2026-12-01T09:00:00.000Z'), technicianId: 'tech-1' },
      version: 7,
    });
  return list;
};

/** A drawn signature's strokes, as the pad records them. */
export const SIGNATURE_STROKES = 'M 10 10 L 50 40 L 90 20';
export const signature = (name: string) => ({
  name,
  signedAt: '2026-12-01T09:02:00.000Z',
  strokes: SIGNATURE_STROKES,
});

export function reportSnapshot(
  overrides: Partial<ReportSnapshot['signatures']> = {},
  finished = true,
): ReportSnapshot {
  const visit = reportVisit(visitEvents(finished), A, 7)!;
  return {
    number: 'RI-2026-000001',
    issuedAt: '2026-12-01T09:03:00.000Z',
    shortCode: 'ABCDEFGHJK',
    verificationUrl: 'https://example.fr/verifier/ABCDEFGHJK',
    interventionNumber: 'INT-2026-000001',
    seller: {
      tradeName: 'Hygiène - Anti-nuisibles 27',
      legalName: 'HAN27 SARL',
      siren: '123456789',
      address: { line: '1 rue X', zipCode: '27000', city: 'Évreux' },
      email: 'contact@example.fr',
      phone: '0232000000',
    },
    customer: { name: 'Camille Durand', email: 'camille@example.fr', phone: '0612345678' },
    site: { label: 'Logement', address: { line: '12 rue des Lilas', zipCode: '27400', city: 'Louviers' } },
    technician: {
      technicianId: 'tech-1',
      name: 'Théo Martin',
      certificate: technicianCertificate(visit, 'tech-1'),
    },
    visit,
    signatures: {
      technician: signature('Théo Martin'),
      customer: signature('Camille Durand'),
      customerAbsent: false,
      ...overrides,
    },
  };
}

export const sealReportCommand = (report: ReportSnapshot) => ({
  type: 'SealReport' as const,
  data: {
    number: report.number,
    shortCode: report.shortCode,
    appointmentId: A,
    contentHash: 'c'.repeat(64),
    pdfSha256: 'p'.repeat(64),
    coveredThroughVersion: 7,
    issuedAt: report.issuedAt,
    technician: { ...report.signatures.technician, technicianId: 'tech-1' },
    customer: report.signatures.customer,
    report,
  },
});

/** The `n`-th signed addendum to the sealed report RI-2026-000001. */
export const reportAddendumCommand = (n: number, text = 'Quantité corrigée : 120 g') => ({
  type: 'SealReportAddendum' as const,
  data: {
    reportNumber: 'RI-2026-000001',
    addendum: n,
    text,
    contentHash: 'a'.repeat(64),
    pdfSha256: 'b'.repeat(64),
    coveredThroughVersion: 9,
    issuedAt: '2026-12-02T10:00:00.000Z',
    technician: { ...signature('Théo Martin'), technicianId: 'tech-1' },
    addendumSnapshot: {
      reportNumber: 'RI-2026-000001',
      addendum: n,
      issuedAt: '2026-12-02T10:00:00.000Z',
      shortCode: 'ABCDEFGHJK',
      verificationUrl: 'https://example.fr/verifier/ABCDEFGHJK',
      reportContentHash: 'c'.repeat(64),
      interventionNumber: 'INT-2026-000001',
      sellerName: 'HAN27',
      text,
      technician: { ...signature('Théo Martin'), technicianId: 'tech-1' },
    },
  },
});
