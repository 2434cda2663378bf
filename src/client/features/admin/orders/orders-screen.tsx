import { Download, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { LoadMore } from '@/client/components/ui/load-more';
import { NativeSelect } from '@/client/components/ui/native-select';
import { SearchInput } from '@/client/components/ui/search-input';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/toast';
import { SEARCH_MAX } from '@/domain/common/limits';
import {
  type OrderStatusFilter,
  orderStatusFilter,
  type WithdrawalFilter,
  withdrawalFilter,
} from '@/domain/orders/admin-list';
import { ADMIN_ORDER_STATUS_LABELS, isOrderStatus, ORDER_STATUSES } from '@/domain/orders/status';
import { statusTransition } from '@/domain/orders/transitions';
import { useSettled } from '../layout/paged-list';
import { ListFilters, ScreenHeader } from '../layout/screen-parts';
import { useAdminRole } from '../layout/use-admin-role';
import { useLiveOrders } from '../live/use-live';
import { DeleteOrderDialog } from './delete-order-dialog';
import { orderCount } from './format';
import { NewOrderDialog } from './new-order-dialog';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrdersTable } from './orders-table';
import { ShipOrderDialog } from './ship-order-dialog';
import { type StatusChange, StatusReasonDialog } from './status-reason-dialog';
import { type AdminOrder, exportUrl, useAdminOrders, useOrderChanges } from './use-admin-orders';

/** « Gestion des Commandes » (back-office.md §2), on the order log. */
export function OrdersScreen() {
  // Read-only roles (the auditor) see everything and no control that changes something.
  const { canEdit } = useAdminRole();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OrderStatusFilter>('all');
  const [withdrawal, setWithdrawal] = useState<WithdrawalFilter>('all');
  // The search is sent once typing pauses, not on every key.
  const sentSearch = useSettled(search.trim(), 300);
  const filters = { search: sentSearch, status, withdrawal };
  const list = useAdminOrders(filters);
  const changes = useOrderChanges();
  useLiveOrders();
  const [deleting, setDeleting] = useState<AdminOrder | null>(null);
  const [reasonFor, setReasonFor] = useState<StatusChange | null>(null);
  // "Expédiée" asks for the carrier and tracking number first (the customer's mail shows them).
  const [shipping, setShipping] = useState<AdminOrder | null>(null);
  const [creating, setCreating] = useState(false);
  const openId = params.get('order');

  useEffect(() => {
    if (list.isError) {
      toast({ title: 'Erreur', description: 'Impossible de charger les commandes.', variant: 'destructive' });
    }
  }, [list.isError]);

  const showDetails = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('order', id);
        else next.delete('order');
        return next;
      },
      { replace: id === null },
    );

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader
        title="Gestion des Commandes"
        summary={
          <p className="flex flex-wrap items-center gap-x-3 text-muted-foreground">
            <span data-testid="order-total">
              {list.total === null ? 'Chargement...' : orderCount(list.total, list.totalCapped)}
            </span>
            {list.isError ? (
              <span role="alert" className="text-sm text-destructive">
                Impossible de charger les commandes.
              </span>
            ) : null}
          </p>
        }
      >
        <div className="flex flex-wrap gap-2">
          {canEdit ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Nouvelle commande
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => list.refetch()} disabled={list.isFetching}>
            <RefreshCw className={list.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Actualiser
          </Button>
          <Button variant="outline" asChild>
            <a href={exportUrl(filters)} download>
              <Download aria-hidden="true" />
              Exporter (CSV)
            </a>
          </Button>
        </div>
      </ScreenHeader>
      <ListFilters>
        <SearchInput
          className="@2xl:max-w-sm @2xl:flex-1"
          value={search}
          maxLength={SEARCH_MAX}
          onValueChange={setSearch}
          placeholder="Rechercher par numéro ou nom du client..."
          aria-label="Rechercher des commandes"
        />
        <NativeSelect
          className="@2xl:w-52"
          aria-label="Filtrer par statut"
          value={status}
          onChange={(e) => setStatus(orderStatusFilter.parse(e.target.value))}
        >
          <option value="all">Tous les statuts</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ADMIN_ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          className="@2xl:w-56"
          aria-label="Filtrer par rétractation"
          value={withdrawal}
          onChange={(e) => setWithdrawal(withdrawalFilter.parse(e.target.value))}
        >
          <option value="all">Toutes les commandes</option>
          <option value="requested">Rétractations demandées</option>
        </NativeSelect>
      </ListFilters>
      <Card>
        <CardContent className="px-1 py-4 sm:p-6 xl:px-3">
          {list.isLoading ? (
            <Spinner />
          ) : list.items.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">
              {list.isError ? 'Impossible de charger les commandes.' : 'Aucune commande trouvée'}
            </p>
          ) : (
            <OrdersTable
              orders={list.items}
              canEdit={canEdit}
              busy={changes.pending}
              onStatus={(order, value) => {
                // The transition table asks a reason for going back or reopening: asked first.
                const rule =
                  isOrderStatus(order.status) && isOrderStatus(value)
                    ? statusTransition(order.status, value)
                    : null;
                if (rule?.allowed && rule.needsReason) setReasonFor({ order, status: value });
                else if (value === 'shipped') setShipping(order);
                else void changes.setStatus(order, value);
              }}
              onDetails={(order) => showDetails(order.id)}
              onDelete={setDeleting}
            />
          )}
          <LoadMore list={list} label="Charger plus de commandes" />
        </CardContent>
      </Card>
      <OrderDetailsDialog orderId={openId} canEdit={canEdit} onClose={() => showDetails(null)} />
      {canEdit ? <NewOrderDialog open={creating} onClose={() => setCreating(false)} /> : null}
      {canEdit ? (
        <ShipOrderDialog
          order={shipping}
          onShip={(order, shipment) => changes.setStatus(order, 'shipped', { shipment })}
          onClose={() => setShipping(null)}
        />
      ) : null}
      {canEdit ? (
        <StatusReasonDialog
          change={reasonFor}
          busy={changes.pending}
          onConfirm={(order, status, reason) => changes.setStatus(order, status, { reason })}
          onClose={() => setReasonFor(null)}
        />
      ) : null}
      {canEdit ? (
        <DeleteOrderDialog
          order={deleting}
          busy={changes.removing}
          onConfirm={changes.remove}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
