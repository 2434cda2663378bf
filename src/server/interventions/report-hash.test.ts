/**
 * Reports sealed before a field was added must still verify: their canonical content (and so
 * their content hash) is recomputed by today's code from the events. A visit without device checks
 * must give the same snapshot, byte for byte, as before device checks existed (ADR 037).
 */
import { describe, expect, it } from 'vitest';
import { type ReportSnapshot, reportVisit } from '../../domain/interventions/report.js';
import { canonicalJson } from '../orders/canonical.js';
import { reportContentHash } from './reports.js';

const A = 'appt-1';
const typed = (at: string) => ({ clientEventId: `c-${at}`, appointmentId: A, at });
const events = [
  { type: 'VisitDeparted', data: { ...typed('2026-12-01T07:40:00.000Z'), technicianId: 't1' }, version: 2 },
  { type: 'VisitArrived', data: { ...typed('2026-12-01T08:05:00.000Z'), technicianId: 't1' }, version: 3 },
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
    version: 4,
  },
  {
    type: 'TreatmentRecorded',
    data: {
      ...typed('2026-12-01T08:30:00.000Z'),
      productId: 'p1',
      productTitle: 'Raticide pâte',
      ammNumber: 'FR-2020-0001',
      biocideType: 'TP14',
      professionalOnly: true,
      certibiocideCategory: 'nuisibles',
      quantity: 150,
      unit: 'g',
      method: 'Postes d’appâtage',
      zone: 'Cave',
      target: 'Rats',
      applicator: {
        technicianId: 't1',
        name: 'Théo Martin',
        certificate: { number: 'CB-1', category: 'nuisibles', expiresOn: '2030-01-01' },
      },
      rodenticide: { species: 'rats' },
    },
    version: 5,
  },
  {
    type: 'SafetyAdviceGiven',
    data: {
      ...typed('2026-12-01T08:35:00.000Z'),
      reentryDelayHours: 12,
      ventilation: 'Aérer',
      antidote: 'K1',
      productId: 'p1',
    },
    version: 6,
  },
  {
    type: 'RecommendationAdded',
    data: { ...typed('2026-12-01T08:36:00.000Z'), libraryId: null, text: 'Boucher' },
    version: 7,
  },
  { type: 'CustomerRemarkAdded', data: { ...typed('2026-12-01T08:37:00.000Z'), text: 'Merci' }, version: 8 },
  { type: 'VisitFinished', data: { ...typed('2026-12-01T09:00:00.000Z'), technicianId: 't1' }, version: 9 },
];

const sig = (name: string) => ({ name, signedAt: '2026-12-01T09:02:00.000Z', strokes: 'M 10 10 L 50 40' });
const snapshot = (): ReportSnapshot => ({
  number: 'RI-2026-000001',
  issuedAt: '2026-12-01T09:03:00.000Z',
  shortCode: 'ABCDEFGHJK',
  verificationUrl: 'https://example.fr/verifier/ABCDEFGHJK',
  interventionNumber: 'INT-2026-000001',
  seller: {
    tradeName: 'Anti-nuisibles 27',
    legalName: 'HAN27 SARL',
    siren: '123456789',
    address: { line: '1 rue X', zipCode: '27000', city: 'Évreux' },
    email: 'contact@example.fr',
    phone: '0232000000',
  },
  customer: { name: 'Camille Durand', email: 'camille@example.fr', phone: '0612345678' },
  site: { label: 'Logement', address: { line: '12 rue des Lilas', zipCode: '27400', city: 'Louviers' } },
  technician: { technicianId: 't1', name: 'Théo Martin', certificate: null },
  visit: reportVisit(events, A, 9)!,
  signatures: { technician: sig('Théo Martin'), customer: sig('Camille Durand'), customerAbsent: false },
});

describe('the content hash of a report without device checks', () => {
  it('is the one reports sealed before device checks carry (pinned)', () => {
    const s = snapshot();
    expect(canonicalJson(s.visit)).not.toContain('device');
    expect(reportContentHash(s)).toBe('5b3be8edf1bd62847079a4cdcc1f67914b950f00b5a37b9000eec41c2ccc3cf2');
  });
});
