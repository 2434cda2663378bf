import { describe, expect, it } from 'vitest';
import {
  REPORT_APPOINTMENT as A,
  reportAddendumCommand,
  SIGNATURE_STROKES,
  sealReportCommand as sealCommand,
  signature as sig,
  reportSnapshot as snapshot,
  treatment,
  visitEvents,
} from '../../../tests/support/report-snapshot.js';
import { DomainError } from '../errors.js';
import {
  certificateStatus,
  matchingDocument,
  newShortCode,
  normalizeShortCode,
  printedShortCode,
  publicReportView,
  reportVisit,
  SHORT_CODE_ALPHABET,
  strokesProblem,
} from './report.js';
import { decideReport, evolveReport, type ReportFoldState } from './report-decider.js';

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
    expect(strokesProblem(SIGNATURE_STROKES)).toBeNull();
  });
});

describe('addenda', () => {
  const sealed = () => evolveReport(state(), decideReport(sealCommand(snapshot()), state())[0]!);
  const addendum = reportAddendumCommand;
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
