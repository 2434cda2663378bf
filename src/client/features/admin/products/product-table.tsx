import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { Price } from '@/client/features/shop/price';
import { productStatusLabel } from '@/domain/catalog/product';
import { RowAction, RowActions, type RowHandlers } from '../layout/screen-parts';
import { ProductThumb } from './product-thumb';
import type { AdminProduct } from './use-admin-products';

function StockBadge({ product: p }: { product: AdminProduct }) {
  return p.infiniteStock ? (
    <Badge variant="secondary">Illimité</Badge>
  ) : (
    <Badge variant={p.stockQuantity === 0 ? 'destructive' : 'outline'}>{p.stockQuantity ?? 0}</Badge>
  );
}

function StatusBadge({ product }: { product: AdminProduct }) {
  const label = productStatusLabel(product);
  return <Badge variant={label === 'Visible' ? 'default' : 'secondary'}>{label}</Badge>;
}

function Actions({ product: p, onEdit, onDelete }: RowHandlers<AdminProduct> & { product: AdminProduct }) {
  return (
    <RowActions>
      <RowAction icon={Pencil} label={`Modifier ${p.title}`} onClick={() => onEdit(p)} />
      <RowAction icon={Trash2} label={`Supprimer ${p.title}`} onClick={() => onDelete(p)} destructive />
    </RowActions>
  );
}

/**
 * The table of the card "Liste des produits" (back-office.md §2) on wide screens; one card per
 * product on narrower ones (phones, tablets beside the sidebar), as the orders and customers lists do.
 */
export function ProductTable({
  products,
  ...handlers
}: RowHandlers<AdminProduct> & { products: AdminProduct[] }) {
  return (
    <>
      <ul className="grid gap-3 px-3 lg:hidden" data-testid="products-cards">
        {products.map((p) => (
          <li key={p.id} className="grid gap-2 rounded-lg border p-3" data-testid="product-card">
            <div className="flex items-start gap-3">
              <ProductThumb image={p.mainImage} />
              <div className="min-w-0 flex-1">
                <p className="font-medium [overflow-wrap:anywhere]">{p.title}</p>
                <p className="text-xs text-muted-foreground">{p.category ?? '-'}</p>
              </div>
              <Actions product={p} {...handlers} />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <Price product={p} size="sm" className="text-sm" />
              <span className="flex items-center gap-2">
                <span className="text-xs text-muted-foreground">Stock</span>
                <StockBadge product={p} />
                <StatusBadge product={p} />
              </span>
            </div>
          </li>
        ))}
      </ul>
      <Table data-testid="products-table" className="hidden lg:table">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-16">Image</TableHead>
            <TableHead>Nom</TableHead>
            <TableHead>Catégorie</TableHead>
            <TableHead>Prix</TableHead>
            <TableHead>Stock</TableHead>
            <TableHead>Statut</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {products.map((p) => (
            <TableRow key={p.id} data-testid="product-row">
              <TableCell>
                <ProductThumb image={p.mainImage} />
              </TableCell>
              <TableCell className="min-w-44">
                <p className="font-medium [overflow-wrap:anywhere]">{p.title}</p>
                <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{p.slug}</p>
              </TableCell>
              <TableCell className="whitespace-nowrap">{p.category ?? '-'}</TableCell>
              <TableCell className="whitespace-nowrap">
                <Price product={p} size="sm" className="text-sm" />
              </TableCell>
              <TableCell>
                <StockBadge product={p} />
              </TableCell>
              <TableCell>
                <StatusBadge product={p} />
              </TableCell>
              <TableCell className="text-right">
                <Actions product={p} {...handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
