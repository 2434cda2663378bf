import { useState } from 'react';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Field } from '@/client/components/ui/field';
import { Textarea } from '@/client/components/ui/input';
import { NOTES_MAX } from '@/domain/common/limits';
import { ADMIN_ORDER_STATUS_LABELS, isOrderStatus } from '@/domain/orders/status';
import { STATUS_REASON_MESSAGE } from '@/domain/orders/transitions';
import type { AdminOrder } from './use-admin-orders';

export interface StatusChange {
  order: AdminOrder;
  status: string;
}

const label = (status: string) => (isOrderStatus(status) ? ADMIN_ORDER_STATUS_LABELS[status] : status);

/**
 * A change the transition table asks a reason for (going back, reopening a cancelled order): the
 * reason is recorded in the order's history with the change.
 */
export function StatusReasonDialog({
  change,
  busy,
  onConfirm,
  onClose,
}: {
  change: StatusChange | null;
  busy: boolean;
  onConfirm: (order: AdminOrder, status: string, reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={change !== null}
      title="Motif du changement de statut"
      description={
        change
          ? `La commande ${change.order.orderNumber} passe de « ${label(change.order.status)} » à « ${label(change.status)} ».`
          : ''
      }
      confirmLabel="Changer le statut"
      pending={busy}
      onConfirm={async () => {
        if (!change) return;
        if (!reason.trim()) {
          setError(STATUS_REASON_MESSAGE);
          return;
        }
        // Done or refused (the list then shows the fresh row and why): the dialog closes.
        await onConfirm(change.order, change.status, reason.trim());
        close();
      }}
      onClose={close}
    >
      <Field label="Motif" required error={error ?? undefined}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={NOTES_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}
