/**
 * A visit's treatments and a sealed report as events, for the register's tests (integration and
 * e2e). FIXTURE (issue 37, until the visit and report commands land): these are appended through
 * the one append path without their deciders; the lead switches them to the commands at merge.
 */
import type { InterventionEvent } from '../../src/domain/interventions/events.js';
import { sealedReportEvent } from './sealed-report.js';

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
