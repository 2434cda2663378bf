/**
 * FIXTURE of the e2e register spec only: a visit's TreatmentRecorded events and a ReportSealed
 * (the whole snapshot and its content hash, as sealReport writes it, without its PDF) appended
 * through the one append path without their deciders (tests/e2e/support/history.ts). The
 * integration tests record and seal through the real commands (tests/support/treatments.ts);
 * switching this spec too needs an e2e run (technicians and catalogue biocides in the e2e shop).
 */
import type { InterventionEvent } from '../../../src/domain/interventions/events';
import type { ReportSnapshot, ReportVisit } from '../../../src/domain/interventions/report';
import { reportContentHash } from '../../../src/server/interventions/reports';

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
function sealedReportEvent(input: SealedReportInput, pdfSha256 = 'b'.repeat(64)) {
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

export const certificate = { number: 'CB-27-0042', category: 'nuisibles', expiresOn: '2027-06-30' };
export const theo = { technicianId: 'tech-theo', name: 'Théo Martin', certificate };
export const ines = {
  technicianId: 'tech-ines',
  name: 'Inès Roux',
  certificate: { number: 'CB-27-0007', category: 'nuisibles', expiresOn: '2026-03-31' },
};

export type Treatment = Extract<InterventionEvent, { type: 'TreatmentRecorded' }>;
export const treatment = (over: Partial<Treatment['data']> = {}): Treatment => ({
  type: 'TreatmentRecorded',
  data: {
    clientEventId: crypto.randomUUID(),
    appointmentId: 'appt-1',
    // 23:30 UTC on 14 April is 15 April in Paris (summer time): the register's day is Paris'.
    at: '2026-04-14T23:30:00.000Z',
    productId: 'prod-brodifacoum',
    productTitle: 'Pâte raticide brodifacoum 25 ppm',
    ammNumber: 'FR-2019-0042',
    biocideType: 'TP14',
    professionalOnly: true,
    certibiocideCategory: 'nuisibles',
    quantity: 1.5,
    unit: 'kg',
    method: 'Boîtes d’appâtage sécurisées',
    zone: 'Grenier',
    target: 'Rats bruns',
    applicator: theo,
    rodenticide: { species: 'rats' },
    ...over,
  },
});
export const sealed = (number: string, coveredThroughVersion: number): InterventionEvent =>
  sealedReportEvent({
    number,
    appointmentId: 'appt-1',
    coveredThroughVersion,
    interventionNumber: 'INT-2026-000001',
    technician: { technicianId: theo.technicianId, name: theo.name },
    visit: null,
    issuedAt: '2026-04-15T08:00:00.000Z',
  }).event;
