import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { toastError } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import {
  refundBadgeText,
  refundCountdown,
  refundDeadline,
  WITHDRAWAL_TEXTS,
} from '@/domain/orders/withdrawal';
import { frenchDateTime } from '@/domain/site/dates';
import type { AdminOrderDetails } from './use-admin-orders';
import { useRefreshOrders } from './use-admin-orders';

/**
 * The list's mark of a withdrawal request, with the refund deadline counted down (L221-24) until
 * a refund is recorded: « J-14 » on the day of the request, « J-0 » on the last day, then late.
 */
export function WithdrawalBadge({
  requestedAt,
  refundedAt,
}: {
  requestedAt: Date | string | null;
  refundedAt: Date | string | null;
}) {
  if (!requestedAt) return null;
  const deadline = refundDeadline(
    new Date(requestedAt).toISOString(),
    new Date(),
    refundedAt ? new Date(refundedAt).toISOString() : null,
  );
  return (
    <Badge
      variant={
        deadline.kind === 'overdue' || (deadline.kind === 'due' && deadline.daysLeft <= 3)
          ? 'destructive'
          : 'secondary'
      }
      title={refundCountdown(deadline)}
      data-testid="withdrawal-badge"
    >
      Rétractation · {refundBadgeText(deadline)}
    </Badge>
  );
}

/**
 * The details dialog's withdrawal section: the request (who, when, which lines), the refund
 * deadline, and the owner's record of the hygiene exception (L221-28 5°), never applied by itself.
 */
export function WithdrawalSection({ order, canEdit }: { order: AdminOrderDetails; canEdit: boolean }) {
  const w = order.withdrawal;
  const refreshOrders = useRefreshOrders();
  const [chosen, setChosen] = useState<string[]>([]);
  const record = trpc.orders.recordWithdrawalException.useMutation({
    onSuccess: () => refreshOrders(),
    onError: toastError,
  });
  if (!w) return null;
  const withdrawn = order.lines.filter((l) => w.itemIds.includes(l.id));
  return (
    <section
      className="grid gap-2 rounded-md border border-accent/50 bg-accent/10 p-3 text-sm"
      data-testid="withdrawal-section"
    >
      <h3 className="text-sm font-semibold uppercase tracking-wide">Rétractation</h3>
      <p>
        Demandée le {frenchDateTime(w.requestedAt)} par {w.name} ({w.email}).
      </p>
      <p className="font-medium">
        {refundCountdown(refundDeadline(w.requestedAt, new Date(), order.withdrawalRefundedAt))}
      </p>
      <ul className="list-disc pl-5">
        {withdrawn.map((l) => (
          <li key={l.id}>
            {l.title} × {l.quantity}
          </li>
        ))}
      </ul>
      {w.exception ? (
        <p>
          Exception d'hygiène retenue le {frenchDateTime(w.exception.at)} pour{' '}
          {order.lines
            .filter((l) => w.exception?.itemIds.includes(l.id))
            .map((l) => l.title)
            .join(', ')}
          {w.exception.note ? ` : ${w.exception.note}` : ''}
        </p>
      ) : canEdit ? (
        <fieldset className="grid gap-1">
          <legend className="text-xs text-muted-foreground">{WITHDRAWAL_TEXTS.hygiene}</legend>
          {withdrawn.map((l) => (
            <label key={l.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4"
                checked={chosen.includes(l.id)}
                onChange={(e) =>
                  setChosen((c) => (e.target.checked ? [...c, l.id] : c.filter((id) => id !== l.id)))
                }
              />
              {l.title}
            </label>
          ))}
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="justify-self-start"
            disabled={chosen.length === 0 || record.isPending}
            onClick={() => record.mutate({ orderId: order.id, itemIds: chosen, note: '' })}
          >
            Retenir l'exception d'hygiène
          </Button>
        </fieldset>
      ) : null}
    </section>
  );
}
