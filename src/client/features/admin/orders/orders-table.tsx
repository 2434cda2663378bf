import { Eye, Trash2 } from 'lucide-react';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { OrderStatusBadge, PaymentBadge } from '@/client/features/account/status-badge';
import { formatEuros } from '@/domain/catalog/pricing';
import { customerLabel } from '@/domain/orders/admin-list';
import { ADMIN_ORDER_STATUS_LABELS, isOrderStatus, ORDER_STATUSES } from '@/domain/orders/status';
import { allowedTargets } from '@/domain/orders/transitions';
import { shortDateTime } from '@/domain/site/dates';
import { RowAction, RowActions } from '../layout/screen-parts';
import { shortId } from './format';
import type { AdminOrder } from './use-admin-orders';
import { WithdrawalBadge } from './withdrawal-parts';

interface RowProps {
  canEdit: boolean;
  busy: boolean;
  onStatus: (order: AdminOrder, status: string) => void;
  onDetails: (order: AdminOrder) => void;
  onDelete: (order: AdminOrder) => void;
}

/** Status selector (or badge for read-only roles). */
function StatusCell({
  order,
  canEdit,
  busy,
  onStatus,
  className = 'w-[8.75rem]',
}: RowProps & { order: AdminOrder; className?: string }) {
  if (!canEdit) return <OrderStatusBadge status={order.status} audience="admin" />;
  return (
    <NativeSelect
      compact
      className={className}
      aria-label={`Statut de la commande ${order.orderNumber}`}
      value={order.status}
      disabled={busy}
      onChange={(e) => onStatus(order, e.target.value)}
    >
      {(isOrderStatus(order.status) ? allowedTargets(order.status) : ORDER_STATUSES).map((s) => (
        <option key={s} value={s}>
          {ADMIN_ORDER_STATUS_LABELS[s]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The payment status is derived from the order's payments and refunds: shown, never chosen here. */
function PaymentCell({ order }: { order: AdminOrder; className?: string }) {
  return (
    <span className="grid justify-items-start gap-0.5">
      <PaymentBadge status={order.paymentStatus} />
      {order.refundedCents > 0 ? (
        <span className="whitespace-nowrap text-xs text-muted-foreground tabular-nums">
          −{formatEuros(order.refundedCents)}
        </span>
      ) : null}
    </span>
  );
}

function ClientCell({ order }: { order: AdminOrder }) {
  return (
    <>
      <p className={order.customer.kind === 'deleted' ? 'italic text-muted-foreground' : undefined}>
        {customerLabel(order.customer)}
      </p>
      {order.customer.kind === 'guest' ? <p className="text-xs text-muted-foreground">Sans compte</p> : null}
    </>
  );
}

function ActionButtons({ order, canEdit, onDetails, onDelete }: RowProps & { order: AdminOrder }) {
  return (
    <RowActions>
      <RowAction
        icon={Eye}
        label={`Détails de la commande ${order.orderNumber}`}
        onClick={() => onDetails(order)}
      />
      {/* Not for an invoiced or paid order: the server refuses it (cancel it instead). */}
      {canEdit && order.deletable ? (
        <RowAction
          icon={Trash2}
          label={`Supprimer la commande ${order.orderNumber}`}
          onClick={() => onDelete(order)}
          destructive
        />
      ) : null}
    </RowActions>
  );
}

/**
 * The orders list (back-office.md §2): a table on wide screens, one card per order on narrower
 * ones (phones, tablets beside the sidebar), with the same controls.
 */
export function OrdersTable({ orders, ...props }: RowProps & { orders: AdminOrder[] }) {
  return (
    <>
      <ul className="grid gap-3 px-3 sm:px-0 xl:hidden" data-testid="orders-cards">
        {orders.map((order) => (
          <li key={order.id} className="grid gap-3 rounded-lg border p-3" data-testid="order-card">
            <div className="flex items-start justify-between gap-2">
              <div>
                <p className="font-medium">{order.orderNumber}</p>
                <p className="font-mono text-xs text-muted-foreground">#{shortId(order.id)}</p>
                <WithdrawalBadge
                  requestedAt={order.withdrawalRequestedAt}
                  refundedAt={order.withdrawalRefundedAt}
                />
              </div>
              <ActionButtons order={order} {...props} />
            </div>
            <div className="flex items-end justify-between gap-2 text-sm">
              <div>
                <ClientCell order={order} />
                <p className="text-xs text-muted-foreground tabular-nums">{shortDateTime(order.createdAt)}</p>
              </div>
              <div className="text-right">
                <p className="whitespace-nowrap font-semibold tabular-nums">
                  {formatEuros(order.totalAmountCents)}
                </p>
                <p className="text-xs text-muted-foreground">
                  {order.itemCount} article{order.itemCount > 1 ? 's' : ''}
                </p>
              </div>
            </div>
            <div className="grid grid-cols-2 gap-2">
              <StatusCell order={order} {...props} className="min-w-0" />
              <PaymentCell order={order} {...props} className="min-w-0" />
            </div>
          </li>
        ))}
      </ul>
      {/* Eight columns with two selectors: tighter cells so the row fits beside the sidebar at 1280 px. */}
      <Table data-testid="orders-table" className="hidden xl:table [&_td]:px-2 [&_th]:px-2">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Commande</TableHead>
            <TableHead>Client</TableHead>
            <TableHead className="text-right">Articles</TableHead>
            <TableHead className="text-right">Total</TableHead>
            <TableHead>Statut</TableHead>
            <TableHead>Paiement</TableHead>
            <TableHead>Date</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id} data-testid="order-row" data-order-id={order.id}>
              <TableCell className="whitespace-nowrap">
                <p className="font-medium">{order.orderNumber}</p>
                <p className="font-mono text-xs text-muted-foreground">#{shortId(order.id)}</p>
                <WithdrawalBadge
                  requestedAt={order.withdrawalRequestedAt}
                  refundedAt={order.withdrawalRefundedAt}
                />
              </TableCell>
              <TableCell className="min-w-32">
                <ClientCell order={order} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{order.itemCount}</TableCell>
              <TableCell className="whitespace-nowrap text-right font-medium tabular-nums">
                {formatEuros(order.totalAmountCents)}
              </TableCell>
              <TableCell>
                <StatusCell order={order} {...props} />
              </TableCell>
              <TableCell>
                <PaymentCell order={order} {...props} />
              </TableCell>
              <TableCell className="tabular-nums">
                <DateLines value={order.createdAt} />
              </TableCell>
              <TableCell className="text-right">
                <ActionButtons order={order} {...props} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/** « 23/11/2026 » over « 13:46 »: the table stays narrow enough beside the sidebar. */
function DateLines({ value }: { value: string }) {
  const [day, time] = shortDateTime(value).split(' ');
  return (
    <>
      <p className="whitespace-nowrap">{day}</p>
      <p className="text-xs text-muted-foreground">{time}</p>
    </>
  );
}
