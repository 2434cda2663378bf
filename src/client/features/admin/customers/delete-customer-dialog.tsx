import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { toast } from '@/client/components/ui/toast';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { customerName } from './customer-table';
import { type AdminCustomer, useCustomersChanged } from './use-admin-customers';

/** The spec's confirmation: the deletion cannot be undone (the customer's orders stay). */
export function DeleteCustomerDialog({
  customer,
  onClose,
}: {
  customer: AdminCustomer | null;
  onClose: () => void;
}) {
  const remove = trpc.adminCustomers.remove.useMutation();
  const changed = useCustomersChanged();
  const failure = remove.error ? errorMessage(remove.error, 'Impossible de supprimer le client') : null;

  async function confirm() {
    if (!customer) return;
    try {
      await remove.mutateAsync({ id: customer.id });
      toast({ title: 'Succès', description: 'Client supprimé avec succès.', variant: 'success' });
      await changed();
      close();
    } catch (error) {
      toast({
        title: 'Erreur',
        description: errorMessage(error, 'Impossible de supprimer le client'),
        variant: 'destructive',
      });
    }
  }

  function close() {
    remove.reset();
    onClose();
  }

  return (
    <ConfirmDialog
      open={customer !== null}
      title="Supprimer le client"
      description="Êtes-vous sûr de vouloir supprimer ce client ? Cette action est irréversible."
      pending={remove.isPending}
      error={failure}
      onConfirm={confirm}
      onClose={close}
    >
      {customer ? (
        <div className="text-sm">
          <p className="font-medium">{customerName(customer)}</p>
          <p className="text-muted-foreground">{customer.email}</p>
          <p className="mt-2 text-muted-foreground">
            Son compte et ses connexions sont supprimés et ses données personnelles effacées partout ; ses
            commandes restent, marquées « Client supprimé ».
          </p>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
