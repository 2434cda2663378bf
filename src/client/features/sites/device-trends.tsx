/**
 * A site's device activity over time (issue 38 point 5, docs/decisions/043-device-checks-and-trends.md):
 * checks per month as bars, the mean consumption as a line, the « consommation en hausse » warning
 * per device and for the site, and the same figures as a table (the chart's accessible
 * alternative). The geometry is the domain's `trendChart`, which the inspector's folder PDF draws too.
 */
import { TrendingUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Spinner } from '@/client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { frenchMonth, frenchShortMonth } from '@/domain/site/dates';
import { type MonthFigures, RISE_ABOVE_MEAN, RISING_MONTHS, trendChart } from '@/domain/sites/trends';

const PERIODS = [12, 24, 36] as const;
const percent = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('fr-FR')} %`);

export function DeviceTrends({ siteId }: { siteId: string }) {
  const [months, setMonths] = useState<number>(12);
  const trends = trpc.siteActivity.trends.useQuery({ siteId, months }, { staleTime: 60_000 });
  const data = trends.data;
  const rising = data?.devices.filter((d) => d.rising) ?? [];
  return (
    <Card data-testid="device-trends">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Activité des dispositifs</CardTitle>
          <CardDescription>Contrôles par mois et consommation moyenne des appâts.</CardDescription>
        </div>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={`trends-period-${siteId}`} className="text-muted-foreground">
            Période
          </label>
          <NativeSelect
            id={`trends-period-${siteId}`}
            value={String(months)}
            onChange={(e) => setMonths(Number(e.target.value))}
            className="w-auto"
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {p} mois
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {trends.isPending ? (
          <Spinner label="Chargement de l’activité" />
        ) : trends.error || !data ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(trends.error, 'L’activité du site n’a pas pu être lue.')}
          </p>
        ) : (
          <>
            {(data.rising || rising.length > 0) && (
              <div
                role="status"
                className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              >
                <TrendingUp className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <p>
                  <span className="font-semibold">Consommation en hausse</span>
                  {data.rising ? ' sur l’ensemble du site' : ''}
                  {rising.length > 0
                    ? `${data.rising ? ' et' : ''} sur ${rising.map((d) => d.label).join(', ')}`
                    : ''}
                  . Renforcez le suivi avant que l’infestation ne s’installe.
                </p>
              </div>
            )}
            <TrendChartSvg total={data.total} />
            <p className="text-xs text-muted-foreground">
              Hausse signalée après {RISING_MONTHS} hausses mensuelles consécutives, ou quand le dernier mois
              dépasse de {RISE_ABOVE_MEAN} points la moyenne des 12 mois précédents.
            </p>
            <details className="rounded-md border">
              <summary className="cursor-pointer p-3 text-sm font-medium">Voir les chiffres par mois</summary>
              <div className="overflow-x-auto border-t">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Mois</TableHead>
                      <TableHead className="text-right">Contrôles</TableHead>
                      <TableHead className="text-right">Consommation moyenne</TableHead>
                      <TableHead className="text-right">Captures</TableHead>
                      <TableHead className="text-right">Manquants</TableHead>
                      <TableHead className="text-right">Remplacés</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {[...data.total].reverse().map((m) => (
                      <TableRow key={m.month}>
                        <TableCell className="whitespace-nowrap first-letter:uppercase">
                          {frenchMonth(m.month)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{m.checks}</TableCell>
                        <TableCell className="text-right tabular-nums">
                          {percent(m.meanConsumption)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{m.captures}</TableCell>
                        <TableCell className="text-right tabular-nums">{m.missing}</TableCell>
                        <TableCell className="text-right tabular-nums">{m.replaced}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </details>
            {data.devices.length > 0 && (
              <details className="rounded-md border">
                <summary className="cursor-pointer p-3 text-sm font-medium">Voir les dispositifs</summary>
                <div className="overflow-x-auto border-t">
                  <Table>
                    <TableHeader>
                      <TableRow>
                        <TableHead>Dispositif</TableHead>
                        <TableHead className="text-right">Contrôles</TableHead>
                        <TableHead className="text-right">Dernière consommation</TableHead>
                        <TableHead className="text-right">Captures</TableHead>
                        <TableHead>Tendance</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {data.devices.map((d) => {
                        const last = [...d.months].reverse().find((m) => m.meanConsumption !== null);
                        return (
                          <TableRow key={d.deviceId}>
                            <TableCell className="font-medium">{d.label}</TableCell>
                            <TableCell className="text-right tabular-nums">
                              {d.months.reduce((n, m) => n + m.checks, 0)}
                            </TableCell>
                            <TableCell className="text-right tabular-nums">
                              {percent(last?.meanConsumption ?? null)}
                            </TableCell>
                            <TableCell className="text-right tabular-nums">
                              {d.months.reduce((n, m) => n + m.captures, 0)}
                            </TableCell>
                            <TableCell>
                              {d.rising ? (
                                <Badge
                                  variant="outline"
                                  className="border-amber-300 bg-amber-50 text-amber-950"
                                >
                                  En hausse
                                </Badge>
                              ) : (
                                <span className="text-muted-foreground">Stable</span>
                              )}
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </div>
              </details>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The chart: bars of checks, the consumption line; the table above is its text alternative. */
function TrendChartSvg({ total }: { total: MonthFigures[] }) {
  // Drawn at the box's own width (one unit a pixel): the labels keep their size from 375 px up.
  const box = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const chart = trendChart(total, {
    width,
    height: width < 480 ? 200 : 240,
    left: 40,
    bottom: 24,
    top: 10,
    right: 18,
  });
  const measured = total.filter((m) => m.meanConsumption !== null);
  const last = measured.at(-1);
  const summary = `Contrôles et consommation moyenne par mois, de ${frenchMonth(total[0]?.month ?? '')} à ${frenchMonth(
    total.at(-1)?.month ?? '',
  )}${last ? ` ; dernière consommation mesurée : ${percent(last.meanConsumption)} en ${frenchMonth(last.month)}` : ''}.`;
  return (
    <figure ref={box} className="grid gap-2">
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        className="h-auto w-full"
        role="img"
        aria-label={summary}
        data-testid="trend-chart"
      >
        {chart.ticks.map((t) => (
          <g key={t.label}>
            <line
              x1={chart.plot.x}
              x2={chart.plot.x + chart.plot.width}
              y1={t.y}
              y2={t.y}
              className="stroke-border"
              strokeDasharray="3 3"
            />
            <text
              x={chart.plot.x - 6}
              y={t.y + 4}
              textAnchor="end"
              className="fill-muted-foreground text-[11px]"
            >
              {t.label}
            </text>
          </g>
        ))}
        {chart.bars.map((b) => (
          <rect
            key={b.month}
            x={b.x}
            y={b.y}
            width={b.width}
            height={b.height}
            rx={2}
            className="fill-primary/20"
          >
            <title>
              {frenchMonth(b.month)} : {b.checks} contrôle{b.checks > 1 ? 's' : ''}
            </title>
          </rect>
        ))}
        {chart.segments.map((segment) => (
          <g key={segment[0]?.month}>
            <polyline
              points={segment.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              className="stroke-amber-600"
              strokeWidth={2.5}
              strokeLinejoin="round"
            />
            {segment.map((p) => (
              <circle key={p.month} cx={p.x} cy={p.y} r={3.5} className="fill-amber-600">
                <title>
                  {frenchMonth(p.month)} : {percent(p.value)}
                </title>
              </circle>
            ))}
          </g>
        ))}
        {chart.labels.map((l) => (
          <text
            key={l.month}
            x={l.x}
            y={chart.plot.y + chart.plot.height + 18}
            textAnchor="middle"
            className="fill-muted-foreground text-[11px]"
          >
            {frenchShortMonth(l.month)}
          </text>
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-primary/20" aria-hidden="true" /> Contrôles (max.{' '}
          {chart.maxChecks} par mois)
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-amber-600" aria-hidden="true" /> Consommation moyenne
        </span>
      </figcaption>
    </figure>
  );
}
