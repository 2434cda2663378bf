import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Field } from '@/client/components/ui/field';
import { Textarea } from '@/client/components/ui/input';
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
    <Dialog open={order !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Supprimer la commande</DialogTitle>
          <DialogDescription>
            Êtes-vous sûr de vouloir supprimer cette commande ? Tous les articles associés seront également
            supprimés.
          </DialogDescription>
        </DialogHeader>
        {order ? <p className="text-sm font-medium">{order.orderNumber}</p> : null}
        <p className="text-sm text-muted-foreground">
          La suppression reste inscrite dans l'historique de la commande et dans le journal des commandes.
        </p>
        <Field label="Motif (facultatif)">
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={busy}>
            Annuler
          </Button>
          <Button
            variant="destructive"
            disabled={busy}
            onClick={async () => {
              // Done or refused (the list then shows the fresh row and why): the dialog closes.
              if (order) await onConfirm(order, reason);
              close();
            }}
          >
            Supprimer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
