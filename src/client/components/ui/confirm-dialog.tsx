import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { FormAlert } from './field';

/**
 * The back-office's one confirmation before an irreversible action (deleting a product, a customer,
 * an order): an alert dialog with the spec's title and question, what is about to go, "Annuler"
 * and the destructive button, which shows `pendingLabel` while the action runs. Closing is refused
 * while it runs.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel = 'Supprimer',
  pendingLabel = 'Suppression...',
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  pendingLabel?: string;
  pending: boolean;
  /** Why the last attempt failed, shown above the buttons. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <FormAlert message={error ?? null} />
        <DialogFooter className="flex-row justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Annuler
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
