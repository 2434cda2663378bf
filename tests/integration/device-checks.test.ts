/**
 * Device checks (ADR 037, « Contrôle des dispositifs ») on real PostgreSQL: recorded through
 * `recordVisit` as the technician's phone sends them (tests/support/treatments.ts), refused when a
 * rule is broken (nothing written), then sealed into the report, whose PDF lists them; the log and
 * the sealed report still verify.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { visitInputSchema } from '../../src/domain/interventions/visit-input.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import { recordedVisit, sealedVisit } from '../support/treatments.js';
import { countEvents, ownerIntervention, sendDeviceCheck, visitTestsForFile } from '../support/visits.js';

const KEY = 'audit-test-key-0123456789';
const suite = visitTestsForFile();

const intervention = () => ownerIntervention(suite.db.sql);

const pdfText = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'devices-')), 'r.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('device checks during the visit', () => {
  it('refuses a check that breaks a rule, and writes nothing', async () => {
    const interventionId = await intervention();
    const { appointmentId } = await recordedVisit(suite.field, {
      interventionId,
      technician: suite.technician,
      arrivedAt: '2026-11-04T08:00:00.000Z',
      finishMinutes: null,
    });
    const before = await countEvents(suite.db.sql, interventionId);
    const at = '2026-11-04T08:10:00.000Z';
    const send = (fields: Record<string, unknown>) =>
      sendDeviceCheck(suite.db.sql, suite.technician, { interventionId, appointmentId, at }, fields);
    await expect(send({ state: 'inaccessible' })).rejects.toMatchObject({ code: 'DEVICE_REASON_REQUIRED' });
    await expect(send({ state: 'intact', consumptionPercent: 30 })).rejects.toMatchObject({
      code: 'DEVICE_CONSUMPTION_UNEXPECTED',
    });
    expect(() =>
      visitInputSchema.parse({
        type: 'RecordDeviceCheck',
        interventionId,
        appointmentId,
        clientEventId: crypto.randomUUID(),
        at,
        label: 'P3',
        kind: 'plaque_glu',
        state: 'consomme',
        consumptionPercent: 120,
      }),
    ).toThrow('La consommation va de 0 à 100 %.');
    expect(
      visitInputSchema.safeParse({
        type: 'RecordDeviceCheck',
        interventionId,
        appointmentId,
        clientEventId: crypto.randomUUID(),
        at,
        label: 'P3',
        kind: 'plaque_glu',
        state: 'inaccessible',
      }).error?.issues[0],
    ).toMatchObject({ path: ['reason'], message: 'Indiquez pourquoi il est inaccessible.' });
    expect(await countEvents(suite.db.sql, interventionId)).toBe(before);
  });

  it('seals the checks into the report: « Contrôle des dispositifs » in the PDF, the log verifies', async () => {
    const interventionId = await intervention();
    const { number } = await sealedVisit(suite.field, {
      interventionId,
      technician: suite.technician,
      arrivedAt: '2026-11-05T08:00:00.000Z',
      actions: [
        {
          type: 'RecordDeviceCheck',
          label: 'P12',
          kind: 'poste_appatage',
          state: 'consomme',
          consumptionPercent: 40,
          minutes: 5,
        },
        {
          type: 'RecordDeviceCheck',
          label: 'G2',
          kind: 'plaque_glu',
          state: 'remplace',
          captures: 3,
          note: 'Plaque saturée',
          minutes: 8,
        },
        {
          type: 'RecordDeviceCheck',
          label: 'D1',
          kind: 'desinsectiseur',
          state: 'inaccessible',
          reason: 'Cuisine fermée',
          minutes: 10,
        },
      ],
    });
    const [doc] = await suite.db.sql<
      { pdf: Buffer }[]
    >`select pdf from report_documents where number = ${number}`;
    const text = pdfText(doc!.pdf);
    expect(text).toContain('Contrôle des dispositifs');
    expect(text).toMatch(/P12\s+Poste d’appâtage\s+Consommé \(40 %\)/);
    expect(text).toMatch(/G2\s+Plaque de glu\s+Remplacé\s+3\s+Plaque saturée/);
    expect(text).toMatch(/D1\s+Désinsectiseur\s+Inaccessible : Cuisine fermée/);
    const [sealed] = await suite.db.sql<{ data: { report: { visit: Record<string, unknown> } } }[]>`
      select data from events where stream_id = ${interventionId} and type = 'ReportSealed'`;
    expect(sealed!.data.report.visit.deviceChecks).toHaveLength(3);
    expect((await verifyDatabase(suite.db.sql, KEY)).ok).toBe(true);
  });

  it('leaves no « deviceChecks » in a report whose visit checked none', async () => {
    const interventionId = await intervention();
    const { number } = await sealedVisit(suite.field, {
      interventionId,
      technician: suite.technician,
      arrivedAt: '2026-11-06T08:00:00.000Z',
      actions: [{ type: 'AddCustomerRemark', text: 'Rien à signaler', minutes: 5 }],
    });
    const [sealed] = await suite.db.sql<{ data: { report: { visit: Record<string, unknown> } } }[]>`
      select data from events where stream_id = ${interventionId} and type = 'ReportSealed'`;
    expect(Object.hasOwn(sealed!.data.report.visit, 'deviceChecks')).toBe(false);
    const [doc] = await suite.db.sql<
      { pdf: Buffer }[]
    >`select pdf from report_documents where number = ${number}`;
    expect(pdfText(doc!.pdf)).not.toContain('Contrôle des dispositifs');
    expect((await verifyDatabase(suite.db.sql, KEY)).ok).toBe(true);
  });
});
