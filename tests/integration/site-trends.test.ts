/**
 * A site's trends (issue 38 point 5, ADR 043) on real PostgreSQL: checks recorded through the
 * visit's commands (projected into device_checks by the append), read per Paris month by
 * readSiteTrends and by the admins' procedure `siteActivity.trends`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { readSiteTrends } from '../../src/server/sites/trends.js';
import { requestFields } from '../support/interventions.js';
import { insertSite, type TestSite } from '../support/sites.js';
import { recordedVisit, type TimedAction } from '../support/treatments.js';
import { visitTestsForFile } from '../support/visits.js';

const suite = visitTestsForFile();
let site: TestSite;

beforeAll(async () => {
  site = await insertSite(suite.db.sql, { devices: 2 });
});

/** One visit of the site: PA-01 consumed at `percent`, PA-02 as given. */
async function visit(n: number, arrivedAt: string, percent: number, second: Partial<TimedAction> = {}) {
  const { state } = await openIntervention(suite.db.sql, requestFields(n), {
    meta: {
      actor: { kind: 'admin', userId: 'owner' },
      at: '2026-01-02T09:00:00.000Z',
      requestId: `open-${n}`,
    },
    source: 'contract',
    customerId: null,
    siteId: site.id,
  });
  await recordedVisit(suite.field, {
    interventionId: state!.id,
    technician: suite.technician,
    arrivedAt,
    actions: [
      {
        type: 'RecordDeviceCheck',
        device: site.devices[0]!.id,
        label: 'x',
        kind: 'poste_appatage',
        state: percent === 0 ? 'intact' : 'consomme',
        consumptionPercent: percent === 0 ? null : percent,
        captures: 1,
        minutes: 5,
      },
      {
        type: 'RecordDeviceCheck',
        device: site.devices[1]!.id,
        label: 'x',
        kind: 'poste_appatage',
        state: 'intact',
        minutes: 6,
        ...second,
      } as TimedAction,
    ],
  });
}

describe('a site’s device trends', () => {
  it('sums per Paris month, per device and in total, and warns of a rising consumption', async () => {
    // 23:30 UTC on 31 January is 1 February in Paris: that visit counts in February.
    await visit(1, '2026-01-12T09:00:00.000Z', 0);
    await visit(2, '2026-01-31T23:30:00.000Z', 20, { state: 'manquant' });
    await visit(3, '2026-03-10T09:00:00.000Z', 40, { state: 'remplace', captures: 3 });
    await visit(4, '2026-04-10T08:00:00.000Z', 60);
    const t = await readSiteTrends(suite.db.sql, site.id, {
      months: 5,
      now: new Date('2026-05-20T10:00:00Z'),
    });
    expect(t.months).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);
    expect(t.total).toEqual([
      { month: '2026-01', checks: 2, meanConsumption: 0, captures: 1, missing: 0, replaced: 0 },
      { month: '2026-02', checks: 2, meanConsumption: 20, captures: 1, missing: 1, replaced: 0 },
      { month: '2026-03', checks: 2, meanConsumption: 40, captures: 4, missing: 0, replaced: 1 },
      { month: '2026-04', checks: 2, meanConsumption: 30, captures: 1, missing: 0, replaced: 0 },
      { month: '2026-05', checks: 0, meanConsumption: null, captures: 0, missing: 0, replaced: 0 },
    ]);
    const [pa01, pa02] = t.devices;
    expect(pa01).toMatchObject({ label: 'PA-01', rising: true });
    expect(pa01!.months.map((m) => m.meanConsumption)).toEqual([0, 20, 40, 60, null]);
    expect(pa02).toMatchObject({ label: 'PA-02', rising: false });
    expect(t.rising).toBe(false);
    // A shorter period leaves the older months out.
    const short = await readSiteTrends(suite.db.sql, site.id, {
      months: 2,
      now: new Date('2026-04-30T10:00:00Z'),
    });
    expect(short.total.map((m) => [m.month, m.checks])).toEqual([
      ['2026-03', 2],
      ['2026-04', 2],
    ]);
  });

  it('answers « Site introuvable. » for an unknown site', async () => {
    await expect(readSiteTrends(suite.db.sql, crypto.randomUUID())).rejects.toMatchObject({
      code: 'SITE_NOT_FOUND',
    });
  });
});
