/**
 * A site's device activity over time (issue 38 point 5, docs/decisions/043-device-checks-and-trends.md):
 * per Paris month, for each device and for the site, the checks, the mean consumption, the
 * captures, the missing and replaced devices, and the « rising consumption » warning. Pure: the
 * server aggregates device_checks per device and month (src/server/sites/trends.ts), the
 * back-office chart and the inspector's folder PDF draw the same figures through `trendChart`.
 */

/** One device's checks of one month, as the server sums them. */
export interface MonthlyDeviceSums {
  deviceId: string;
  /** 'YYYY-MM', the Paris month of the checks. */
  month: string;
  checks: number;
  /** The sum and count of the consumption of the checks that measure it (« intact » is 0 %). */
  consumptionSum: number;
  consumptionCount: number;
  captures: number;
  missing: number;
  replaced: number;
}

export interface MonthFigures {
  month: string;
  checks: number;
  /** Mean consumption in % (one decimal), null when no check of the month measured it. */
  meanConsumption: number | null;
  captures: number;
  missing: number;
  replaced: number;
}

export interface DeviceTrend {
  deviceId: string;
  label: string;
  months: MonthFigures[];
  rising: boolean;
}

export interface SiteTrends {
  /** Every month of the period, oldest first, months without checks included. */
  months: string[];
  total: MonthFigures[];
  rising: boolean;
  devices: DeviceTrend[];
}

/**
 * The warning (ADR 043): the consumption is rising when the last month with a measure is the third
 * rise in a row (four months measured one after the other, each above the one before), or when it
 * is RISE_ABOVE_MEAN points or more above the mean of the 12 months before it (three of them at least).
 */
export const RISING_MONTHS = 3;
export const RISE_ABOVE_MEAN = 20;
const MEAN_WINDOW = 12;
const MEAN_MIN_MONTHS = 3;

/** The months from `first` to `last` included ('YYYY-MM'). */
export function monthRange(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  const [ly, lm] = last.split('-').map(Number) as [number, number];
  while (y < ly || (y === ly && m <= lm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** The month `count - 1` months before `last` ('YYYY-MM'): the first of a period of `count` months. */
export function monthsBefore(last: string, count: number): string {
  const [y, m] = last.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - (count - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function figures(month: string, sums: readonly MonthlyDeviceSums[]): MonthFigures {
  let checks = 0;
  let consumptionSum = 0;
  let consumptionCount = 0;
  let captures = 0;
  let missing = 0;
  let replaced = 0;
  for (const s of sums) {
    checks += s.checks;
    consumptionSum += s.consumptionSum;
    consumptionCount += s.consumptionCount;
    captures += s.captures;
    missing += s.missing;
    replaced += s.replaced;
  }
  return {
    month,
    checks,
    meanConsumption: consumptionCount > 0 ? round1(consumptionSum / consumptionCount) : null,
    captures,
    missing,
    replaced,
  };
}

/** The rule of the warning over a series of months, oldest first (ADR 043). */
export function risingConsumption(months: readonly MonthFigures[]): boolean {
  const measured = months.flatMap((m, index) =>
    m.meanConsumption === null ? [] : [{ index, value: m.meanConsumption }],
  );
  const last = measured.at(-1);
  if (!last) return false;
  const tail = measured.slice(-(RISING_MONTHS + 1));
  const consecutive =
    tail.length === RISING_MONTHS + 1 &&
    tail.every(
      (p, i) =>
        i === 0 ||
        (p.index === (tail[i - 1] as { index: number }).index + 1 &&
          p.value > (tail[i - 1] as { value: number }).value),
    );
  if (consecutive) return true;
  const before = measured.filter((p) => p.index < last.index && p.index >= last.index - MEAN_WINDOW);
  if (before.length < MEAN_MIN_MONTHS) return false;
  const mean = before.reduce((sum, p) => sum + p.value, 0) / before.length;
  return last.value >= mean + RISE_ABOVE_MEAN;
}

/**
 * The site's trends over `months` (every month of the period, oldest first) from the monthly sums
 * of its devices; `devices` names them (the site's order), a device with checks but no name last.
 */
export function siteTrends(
  months: readonly string[],
  sums: readonly MonthlyDeviceSums[],
  devices: readonly { id: string; label: string }[],
): SiteTrends {
  const byDevice = new Map<string, Map<string, MonthlyDeviceSums>>();
  const byMonth = new Map<string, MonthlyDeviceSums[]>();
  for (const s of sums) {
    const own = byDevice.get(s.deviceId) ?? new Map<string, MonthlyDeviceSums>();
    own.set(s.month, s);
    byDevice.set(s.deviceId, own);
    const list = byMonth.get(s.month) ?? [];
    list.push(s);
    byMonth.set(s.month, list);
  }
  const named = new Map(devices.map((d) => [d.id, d.label]));
  const ids = [...devices.map((d) => d.id), ...[...byDevice.keys()].filter((id) => !named.has(id)).sort()];
  const total = months.map((m) => figures(m, byMonth.get(m) ?? []));
  return {
    months: [...months],
    total,
    rising: risingConsumption(total),
    devices: ids.map((id) => {
      const own = byDevice.get(id);
      const series = months.map((m) => {
        const s = own?.get(m);
        return figures(m, s ? [s] : []);
      });
      return {
        deviceId: id,
        label: named.get(id) ?? 'Dispositif retiré',
        months: series,
        rising: risingConsumption(series),
      };
    }),
  };
}

/** The chart's drawing, in the units of the caller's box (SVG viewBox or PDF points). */
export interface TrendChart {
  width: number;
  height: number;
  /** The plot area inside the box (left axis labels and bottom month labels outside it). */
  plot: { x: number; y: number; width: number; height: number };
  /** One bar per month: the checks (scaled to the highest month). */
  bars: { month: string; x: number; y: number; width: number; height: number; checks: number }[];
  /** The mean consumption line (0-100 %), broken where a month has no measure. */
  segments: { x: number; y: number; month: string; value: number }[][];
  /** Horizontal guides of the % scale. */
  ticks: { y: number; label: string }[];
  /** Month labels under the plot, thinned to fit. */
  labels: { x: number; month: string }[];
  maxChecks: number;
}

/**
 * The geometry of the trends chart (bars: checks per month; line: mean consumption %): the
 * back-office's SVG and the inspector's folder PDF draw this same object.
 */
export function trendChart(
  total: readonly MonthFigures[],
  box: {
    width: number;
    height: number;
    left?: number;
    right?: number;
    bottom?: number;
    top?: number;
    labelEvery?: number;
  },
): TrendChart {
  const left = box.left ?? 36;
  const bottom = box.bottom ?? 22;
  const top = box.top ?? 8;
  const plot = {
    x: left,
    y: top,
    width: Math.max(1, box.width - left - (box.right ?? 4)),
    height: Math.max(1, box.height - top - bottom),
  };
  const n = Math.max(1, total.length);
  const step = plot.width / n;
  const maxChecks = Math.max(1, ...total.map((m) => m.checks));
  const yOf = (percent: number) => plot.y + plot.height * (1 - percent / 100);
  const bars = total.map((m, i) => {
    const height = (plot.height * m.checks) / maxChecks;
    return {
      month: m.month,
      x: plot.x + i * step + step * 0.15,
      y: plot.y + plot.height - height,
      width: step * 0.7,
      height,
      checks: m.checks,
    };
  });
  const segments: TrendChart['segments'] = [];
  let current: TrendChart['segments'][number] = [];
  total.forEach((m, i) => {
    if (m.meanConsumption === null) {
      if (current.length) segments.push(current);
      current = [];
      return;
    }
    current.push({
      x: plot.x + i * step + step / 2,
      y: yOf(m.meanConsumption),
      month: m.month,
      value: m.meanConsumption,
    });
  });
  if (current.length) segments.push(current);
  const every = box.labelEvery ?? Math.max(1, Math.ceil(n / Math.max(1, Math.floor(plot.width / 48))));
  const labels = total.flatMap((m, i) =>
    (n - 1 - i) % every === 0 ? [{ x: plot.x + i * step + step / 2, month: m.month }] : [],
  );
  const ticks = [0, 50, 100].map((p) => ({ y: yOf(p), label: `${p} %` }));
  return { width: box.width, height: box.height, plot, bars, segments, ticks, labels, maxChecks };
}
