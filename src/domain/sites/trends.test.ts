import { describe, expect, it } from 'vitest';
import { frenchMonth, frenchShortMonth } from '../site/dates.js';
import {
  type MonthFigures,
  monthRange,
  monthsBefore,
  RISE_ABOVE_MEAN,
  risingConsumption,
  siteTrends,
  trendChart,
} from './trends.js';

const series = (...values: (number | null)[]): MonthFigures[] =>
  values.map((v, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    checks: v === null ? 0 : 1,
    meanConsumption: v,
    captures: 0,
    missing: 0,
    replaced: 0,
  }));

describe('a site’s trends', () => {
  it('counts months in the calendar, across years', () => {
    expect(monthRange('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBefore('2026-02', 4)).toBe('2025-11');
    expect(monthsBefore('2026-12', 12)).toBe('2026-01');
    expect(frenchMonth('2026-03')).toBe('mars 2026');
    expect(frenchShortMonth('2026-01')).toBe('janv. 26');
  });

  it('warns after three monthly rises in a row, and not when a month breaks the run', () => {
    expect(risingConsumption(series(10, 20, 30, 40))).toBe(true);
    expect(risingConsumption(series(10, 20, 30))).toBe(false);
    expect(risingConsumption(series(10, 20, 20, 30))).toBe(false);
    // A month without a measure breaks the run.
    expect(risingConsumption(series(10, 20, null, 25, 30))).toBe(false);
    expect(risingConsumption(series(40, 30, 20, 10))).toBe(false);
  });

  it(`warns when the last month is ${RISE_ABOVE_MEAN} points above the 12 months before it`, () => {
    expect(risingConsumption(series(10, 10, 10, 30))).toBe(true);
    expect(risingConsumption(series(10, 10, 10, 29))).toBe(false);
    // Fewer than three months before: no mean to compare with.
    expect(risingConsumption(series(10, 10, 50))).toBe(false);
    expect(risingConsumption(series())).toBe(false);
  });

  it('sums the devices per month, with the mean consumption over the checks that measure it', () => {
    const t = siteTrends(
      ['2026-01', '2026-02'],
      [
        {
          deviceId: 'a',
          month: '2026-01',
          checks: 2,
          consumptionSum: 60,
          consumptionCount: 2,
          captures: 1,
          missing: 0,
          replaced: 0,
        },
        {
          deviceId: 'b',
          month: '2026-01',
          checks: 1,
          consumptionSum: 0,
          consumptionCount: 0,
          captures: 0,
          missing: 1,
          replaced: 0,
        },
        {
          deviceId: 'old',
          month: '2026-02',
          checks: 1,
          consumptionSum: 10,
          consumptionCount: 1,
          captures: 0,
          missing: 0,
          replaced: 1,
        },
      ],
      [
        { id: 'a', label: 'PA-01' },
        { id: 'b', label: 'PA-02' },
      ],
    );
    expect(t.total).toEqual([
      { month: '2026-01', checks: 3, meanConsumption: 30, captures: 1, missing: 1, replaced: 0 },
      { month: '2026-02', checks: 1, meanConsumption: 10, captures: 0, missing: 0, replaced: 1 },
    ]);
    expect(t.devices.map((d) => d.label)).toEqual(['PA-01', 'PA-02', 'Dispositif retiré']);
    expect(t.devices[1]!.months[0]!.meanConsumption).toBeNull();
    expect(t.devices[0]!.months[1]).toMatchObject({ checks: 0, meanConsumption: null });
  });

  it('draws bars for the checks and a line for the consumption, in the caller’s box', () => {
    const c = trendChart(series(0, 50, null, 100), {
      width: 400,
      height: 200,
      left: 40,
      bottom: 20,
      top: 10,
    });
    expect(c.plot).toEqual({ x: 40, y: 10, width: 356, height: 170 });
    expect(c.bars).toHaveLength(4);
    expect(c.bars[2]!.height).toBe(0);
    expect(c.segments.map((s) => s.map((p) => p.value))).toEqual([[0, 50], [100]]);
    expect(c.segments[0]![0]!.y).toBe(180);
    expect(c.segments[1]![0]!.y).toBe(10);
  });
});
