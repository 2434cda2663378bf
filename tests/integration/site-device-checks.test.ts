/**
 * A site's devices in the visit (issue 38, ADR 043) on real PostgreSQL, through the commands the
 * phone and the sealing screen run: checks name the site's device (label and kind from
 * site_devices, whatever the phone sends), a device of another site or an unknown code is refused,
 * the report is not sealed while a device is unchecked (the refusal lists it), « inaccessible »
 * needs its reason, the device_checks projection is written in the append and the replay gives the
 * same rows; the QR scan finds the visit on site.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import { locateDevice } from '../../src/server/interventions/device-checks.js';
import { replayInterventions } from '../../src/server/interventions/replay.js';
import { insertSite, type TestSite } from '../support/sites.js';
import { recordedVisit, sealVisit } from '../support/treatments.js';
import { countEvents, ownerIntervention, sendDeviceCheck, visitTestsForFile } from '../support/visits.js';

const KEY = 'audit-test-key-0123456789';
const suite = visitTestsForFile();

const intervention = (siteId: string | null) => ownerIntervention(suite.db.sql, siteId);

const minutesAfter = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** One device check as the phone sends it (the label and kind it shows: the server reads its own). */
const checkAction = (device: string, minutes: number, over: Record<string, unknown> = {}) =>
  ({
    type: 'RecordDeviceCheck',
    device,
    label: 'FAUX',
    kind: 'plaque_glu',
    state: 'intact',
    minutes,
    ...over,
  }) as const;

/** A check as the phone sends it, with a label of its own: the server names the device itself. */
const sendCheck = (
  interventionId: string,
  appointmentId: string,
  at: string,
  fields: Record<string, unknown>,
) =>
  sendDeviceCheck(
    suite.db.sql,
    suite.technician,
    { interventionId, appointmentId, at },
    { label: 'FAUX', ...fields },
  );

describe('a visit at a site with 12 devices', () => {
  let site: TestSite;
  let interventionId: string;
  let appointmentId: string;
  const arrivedAt = '2026-11-10T08:00:00.000Z';
  const sealAt = minutesAfter(arrivedAt, 70);

  beforeAll(async () => {
    site = await insertSite(suite.db.sql, { devices: 12 });
    interventionId = await intervention(site.id);
  });

  it('records 11 checks named by the site’s devices (label and kind from site_devices)', async () => {
    const [first, second, ...rest] = site.devices.slice(0, 11);
    ({ appointmentId } = await recordedVisit(suite.field, {
      interventionId,
      technician: suite.technician,
      arrivedAt,
      actions: [
        // By id (the checklist) and by the label's code (the QR), the code typed in lower case.
        checkAction(first!.id, 2, { state: 'consomme', consumptionPercent: 40 }),
        checkAction(second!.code.toLowerCase(), 3, { captures: 2 }),
        ...rest.map((d, i) => checkAction(d.id, 4 + i)),
      ],
    }));
    const events = await suite.db.sql<{ data: { deviceId: string; label: string; kind: string } }[]>`
      select data from events where stream_id = ${interventionId} and type = 'DeviceChecked' order by version`;
    expect(events.map((e) => e.data.label)).toEqual(site.devices.slice(0, 11).map((d) => d.label));
    expect(new Set(events.map((e) => e.data.kind))).toEqual(new Set(['poste_appatage']));
    expect(events[1]!.data.deviceId).toBe(second!.id);
  });

  it('refuses a device of another site and an unknown code, writing nothing', async () => {
    const other = await insertSite(suite.db.sql, { devices: 1, name: 'Boulangerie du Marché' });
    const before = await countEvents(suite.db.sql, interventionId);
    const at = minutesAfter(arrivedAt, 20);
    await expect(
      sendCheck(interventionId, appointmentId, at, { device: other.devices[0]!.code }),
    ).rejects.toMatchObject({
      code: 'DEVICE_OTHER_SITE',
      message: 'Ce dispositif appartient à un autre site : il ne peut pas être contrôlé dans cette visite.',
    });
    await expect(sendCheck(interventionId, appointmentId, at, { device: 'ZZZZZZZZ' })).rejects.toMatchObject({
      code: 'DEVICE_UNKNOWN',
    });
    // An intervention without a site takes free labels only.
    const free = await intervention(null);
    const { appointmentId: freeVisit } = await recordedVisit(suite.field, {
      interventionId: free,
      technician: suite.technician,
      arrivedAt: minutesAfter(arrivedAt, 24 * 60),
      finishMinutes: null,
    });
    await expect(
      sendCheck(free, freeVisit, minutesAfter(arrivedAt, 24 * 60 + 5), { device: site.devices[0]!.id }),
    ).rejects.toMatchObject({ code: 'DEVICE_NO_SITE' });
    expect(await countEvents(suite.db.sql, interventionId)).toBe(before);
  });

  it('finds the visit on site from the QR code', async () => {
    const found = await locateDevice(
      suite.db.sql,
      { id: suite.technician.id, role: 'technician' },
      site.devices[11]!.code,
    );
    expect(found).toMatchObject({ interventionId, appointmentId, device: { label: 'PA-12' } });
    await expect(
      locateDevice(suite.db.sql, { id: 'someone-else', role: 'technician' }, site.devices[11]!.code),
    ).rejects.toMatchObject({ code: 'DEVICE_NO_VISIT_ON_SITE' });
    await expect(
      locateDevice(suite.db.sql, { id: suite.technician.id, role: 'technician' }, 'ABC'),
    ).rejects.toMatchObject({
      code: 'DEVICE_UNKNOWN',
    });
  });

  it('refuses the seal while PA-12 is unchecked, listing it, and writes nothing', async () => {
    const before = await countEvents(suite.db.sql, interventionId);
    await expect(
      sealVisit(suite.field, { interventionId, technician: suite.technician, appointmentId, at: sealAt }),
    ).rejects.toMatchObject({
      code: 'DEVICES_UNCHECKED',
      message:
        'Dispositif non contrôlé : PA-12. Contrôlez-le, ou indiquez « Inaccessible » avec la raison, avant de sceller le rapport.',
    });
    expect(await countEvents(suite.db.sql, interventionId)).toBe(before);
    const [documents] = await suite.db.sql<{ n: string }[]>`
      select count(*) as n from report_documents where intervention_id = ${interventionId}`;
    expect(Number(documents!.n)).toBe(0);
  });

  it('after « Terminé », PA-12 inaccessible needs a reason; with it the report is sealed', async () => {
    const twelfth = site.devices[11]!;
    const at = minutesAfter(arrivedAt, 65);
    await expect(
      sendCheck(interventionId, appointmentId, at, { device: twelfth.id, state: 'inaccessible', reason: '' }),
    ).rejects.toMatchObject({ code: 'DEVICE_REASON_REQUIRED' });
    await sendCheck(interventionId, appointmentId, at, {
      device: twelfth.id,
      state: 'inaccessible',
      reason: 'Chambre froide fermée à clé',
    });
    const sealed = await sealVisit(suite.field, {
      interventionId,
      technician: suite.technician,
      appointmentId,
      at: sealAt,
    });
    expect(sealed.number).toMatch(/^RI-2026-/);
    // Sealed: the visit takes no more checks, and the QR finds no visit on site any more.
    await expect(
      sendCheck(interventionId, appointmentId, minutesAfter(sealAt, 1), { device: twelfth.id }),
    ).rejects.toMatchObject({ code: 'VISIT_FINISHED' });
    await expect(
      locateDevice(suite.db.sql, { id: suite.technician.id, role: 'technician' }, twelfth.code),
    ).rejects.toMatchObject({ code: 'DEVICE_NO_VISIT_ON_SITE' });
    expect((await verifyDatabase(suite.db.sql, KEY)).ok).toBe(true);
  });

  it('projects the 12 checks into device_checks, and the replay rebuilds the same rows', async () => {
    const read = () => suite.db.sql<Record<string, unknown>[]>`
      select intervention_id, version, site_id, device_id, checked_at, state, consumption_percent, captures
        from device_checks where intervention_id = ${interventionId} order by version`;
    const live = await read();
    expect(live).toHaveLength(12);
    expect(live[0]).toMatchObject({
      siteId: site.id,
      deviceId: site.devices[0]!.id,
      state: 'consomme',
      consumptionPercent: 40,
    });
    expect(live[1]).toMatchObject({ captures: 2 });
    expect(live[11]).toMatchObject({ deviceId: site.devices[11]!.id, state: 'inaccessible' });
    expect((await replayInterventions(suite.db.sql)).differences).toEqual([]);
    // Lost rows and a wrong one: the replay reports them and, applied, writes the live append's rows back.
    await suite.db
      .sql`delete from device_checks where intervention_id = ${interventionId} and version = ${live[3]!.version as number}`;
    await suite.db
      .sql`update device_checks set captures = 99 where intervention_id = ${interventionId} and version = ${live[0]!.version as number}`;
    const found = await replayInterventions(suite.db.sql);
    expect(
      found.differences
        .filter((d) => d.table === 'device_checks')
        .map((d) => d.kind)
        .sort(),
    ).toEqual(['changed', 'missing']);
    await replayInterventions(suite.db.sql, { apply: true });
    expect(await read()).toEqual(live);
  });
});
