import { useState } from 'react';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Field } from '@/client/components/ui/field';
import { Textarea } from '@/client/components/ui/input';
import { NOTES_MAX } from '@/domain/common/limits';
import type { AdminOrder } from './use-admin-orders';

/**
 * The spec's confirmation: the order and all its items leave the list. The log keeps it: the
 * deletion is an event, with the optional reason, in the order's history.
 */
export function DeleteOrderDialog({
  order,
  busy,
  onConfirm,
  onClose,
}: {
  order: AdminOrder | null;
  busy: boolean;
  onConfirm: (order: AdminOrder, reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <ConfirmDialog
      open={order !== null}
      title="Supprimer la commande"
      description="Êtes-vous sûr de vouloir supprimer cette commande ? Tous les articles associés seront également supprimés."
      pending={busy}
      onConfirm={async () => {
        // Done or refused (the list then shows the fresh row and why): the dialog closes.
        if (order) await onConfirm(order, reason);
        close();
      }}
      onClose={close}
    >
      {order ? <p className="text-sm font-medium">{order.orderNumber}</p> : null}
      <p className="text-sm text-muted-foreground">
        La suppression reste inscrite dans l'historique de la commande et dans le journal des commandes.
      </p>
      <Field label="Motif (facultatif)">
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={NOTES_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}
