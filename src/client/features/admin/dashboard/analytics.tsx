import { keepPreviousData } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { trpc } from '@/client/lib/trpc';
import { type DayRange, presetRange } from '@/domain/dashboard/periods';
import { parisDay } from '@/domain/site/time-zone';
import { DateRangePicker } from './date-range-picker';
import { formatDay, formatEuros } from './format';
import { LoadFailed } from './load-failed';
import { dashboardQueryOptions } from './use-dashboard';

const CategoryChart = lazy(() => import('./admin-charts').then((m) => ({ default: m.CategoryChart })));

/** The analytics tab: best-selling products and revenue by category over a chosen period. */
export function Analytics() {
  const today = parisDay(new Date());
  const [range, setRange] = useState<DayRange>(() => presetRange('30d', today));
  const options = { ...dashboardQueryOptions, placeholderData: keepPreviousData };
  const best = trpc.dashboard.bestSellers.useQuery(range, options);
  const categories = trpc.dashboard.revenueByCategory.useQuery(range, options);
  const totals = best.data?.totals;

  return (
    <div className="grid grid-cols-1 gap-4 sm:gap-6">
      <Card>
        <CardContent className="grid gap-4 p-4 sm:p-6 lg:grid-cols-[1fr_auto] lg:items-end">
          <DateRangePicker value={range} today={today} onChange={setRange} />
          <div
            className="rounded-md bg-muted px-4 py-3 text-sm"
            data-testid="range-totals"
            aria-live="polite"
          >
            <p className="text-muted-foreground">
              Du {formatDay(range.from)} au {formatDay(range.to)}
            </p>
            <p className="whitespace-nowrap text-lg font-bold tabular-nums">
              {totals ? formatEuros(totals.revenueCents) : '…'}
            </p>
            <p className="text-muted-foreground">
              {totals
                ? `${totals.orders} commande${totals.orders > 1 ? 's' : ''} comptée${totals.orders > 1 ? 's' : ''}`
                : ''}
            </p>
          </div>
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-2">
        <SalesCard
          title="Meilleures ventes"
          description="Les 10 produits les plus vendus (quantités), montant des articles hors livraison"
          query={best}
          className="px-1 pb-4 sm:px-6 sm:pb-6"
        >
          {(items) => (
            <Table data-testid="best-sellers">
              <TableHeader>
                <TableRow>
                  <TableHead className="w-8">#</TableHead>
                  <TableHead>Produit</TableHead>
                  <TableHead className="text-right">Vendus</TableHead>
                  <TableHead className="text-right">Montant</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((item, index) => (
                  <TableRow key={item.productId ?? item.title}>
                    <TableCell className="text-muted-foreground">{index + 1}</TableCell>
                    <TableCell className="font-medium">
                      {item.productId ? (
                        <Link
                          to={`/admin/products?edit=${item.productId}`}
                          className="text-primary underline-offset-4 hover:underline"
                        >
                          {item.title}
                        </Link>
                      ) : (
                        item.title
                      )}
                    </TableCell>
                    <SoldCells item={item} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </SalesCard>
        <SalesCard
          title="Chiffre d'affaires par catégorie"
          description="Montant des articles vendus, hors livraison"
          query={categories}
          className="px-2 pb-4 sm:px-6 sm:pb-6"
        >
          {(items) => (
            <>
              <Suspense fallback={<Spinner className="h-40" />}>
                <CategoryChart items={items} />
              </Suspense>
              <Table data-testid="category-revenue" className="mt-4">
                <TableHeader>
                  <TableRow>
                    <TableHead>Catégorie</TableHead>
                    <TableHead className="text-right">Articles</TableHead>
                    <TableHead className="text-right">Montant</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((item) => (
                    <TableRow key={item.category}>
                      <TableCell>{item.category}</TableCell>
                      <SoldCells item={item} />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </SalesCard>
      </div>
    </div>
  );
}

/** A sales card: its figures once loaded, « Aucune vente sur cette période » when there are none. */
function SalesCard<Item>({
  title,
  description,
  query,
  className,
  children,
}: {
  title: string;
  description: string;
  query: { data?: { items: Item[] }; isError: boolean };
  className: string;
  children: (items: Item[]) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={className}>
        {query.data ? (
          query.data.items.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">Aucune vente sur cette période</p>
          ) : (
            children(query.data.items)
          )
        ) : query.isError ? (
          <LoadFailed />
        ) : (
          <Spinner />
        )}
      </CardContent>
    </Card>
  );
}

/** The quantity sold and its amount, right-aligned. */
function SoldCells({ item }: { item: { quantity: number; revenueCents: number } }) {
  return (
    <>
      <TableCell className="text-right tabular-nums">{item.quantity}</TableCell>
      <TableCell className="text-right tabular-nums whitespace-nowrap">
        {formatEuros(item.revenueCents)}
      </TableCell>
    </>
  );
}
