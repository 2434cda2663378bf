import { Clock, Store, Truck } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/utils';
import { deliveryClaim } from '@/domain/legal/delivery-claims';
import { useShop } from '../features/shop/order-totals';
import { ProductCard } from '../features/shop/product-card';
import { ShopLayout } from '../features/shop/shop-header';

const PAGE_SIZE = 24;

export default function Boutique() {
  usePageTitle('Boutique');
  const list = trpc.catalog.list.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: (last, pages) => (last.length === PAGE_SIZE ? pages.length * PAGE_SIZE : undefined) },
  );
  const products = { ...list, data: list.data?.pages.flat() };
  // The delivery claim follows the Commerce settings (issue 26): never "gratuite" when it is not.
  const delivery = useShop().data?.delivery;

  useEffect(() => {
    if (products.isError) {
      toast({ title: 'Erreur', description: 'Impossible de charger les produits', variant: 'destructive' });
    }
  }, [products.isError]);

  return (
    <ShopLayout>
      <section className="border-b bg-primary text-primary-foreground">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Boutique</h1>
          <p className="mt-2 max-w-2xl text-primary-foreground/85">
            Le matériel professionnel que nos techniciens utilisent : pièges, stations d'appâtage, protection
            contre les guêpes et frelons, équipement d'apiculture.
          </p>
          <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-sm text-primary-foreground/90">
            {delivery?.shippingEnabled && (
              <li className="flex items-center gap-2" data-testid="delivery-claim">
                <Truck className="size-4 text-accent" aria-hidden="true" />
                {deliveryClaim(delivery)}
              </li>
            )}
            <li className="flex items-center gap-2">
              <Store className="size-4 text-accent" aria-hidden="true" />
              Retrait en boutique
            </li>
            <li className="flex items-center gap-2">
              <Clock className="size-4 text-accent" aria-hidden="true" />
              Boutique ouverte le samedi
            </li>
          </ul>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {products.isLoading ? (
          <ul
            className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
            aria-busy="true"
            aria-label="Chargement..."
          >
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="overflow-hidden rounded-lg border bg-card">
                <div className="aspect-[4/3] animate-pulse bg-muted" />
                <div className="space-y-3 p-4">
                  <div className="h-3 w-1/3 animate-pulse rounded bg-muted" />
                  <div className="h-4 w-3/4 animate-pulse rounded bg-muted" />
                  <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
                </div>
              </li>
            ))}
          </ul>
        ) : products.isError ? (
          <div className="flex flex-col items-center gap-4 py-16 text-center">
            <p className="text-muted-foreground">Impossible de charger les produits</p>
            <Button variant="outline" onClick={() => products.refetch()}>
              Réessayer
            </Button>
          </div>
        ) : products.data?.length === 0 ? (
          <p className="py-16 text-center text-lg text-muted-foreground">
            Aucun produit disponible pour le moment.
          </p>
        ) : (
          <>
            <p className="mb-4 text-sm text-muted-foreground">
              {products.data?.length} produit{(products.data?.length ?? 0) > 1 ? 's' : ''}
            </p>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-grid">
              {products.data?.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} priority={index < 3} />
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <div className="mt-8 flex justify-center">
                <Button
                  variant="outline"
                  size="lg"
                  onClick={() => list.fetchNextPage()}
                  disabled={list.isFetchingNextPage}
                >
                  {list.isFetchingNextPage ? 'Chargement...' : 'Voir plus de produits'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </ShopLayout>
  );
}
