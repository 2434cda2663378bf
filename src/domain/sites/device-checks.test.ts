import { describe, expect, it } from 'vitest';
import { deviceCheckRow, uncheckedDevices } from './device-checks.js';

const check = {
  deviceId: 'd1',
  at: '2026-11-02T08:20:00.000Z',
  state: 'consomme',
  kind: 'poste_appatage',
  consumptionPercent: 30,
  captures: null,
} as const;

describe('device checks of a site', () => {
  it('lists the devices without a check, in the site’s order', () => {
    const devices = [
      { id: 'd1', label: 'PA-01' },
      { id: 'd2', label: 'PA-02' },
      { id: 'd3', label: 'PA-03' },
    ];
    expect(uncheckedDevices(devices, [{ deviceId: 'd2' }, { deviceId: null }])).toEqual([
      devices[0],
      devices[2],
    ]);
    expect(
      uncheckedDevices(
        devices,
        devices.map((d) => ({ deviceId: d.id })),
      ),
    ).toEqual([]);
  });
  it('projects a check of a site’s device, and nothing for a free label or an intervention without site', () => {
    expect(deviceCheckRow('i1', 's1', 7, check)).toEqual({
      intervention_id: 'i1',
      version: 7,
      site_id: 's1',
      device_id: 'd1',
      checked_at: check.at,
      state: 'consomme',
      consumption_percent: 30,
      captures: null,
    });
    expect(deviceCheckRow('i1', 's1', 7, { ...check, deviceId: null })).toBeNull();
    expect(deviceCheckRow('i1', null, 7, check)).toBeNull();
  });
});
