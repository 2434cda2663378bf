import { AlertTriangle, Euro, ShoppingBasket, TrendingUp, UserPlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { OrderStatusBadge } from '@/client/features/account/status-badge';
import { trpc } from '@/client/lib/trpc';
import { REVENUE_PERIODS } from '@/domain/dashboard/periods';
import { orderStatusView } from '@/domain/orders/status';
import { shortDateTime } from '@/domain/site/dates';
import { formatDay, formatEuros } from './format';
import { LoadFailed } from './load-failed';
import { StatCard } from './stat-card';
import { dashboardQueryOptions } from './use-dashboard';

const Charts = {
  Revenue: lazy(() => import('./admin-charts').then((m) => ({ default: m.RevenueChart }))),
  Status: lazy(() => import('./admin-charts').then((m) => ({ default: m.StatusChart }))),
};

const PERIOD_ICONS = { today: Euro, week: TrendingUp, month: TrendingUp } as const;

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

export function Overview() {
  const revenue = trpc.dashboard.revenue.useQuery(undefined, dashboardQueryOptions);
  const customers = trpc.dashboard.newCustomers.useQuery(undefined, dashboardQueryOptions);
  const byStatus = trpc.dashboard.ordersByStatus.useQuery(undefined, dashboardQueryOptions);
  const low = trpc.dashboard.lowStock.useQuery(undefined, dashboardQueryOptions);
  const latest = trpc.dashboard.latestOrders.useQuery(undefined, dashboardQueryOptions);
  const loading = '…';

  return (
    <div className="grid grid-cols-1 gap-4 sm:gap-6">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-5">
        {REVENUE_PERIODS.map((period) => {
          const figures = revenue.data?.periods.find((p) => p.key === period.key);
          return (
            <StatCard
              key={period.key}
              testId={`revenue-${period.key}`}
              title={`Chiffre d'affaires · ${period.label}`}
              icon={PERIOD_ICONS[period.key]}
              value={figures ? formatEuros(figures.revenueCents) : loading}
              change={figures?.changePercent ?? null}
              comparedTo={period.previousLabel}
            />
          );
        })}
        <StatCard
          testId="average-basket"
          title="Panier moyen · 30 jours"
          icon={ShoppingBasket}
          value={
            revenue.data
              ? revenue.data.averageBasket.cents === null
                ? '—'
                : formatEuros(revenue.data.averageBasket.cents)
              : loading
          }
          change={revenue.data?.averageBasket.changePercent ?? null}
          comparedTo="les 30 jours précédents"
        />
        <StatCard
          testId="new-customers"
          title="Nouveaux clients · 30 jours"
          icon={UserPlus}
          value={customers.data ? String(customers.data.count) : loading}
          change={customers.data?.changePercent ?? null}
          comparedTo="les 30 jours précédents"
        />
      </div>
      {revenue.isError ? <LoadFailed /> : null}

      <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader className="p-4 sm:p-6">
            <CardTitle>Chiffre d'affaires par jour</CardTitle>
            <CardDescription>
              30 derniers jours
              {revenue.data
                ? ` (du ${formatDay(revenue.data.days[0]?.day ?? revenue.data.today)} au ${formatDay(revenue.data.today)})`
                : ''}
              , commandes annulées, remboursées ou supprimées exclues
            </CardDescription>
          </CardHeader>
          <CardContent className="px-2 pb-4 sm:px-6 sm:pb-6">
            {revenue.data ? (
              <Suspense fallback={<Spinner className="h-64" />}>
                <Charts.Revenue days={revenue.data.days} />
              </Suspense>
            ) : revenue.isError ? (
              <LoadFailed />
            ) : (
              <Spinner className="h-64" />
            )}
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader className="p-4 sm:p-6">
            <CardTitle>Commandes par statut</CardTitle>
            <CardDescription>
              {byStatus.data
                ? `${plural(byStatus.data.total, 'commande')} passée${byStatus.data.total > 1 ? 's' : ''} ces 30 derniers jours`
                : '30 derniers jours'}
            </CardDescription>
          </CardHeader>
          <CardContent className="px-2 pb-4 sm:px-6 sm:pb-6">
            {byStatus.data ? (
              <>
                <Suspense fallback={<Spinner className="h-64" />}>
                  <Charts.Status statuses={byStatus.data.statuses} />
                </Suspense>
                <ul className="mt-3 flex flex-wrap gap-2 px-2 sm:px-0" data-testid="status-counts">
                  {byStatus.data.statuses.map((s) => (
                    <li key={s.status} data-status={s.status} className="text-xs text-muted-foreground">
                      {orderStatusView(s.status, 'admin').label} :{' '}
                      <span className="font-semibold text-foreground">{s.orders}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : byStatus.isError ? (
              <LoadFailed />
            ) : (
              <Spinner className="h-64" />
            )}
          </CardContent>
        </Card>
      </div>

      <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader className="p-4 sm:p-6">
            <CardTitle>Dernières commandes</CardTitle>
            <CardDescription>Les plus récentes en premier</CardDescription>
          </CardHeader>
          <CardContent className="@container px-1 pb-4 sm:px-6 sm:pb-6">
            {latest.data ? (
              latest.data.length === 0 ? (
                <p className="py-6 text-center text-sm text-muted-foreground">
                  Aucune commande pour le moment
                </p>
              ) : (
                <Table data-testid="latest-orders">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Commande</TableHead>
                      <TableHead className="hidden @sm:table-cell">Client</TableHead>
                      <TableHead className="text-right">Total</TableHead>
                      <TableHead className="hidden @lg:table-cell">Statut</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {latest.data.map((order) => (
                      <TableRow key={order.id}>
                        <TableCell>
                          <Link
                            to={`/admin/orders?order=${order.id}`}
                            className="whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline"
                          >
                            {order.orderNumber}
                          </Link>
                          <span className="block text-xs text-muted-foreground">
                            {shortDateTime(order.createdAt)}
                          </span>
                          {/* In a narrow card (a phone, a tablet beside the sidebar) the status sits under the
                              number instead of a column of its own; the narrowest leave out the client. */}
                          <OrderStatusBadge
                            status={order.status}
                            audience="admin"
                            className="mt-1 @lg:hidden"
                          />
                        </TableCell>
                        <TableCell className="hidden @sm:table-cell">
                          {order.customerName || 'Client sans nom'}
                        </TableCell>
                        <TableCell className="text-right tabular-nums whitespace-nowrap">
                          {formatEuros(order.totalAmountCents)}
                        </TableCell>
                        <TableCell className="hidden @lg:table-cell">
                          <OrderStatusBadge
                            status={order.status}
                            audience="admin"
                            className="whitespace-nowrap"
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )
            ) : latest.isError ? (
              <LoadFailed />
            ) : (
              <Spinner />
            )}
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader className="p-4 sm:p-6">
            <CardTitle className="flex items-center gap-2">
              <AlertTriangle className="size-4 text-accent" aria-hidden="true" />
              Stock faible
            </CardTitle>
            <CardDescription>
              {low.data
                ? low.data.total === 0
                  ? `Aucun produit à ${low.data.threshold} unités ou moins`
                  : `${plural(low.data.total, 'produit')} à ${low.data.threshold} unités ou moins`
                : 'Produits à 5 unités ou moins'}
            </CardDescription>
          </CardHeader>
          <CardContent className="px-4 pb-4 sm:px-6 sm:pb-6">
            {low.data ? (
              <ul className="divide-y" data-testid="low-stock">
                {low.data.items.map((product) => (
                  <li key={product.id} className="flex items-center justify-between gap-3 py-2">
                    <Link
                      to={`/admin/products?edit=${product.id}`}
                      className="min-w-0 truncate text-sm font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {product.title}
                    </Link>
                    <Badge
                      variant={product.stockQuantity <= 0 ? 'destructive' : 'outline'}
                      className="shrink-0 tabular-nums"
                    >
                      {product.stockQuantity <= 0 ? 'Rupture' : `${product.stockQuantity} en stock`}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : low.isError ? (
              <LoadFailed />
            ) : (
              <Spinner />
            )}
            {low.data && low.data.total > low.data.items.length ? (
              <p className="pt-2 text-xs text-muted-foreground">
                Les {low.data.items.length} plus bas sont affichés.
              </p>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
