import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={product !== null}
      title="Supprimer le produit"
      description="Êtes-vous sûr de vouloir supprimer ce produit ?"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {product ? <p className="text-sm font-medium">{product.title}</p> : null}
    </ConfirmDialog>
  );
}
