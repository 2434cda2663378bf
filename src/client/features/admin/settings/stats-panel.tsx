import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { frenchLongDate } from '@/domain/site/dates';

const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n);

/** The Statistiques tab: real totals and what runs the shop. */
export function StatsPanel() {
  const stats = trpc.settings.stats.useQuery();
  if (stats.isError)
    return (
      <p role="alert" className="text-destructive">
        Impossible de charger les statistiques.
      </p>
    );
  if (!stats.data) return <Spinner className="min-h-40" />;
  const s = stats.data;
  const tiles: [string, string][] = [
    ['Produits', count(s.products)],
    ['Commandes', count(s.orders)],
    ['Clients', count(s.customers)],
    ["Chiffre d'affaires", formatEuros(s.revenueCents)],
  ];
  const info: [string, string][] = [
    ['Version', s.system.version],
    [
      'Base de données',
      `PostgreSQL ${s.system.postgresVersion} (${s.system.databaseMode === 'embedded' ? 'embarquée' : 'serveur'})`,
    ],
    ['Framework', 'React 19, tRPC 11, Node.js'],
    ['Date', frenchLongDate(s.system.today)],
  ];
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {tiles.map(([label, value]) => (
          <Card key={label}>
            <CardContent className="p-4 sm:p-6">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="mt-1 text-xl font-bold tabular-nums sm:text-2xl" data-testid={`stat-${label}`}>
                {value}
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Informations système</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y text-sm">
            {info.map(([label, value]) => (
              <div key={label} className="flex flex-col gap-1 py-2 sm:flex-row sm:justify-between">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <p className="text-xs text-muted-foreground">
        Chiffre d'affaires hors commandes annulées ou remboursées.
      </p>
    </div>
  );
}
