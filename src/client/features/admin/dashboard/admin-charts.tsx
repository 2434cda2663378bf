/**
 * The dashboard's charts (recharts). This module is loaded lazily by the dashboard only, so neither
 * the storefront nor the other back-office screens download the charting library.
 */
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { orderStatusView, type StatusTone } from '@/domain/orders/status';
import { formatDayLong, formatDayShort, formatEuros, formatEurosShort } from './format';

const TONE_COLORS: Record<StatusTone, string> = {
  yellow: '#ca8a04',
  blue: '#2563eb',
  orange: '#ea580c',
  purple: '#9333ea',
  green: '#16a34a',
  red: '#dc2626',
  grey: '#6b7280',
};

const PRIMARY = 'var(--color-primary)';
const tick = { fontSize: 12, fill: 'var(--color-muted-foreground)' };

function TooltipBox({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div className="rounded-md border bg-background px-3 py-2 text-sm shadow-md">
      <p className="font-medium first-letter:uppercase">{title}</p>
      {lines.map((line) => (
        <p key={line} className="text-muted-foreground">
          {line}
        </p>
      ))}
    </div>
  );
}

export interface RevenueDay {
  day: string;
  revenueCents: number;
  orders: number;
}

/** Revenue per Paris day over the last 30 days. */
export function RevenueChart({ days }: { days: RevenueDay[] }) {
  return (
    <div className="h-64 w-full" data-testid="revenue-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="day"
            tickFormatter={formatDayShort}
            tick={tick}
            tickLine={false}
            axisLine={false}
            minTickGap={16}
          />
          <YAxis
            tickFormatter={(v: number) => formatEurosShort(v)}
            tick={tick}
            tickLine={false}
            axisLine={false}
            width={64}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-muted)' }}
            content={({ active, payload }) => {
              const row = active ? (payload?.[0]?.payload as RevenueDay | undefined) : undefined;
              if (!row) return null;
              return (
                <TooltipBox
                  title={formatDayLong(row.day)}
                  lines={[
                    formatEuros(row.revenueCents),
                    `${row.orders} commande${row.orders > 1 ? 's' : ''}`,
                  ]}
                />
              );
            }}
          />
          <Bar dataKey="revenueCents" name="Chiffre d'affaires" fill={PRIMARY} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Orders by status, one horizontal bar per status in the badge colours of the spec. */
export function StatusChart({ statuses }: { statuses: { status: string; orders: number }[] }) {
  const data = statuses.map((s) => ({ ...s, ...orderStatusView(s.status, 'admin') }));
  return (
    <div className="h-64 w-full" data-testid="status-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 24, bottom: 0, left: 0 }}>
          <CartesianGrid horizontal={false} stroke="var(--color-border)" />
          <XAxis type="number" allowDecimals={false} tick={tick} tickLine={false} axisLine={false} />
          <YAxis type="category" dataKey="label" tick={tick} tickLine={false} axisLine={false} width={96} />
          <Tooltip
            cursor={{ fill: 'var(--color-muted)' }}
            content={({ active, payload }) => {
              const row = active ? (payload?.[0]?.payload as (typeof data)[number] | undefined) : undefined;
              if (!row) return null;
              return (
                <TooltipBox
                  title={row.label}
                  lines={[`${row.orders} commande${row.orders > 1 ? 's' : ''}`]}
                />
              );
            }}
          />
          <Bar dataKey="orders" name="Commandes" radius={[0, 3, 3, 0]}>
            {data.map((row) => (
              <Cell key={row.status} fill={TONE_COLORS[row.tone]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Line revenue per category over the chosen period. */
export function CategoryChart({ items }: { items: { category: string; revenueCents: number }[] }) {
  return (
    <div className="w-full" style={{ height: Math.max(160, items.length * 44) }} data-testid="category-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={items} layout="vertical" margin={{ top: 0, right: 24, bottom: 0, left: 0 }}>
          <CartesianGrid horizontal={false} stroke="var(--color-border)" />
          <XAxis
            type="number"
            tickFormatter={(v: number) => formatEurosShort(v)}
            tick={tick}
            tickLine={false}
            axisLine={false}
          />
          <YAxis
            type="category"
            dataKey="category"
            tick={tick}
            tickLine={false}
            axisLine={false}
            width={110}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-muted)' }}
            content={({ active, payload }) => {
              const row = active
                ? (payload?.[0]?.payload as { category: string; revenueCents: number } | undefined)
                : undefined;
              if (!row) return null;
              return <TooltipBox title={row.category} lines={[formatEuros(row.revenueCents)]} />;
            }}
          />
          <Bar dataKey="revenueCents" name="Chiffre d'affaires" fill={PRIMARY} radius={[0, 3, 3, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
