import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { Price } from '@/client/features/shop/price';
import { RowAction, RowActions, type RowHandlers } from '../layout/screen-parts';
import { ProductThumb } from './product-thumb';
import type { AdminProduct } from './use-admin-products';

/** The table of the card "Liste des produits" (back-office.md §2). */
export function ProductTable({
  products,
  onEdit,
  onDelete,
}: RowHandlers<AdminProduct> & { products: AdminProduct[] }) {
  return (
    <Table data-testid="products-table">
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
              <p className="font-medium">{p.title}</p>
              <p className="text-xs text-muted-foreground">{p.slug}</p>
            </TableCell>
            <TableCell className="whitespace-nowrap">{p.category ?? '-'}</TableCell>
            <TableCell className="whitespace-nowrap">
              <Price product={p} size="sm" className="text-sm" />
            </TableCell>
            <TableCell>
              {p.infiniteStock ? (
                <Badge variant="secondary">Illimité</Badge>
              ) : (
                <Badge variant={p.stockQuantity === 0 ? 'destructive' : 'outline'}>
                  {p.stockQuantity ?? 0}
                </Badge>
              )}
            </TableCell>
            <TableCell>
              {p.isVisibleInShop ? <Badge>Visible</Badge> : <Badge variant="secondary">Masqué</Badge>}
            </TableCell>
            <TableCell className="text-right">
              <RowActions>
                <RowAction icon={Pencil} label={`Modifier ${p.title}`} onClick={() => onEdit(p)} />
                <RowAction
                  icon={Trash2}
                  label={`Supprimer ${p.title}`}
                  onClick={() => onDelete(p)}
                  destructive
                />
              </RowActions>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
