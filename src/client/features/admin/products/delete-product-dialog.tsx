import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { toast } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { type AdminProduct, useProductsChanged } from './use-admin-products';

/** The spec's confirmation before a product is deleted. */
export function DeleteProductDialog({
  product,
  onClose,
}: {
  product: AdminProduct | null;
  onClose: () => void;
}) {
  const remove = trpc.adminProducts.remove.useMutation();
  const changed = useProductsChanged();

  async function confirm() {
    if (!product) return;
    try {
      await remove.mutateAsync({ id: product.id });
      toast({ title: 'Succès', description: 'Produit supprimé avec succès.', variant: 'success' });
      await changed();
      onClose();
    } catch {
      toast({ title: 'Erreur', description: 'Impossible de supprimer le produit.', variant: 'destructive' });
    }
  }

  return (
    <Dialog open={product !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Supprimer le produit</DialogTitle>
          <DialogDescription>Êtes-vous sûr de vouloir supprimer ce produit ?</DialogDescription>
        </DialogHeader>
        {product ? <p className="text-sm font-medium">{product.title}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Annuler
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            Supprimer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
