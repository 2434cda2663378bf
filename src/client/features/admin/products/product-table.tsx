import { ImageIcon, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { Price } from '@/client/features/shop/price';
import type { AdminProduct } from './use-admin-products';

/** The table of the card "Liste des produits" (back-office.md §2). */
export function ProductTable({
  products,
  onEdit,
  onDelete,
}: {
  products: AdminProduct[];
  onEdit: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
}) {
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
              {p.mainImage ? (
                <img
                  src={`${p.mainImage}/320.webp`}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  className="size-10 rounded-md border object-cover"
                  onError={(e) => {
                    e.currentTarget.src = '/placeholder.svg';
                  }}
                />
              ) : (
                <div className="flex size-10 items-center justify-center rounded-md border bg-muted">
                  <ImageIcon className="size-4 text-muted-foreground" aria-label="Pas d'image" />
                </div>
              )}
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
              <div className="flex justify-end gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  onClick={() => onEdit(p)}
                  aria-label={`Modifier ${p.title}`}
                >
                  <Pencil />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9 text-destructive hover:text-destructive"
                  onClick={() => onDelete(p)}
                  aria-label={`Supprimer ${p.title}`}
                >
                  <Trash2 />
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
