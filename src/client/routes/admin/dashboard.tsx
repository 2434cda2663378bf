import { Package } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { trpc } from '@/client/lib/trpc';

/** Real figures only: the product count now; sales and orders figures come with the dashboard issue. */
export default function AdminDashboard() {
  useAdminTitle('Tableau de bord');
  const count = trpc.adminProducts.count.useQuery();
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Tableau de bord</h1>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card>
          <CardHeader className="flex-row items-center justify-between pb-2">
            <CardTitle className="text-sm font-medium">Produits</CardTitle>
            <Package className="size-4 text-muted-foreground" aria-hidden="true" />
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-bold" data-testid="product-count">
              {count.data ?? '…'}
            </p>
            <CardDescription>produits au catalogue</CardDescription>
            <Button asChild variant="link" className="mt-2 h-auto px-0">
              <Link to="/admin/products">Gérer les produits</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
      <p className="text-sm text-muted-foreground">
        Les chiffres des ventes et des commandes arrivent dans une prochaine version du tableau de bord.
      </p>
    </div>
  );
}
