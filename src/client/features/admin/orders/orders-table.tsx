import { Eye, Trash2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { formatEuros } from '@/domain/catalog/pricing';
import { customerLabel } from '@/domain/orders/admin-list';
import {
  ADMIN_ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
} from '@/domain/orders/status';
import { orderDate, shortId } from './format';
import { AdminStatusBadge, PaymentBadge } from './order-badges';
import type { AdminOrder } from './use-admin-orders';

/** The orders table (back-office.md §2): inline selectors for those who may change orders. */
export function OrdersTable({
  orders,
  canEdit,
  busy,
  onStatus,
  onPayment,
  onDetails,
  onDelete,
}: {
  orders: AdminOrder[];
  canEdit: boolean;
  busy: boolean;
  onStatus: (order: AdminOrder, status: string) => void;
  onPayment: (order: AdminOrder, paymentStatus: string) => void;
  onDetails: (order: AdminOrder) => void;
  onDelete: (order: AdminOrder) => void;
}) {
  return (
    <Table data-testid="orders-table">
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
            </TableCell>
            <TableCell className="min-w-36">
              <p className={order.customer.kind === 'deleted' ? 'italic text-muted-foreground' : undefined}>
                {customerLabel(order.customer)}
              </p>
              {order.customer.kind === 'guest' ? (
                <p className="text-xs text-muted-foreground">Commande sans compte</p>
              ) : null}
            </TableCell>
            <TableCell className="text-right tabular-nums">{order.itemCount}</TableCell>
            <TableCell className="whitespace-nowrap text-right font-medium tabular-nums">
              {formatEuros(order.totalAmountCents)}
            </TableCell>
            <TableCell>
              {canEdit ? (
                <NativeSelect
                  className="w-40"
                  aria-label={`Statut de la commande ${order.orderNumber}`}
                  value={order.status}
                  disabled={busy}
                  onChange={(e) => onStatus(order, e.target.value)}
                >
                  {ORDER_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {ADMIN_ORDER_STATUS_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect>
              ) : (
                <AdminStatusBadge status={order.status} />
              )}
            </TableCell>
            <TableCell>
              {canEdit ? (
                <NativeSelect
                  className="w-36"
                  aria-label={`Paiement de la commande ${order.orderNumber}`}
                  value={order.paymentStatus}
                  disabled={busy}
                  onChange={(e) => onPayment(order, e.target.value)}
                >
                  {PAYMENT_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {PAYMENT_STATUS_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect>
              ) : (
                <PaymentBadge status={order.paymentStatus} />
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">{orderDate(order.createdAt)}</TableCell>
            <TableCell className="text-right">
              <div className="flex justify-end gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  onClick={() => onDetails(order)}
                  aria-label={`Détails de la commande ${order.orderNumber}`}
                >
                  <Eye aria-hidden="true" />
                </Button>
                {canEdit ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9 text-destructive hover:text-destructive"
                    onClick={() => onDelete(order)}
                    aria-label={`Supprimer la commande ${order.orderNumber}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
