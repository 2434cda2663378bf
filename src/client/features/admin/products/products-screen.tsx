import { Download, Plus, Tags } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { LoadMore } from '@/client/components/ui/load-more';
import { SearchInput } from '@/client/components/ui/search-input';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/toast';
import { SEARCH_MAX } from '@/domain/common/limits';
import { useSettled } from '../layout/paged-list';
import { ScreenHeader } from '../layout/screen-parts';
import { useLiveProducts } from '../live/use-live';
import { CategoriesDialog } from './categories-dialog';
import { DeleteProductDialog } from './delete-product-dialog';
import { ProductDialog } from './product-dialog';
import { ProductTable } from './product-table';
import { type AdminProduct, useAdminProducts, useProductToEdit } from './use-admin-products';

/** "Gestion des Produits" (back-office.md §2). */
export function ProductsScreen() {
  const [search, setSearch] = useState('');
  // Searched on the server (every product, not the loaded page), once typing pauses.
  const list = useAdminProducts(useSettled(search.trim(), 300));
  useLiveProducts();
  // The dialog is mounted anew for each opening: its form starts from the product (or the defaults).
  const [dialog, setDialog] = useState<{ key: number; product: AdminProduct | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [managing, setManaging] = useState(false);

  // /admin/products?edit=<id> (the dashboard's low-stock links) opens that product's edit dialog.
  const [params, setParams] = useSearchParams();
  const toEdit = useProductToEdit(params.get('edit'));
  useEffect(() => {
    if (toEdit) setDialog({ key: Date.now(), product: toEdit });
  }, [toEdit]);
  const closeDialog = () => {
    setDialog(null);
    if (params.has('edit')) setParams({}, { replace: true });
  };

  useEffect(() => {
    if (list.isError)
      toast({ title: 'Erreur', description: 'Impossible de charger les produits.', variant: 'destructive' });
  }, [list.isError]);

  const shown = list.items;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader
        title="Gestion des Produits"
        summary={
          <p className="text-muted-foreground" data-testid="product-total">
            {list.total ?? 0} produits au total
          </p>
        }
      >
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog({ key: Date.now(), product: null })}>
            <Plus aria-hidden="true" />
            Nouveau produit
          </Button>
          <Button variant="outline" onClick={() => setManaging(true)}>
            <Tags aria-hidden="true" />
            Catégories
          </Button>
          <Button variant="outline" asChild>
            {/* src/server/orders/biocide-register.ts: every sale of a biocide, from the order log. */}
            <a href="/api/admin/biocides-register.csv" download>
              <Download aria-hidden="true" />
              Registre des ventes de biocides
            </a>
          </Button>
        </div>
      </ScreenHeader>
      <SearchInput
        className="max-w-sm"
        value={search}
        maxLength={SEARCH_MAX}
        onValueChange={setSearch}
        placeholder="Rechercher des produits..."
        aria-label="Rechercher des produits"
      />
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <h2 className="text-lg font-semibold leading-tight">Liste des produits</h2>
          <CardDescription>Gérez tous vos produits depuis cette interface</CardDescription>
        </CardHeader>
        <CardContent className="px-1 pb-4 sm:px-6 sm:pb-6">
          {list.isLoading ? (
            <Spinner />
          ) : list.isError ? (
            <p className="py-10 text-center text-destructive">Impossible de charger les produits.</p>
          ) : shown.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">Aucun produit trouvé</p>
          ) : (
            <ProductTable
              products={shown}
              onEdit={(product) => setDialog({ key: Date.now(), product })}
              onDelete={setDeleting}
            />
          )}
          <LoadMore list={list} label="Charger plus de produits" />
        </CardContent>
      </Card>
      {dialog ? (
        <ProductDialog
          key={dialog.key}
          product={dialog.product}
          open
          onOpenChange={(open) => {
            if (!open) closeDialog();
          }}
        />
      ) : null}
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
      <CategoriesDialog open={managing} onClose={() => setManaging(false)} />
    </div>
  );
}
