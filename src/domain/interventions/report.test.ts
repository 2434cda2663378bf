import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import {
  certificateStatus,
  matchingDocument,
  newShortCode,
  normalizeShortCode,
  printedShortCode,
  publicReportView,
  type ReportSnapshot,
  reportVisit,
  SHORT_CODE_ALPHABET,
  strokesProblem,
  technicianCertificate,
} from './report.js';
import { decideReport, evolveReport, type ReportFoldState } from './report-decider.js';

const A = 'appt-1';
const typed = (at: string, appointmentId = A) => ({ clientEventId: `c-${at}`, appointmentId, at });
const applicator = (expiresOn: string) => ({
  technicianId: 'tech-1',
  name: 'Théo Martin',
  certificate: { number: 'CB-123', category: 'Nuisibles', expiresOn },
});
const treatment = (at: string, expiresOn = '2030-01-01') => ({
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

const visitEvents = (finished = true) => {
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

const pad = 'M 10 10 L 50 40 L 90 20';
const sig = (name: string) => ({ name, signedAt: '2026-12-01T09:02:00.000Z', strokes: pad });

function snapshot(overrides: Partial<ReportSnapshot['signatures']> = {}, finished = true): ReportSnapshot {
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
      technician: sig('Théo Martin'),
      customer: sig('Camille Durand'),
      customerAbsent: false,
      ...overrides,
    },
  };
}

const sealCommand = (report: ReportSnapshot) => ({
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

const state = (): ReportFoldState => ({ appointments: [{ id: A }], reports: [] });
const codeOf = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};

describe('the visit a report states, from the events', () => {
  it('reads its appointment’s events up to the version, with times, observations, treatments, remarks', () => {
    const v = reportVisit(visitEvents(), A, 7)!;
    expect(v.day).toBe('2026-12-01');
    expect(v.arrivedAt).toBe('2026-12-01T08:05:00.000Z');
    expect(v.finishedAt).toBe('2026-12-01T09:00:00.000Z');
    expect(v.observations).toEqual([
      expect.objectContaining({ pest: 'Rats', level: 'forte', photoIds: ['img1'] }),
    ]);
    expect(v.treatments[0]).toMatchObject({ ammNumber: 'FR-2020-0001', quantity: 150, unit: 'g' });
    expect(v.customerRemarks).toEqual(['Merci']);
    // Up to version 6: not finished yet.
    expect(reportVisit(visitEvents(), A, 6)!.finishedAt).toBeNull();
    expect(reportVisit(visitEvents(), 'nobody', 7)).toBeNull();
  });
  it('gives the applicator’s certificate status on the treatment’s Paris day', () => {
    expect(certificateStatus('2026-12-01', '2026-12-01')).toBe('valid');
    expect(certificateStatus('2026-11-30', '2026-12-01')).toBe('expired');
    // 23:30 UTC on 30 November is 1 December in Paris: a certificate ending on the 30th has expired.
    const late = reportVisit([{ ...treatment('2026-11-30T23:30:00.000Z', '2026-11-30'), version: 2 }], A, 2)!;
    expect(late.treatments[0]!.applicator.certificate!.status).toBe('expired');
  });
});

describe('sealing a report', () => {
  it('seals a finished visit signed by both', () => {
    const events = decideReport(sealCommand(snapshot()), state());
    expect(events.map((e) => e.type)).toEqual(['ReportSealed']);
    const after = evolveReport(state(), events[0]!);
    expect(after.reports).toEqual([expect.objectContaining({ number: 'RI-2026-000001', appointmentId: A })]);
  });
  it('refuses before « Terminé »', () => {
    expect(codeOf(() => decideReport(sealCommand(snapshot({}, false)), state()))).toBe(
      'REPORT_VISIT_NOT_FINISHED',
    );
  });
  it('seals once per appointment: a second report is refused (corrections are addenda)', () => {
    const sealed = evolveReport(state(), decideReport(sealCommand(snapshot()), state())[0]!);
    expect(codeOf(() => decideReport(sealCommand(snapshot()), sealed))).toBe('REPORT_ALREADY_SEALED');
  });
  it('« client absent » is an explicit choice: no signature and no choice is refused, both is refused', () => {
    expect(codeOf(() => decideReport(sealCommand(snapshot({ customer: null })), state()))).toBe(
      'CUSTOMER_SIGNATURE_REQUIRED',
    );
    expect(codeOf(() => decideReport(sealCommand(snapshot({ customerAbsent: true })), state()))).toBe(
      'CUSTOMER_SIGNATURE_AND_ABSENT',
    );
    expect(
      codeOf(() => decideReport(sealCommand(snapshot({ customer: null, customerAbsent: true })), state())),
    ).toBe('ok');
  });
  it('refuses a blank or foreign signature', () => {
    const blank = { ...sig('Camille Durand'), strokes: '' };
    expect(codeOf(() => decideReport(sealCommand(snapshot({ customer: blank })), state()))).toBe(
      'CUSTOMER_SIGNATURE_REQUIRED',
    );
    const tech = { ...sig('Théo Martin'), strokes: 'M 1 1' };
    expect(codeOf(() => decideReport(sealCommand(snapshot({ technician: tech })), state()))).toBe(
      'TECHNICIAN_SIGNATURE_REQUIRED',
    );
    const script = { ...sig('X'), strokes: 'M 1 1 L 2 2"/><script>' };
    expect(codeOf(() => decideReport(sealCommand(snapshot({ customer: script })), state()))).toBe(
      'SIGNATURE_INVALID',
    );
    expect(strokesProblem(pad)).toBeNull();
  });
});

describe('addenda', () => {
  const sealed = () => evolveReport(state(), decideReport(sealCommand(snapshot()), state())[0]!);
  const addendum = (n: number, text = 'Quantité corrigée : 120 g') => ({
    type: 'SealReportAddendum' as const,
    data: {
      reportNumber: 'RI-2026-000001',
      addendum: n,
      text,
      contentHash: 'a'.repeat(64),
      pdfSha256: 'b'.repeat(64),
      coveredThroughVersion: 9,
      issuedAt: '2026-12-02T10:00:00.000Z',
      technician: { ...sig('Théo Martin'), technicianId: 'tech-1' },
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
        technician: { ...sig('Théo Martin'), technicianId: 'tech-1' },
      },
    },
  });
  it('numbers signed addenda 1, 2… on a sealed report', () => {
    const one = evolveReport(sealed(), decideReport(addendum(1), sealed())[0]!);
    expect(one.reports[0]!.addenda.map((a) => a.addendum)).toEqual([1]);
    expect(codeOf(() => decideReport(addendum(1), one))).toBe('ADDENDUM_OUT_OF_ORDER');
    expect(codeOf(() => decideReport(addendum(2), one))).toBe('ok');
  });
  it('refuses an addendum to no report, or with no text', () => {
    expect(codeOf(() => decideReport(addendum(1), state()))).toBe('REPORT_NOT_FOUND');
    expect(codeOf(() => decideReport(addendum(1, '  '), sealed()))).toBe('ADDENDUM_EMPTY');
  });
});

describe('short code and public view', () => {
  it('draws from the unambiguous alphabet and reads typed forms back', () => {
    const code = newShortCode((n) => (n * 7) % n);
    expect(code).toHaveLength(10);
    for (const c of 'O0I1L') expect(SHORT_CODE_ALPHABET).not.toContain(c);
    expect(normalizeShortCode(printedShortCode('ABCDEFGHJK').toLowerCase())).toBe('ABCDEFGHJK');
    expect(normalizeShortCode('ABCDEFGHJO')).toBeNull();
    expect(normalizeShortCode('ABC')).toBeNull();
  });
  it('shows the town, products with AMM and certificate status, and no personal data', () => {
    const view = publicReportView(snapshot(), { contentHash: 'c', pdfSha256: 'p' }, []);
    expect(view.town).toBe('Louviers');
    expect(view.products).toEqual([expect.objectContaining({ ammNumber: 'FR-2020-0001' })]);
    expect(view.applicators).toEqual([{ status: 'valid', category: 'Nuisibles', expiresOn: '2030-01-01' }]);
    const text = JSON.stringify(view);
    for (const personal of ['Camille', 'Durand', 'Lilas', 'Théo', 'camille@', '0612345678', 'CB-123'])
      expect(text).not.toContain(personal);
  });
  it('tells whether a PDF in hand is the sealed report, one of its addenda, or neither', () => {
    const sealed = 'a'.repeat(64);
    const correction = 'c'.repeat(64);
    const view = publicReportView(snapshot(), { contentHash: 'h', pdfSha256: sealed }, [
      { addendum: 1, issuedAt: '2026-11-03T10:00:00.000Z', pdfSha256: correction },
    ]);
    // A hash pasted in capitals, with spaces around it, is the same hash.
    expect(matchingDocument(view, ` ${sealed.toUpperCase()} `)).toBe(`le rapport ${view.number}`);
    expect(matchingDocument(view, correction)).toBe(`l’additif n° 1 au rapport ${view.number}`);
    // One character changed: an edited file matches nothing.
    expect(matchingDocument(view, `b${sealed.slice(1)}`)).toBeNull();
    expect(matchingDocument(view, '')).toBeNull();
  });
});

describe('sealing the report of a site’s visit (issue 38, ADR 043)', () => {
  const devices = [
    { id: 'd1', label: 'PA-01' },
    { id: 'd7', label: 'PA-07' },
    { id: 'd11', label: 'PA-11' },
  ];
  const checked = (...ids: (string | null)[]): ReportFoldState => ({
    ...state(),
    visits: [{ appointmentId: A, deviceChecks: ids.map((deviceId) => ({ deviceId })) }],
  });
  const seal = (s: ReportFoldState) => {
    try {
      decideReport({ ...sealCommand(snapshot()), siteDevices: devices }, s);
      return 'ok';
    } catch (e) {
      return e instanceof DomainError ? `${e.code}: ${e.message}` : String(e);
    }
  };
  it('refuses while a device of the site has no check in the visit, listing their labels', () => {
    expect(seal(checked('d1', null))).toBe(
      'DEVICES_UNCHECKED: Dispositifs non contrôlés : PA-07, PA-11. Contrôlez-les, ou indiquez « Inaccessible » avec la raison, avant de sceller le rapport.',
    );
    expect(seal(checked('d1', 'd7'))).toMatch(/^DEVICES_UNCHECKED: Dispositif non contrôlé : PA-11\./);
  });
  it('counts only this visit’s checks', () => {
    const other: ReportFoldState = {
      ...state(),
      visits: [{ appointmentId: 'appt-2', deviceChecks: devices.map((d) => ({ deviceId: d.id })) }],
    };
    expect(seal(other)).toMatch(/^DEVICES_UNCHECKED: Dispositifs non contrôlés : PA-01, PA-07, PA-11\./);
  });
  it('seals once every device has a check (an inaccessible one included), and without a site as before', () => {
    expect(seal(checked('d11', 'd7', 'd1'))).toBe('ok');
    expect(codeOf(() => decideReport(sealCommand(snapshot()), checked()))).toBe('ok');
  });
});
