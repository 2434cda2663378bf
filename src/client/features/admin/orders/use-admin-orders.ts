import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { getQueryKey } from '@trpc/react-query';
import { toast } from '@/client/components/ui/toast';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { ORDER_PAGE_SIZE, type OrderFilters } from '@/domain/orders/admin-list';
import { pagedList, pagedListOptions } from '../layout/paged-list';

type ListPage = RouterOutputs['orders']['list'];
export type AdminOrder = ListPage['items'][number];
export type AdminOrderDetails = RouterOutputs['orders']['byId'];
export type OrderTimelineEntry = RouterOutputs['orders']['history'][number];

/**
 * What an order change (here, in another tab, on another instance) refreshes: the orders' queries
 * AND the order's invoices and credit notes, which a payment, a refund or a cancellation issues in
 * the same transaction (« Factures et avoirs » would otherwise say « Aucune facture émise »).
 */
export function useRefreshOrders() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.orders.invalidate(), utils.invoices.ofOrder.invalidate()]);
}

/** The server's pages of the filtered list, newest first, with the count of the first page. */
export function useAdminOrders(filters: OrderFilters) {
  const list = pagedList(
    trpc.orders.list.useInfiniteQuery({ ...filters, limit: ORDER_PAGE_SIZE }, pagedListOptions),
  );
  return { ...list, totalCapped: list.first?.totalCapped ?? false };
}

/** The fresh row a refused inline change carries (someone else changed the order meanwhile). */
function freshRow(error: unknown): AdminOrder | null | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const details = (error.data as { details?: { row?: AdminOrder | null } } | undefined)?.details;
  return details && 'row' in details ? (details.row ?? null) : undefined;
}

/**
 * The inline selectors and the delete: each sends the version the row showed. Success: the spec's
 * toast and a refresh. A stale version: the server's French message, and the fresh row replaces
 * the one shown at once (never a silent overwrite).
 */
export function useOrderChanges() {
  const refresh = useRefreshOrders();

  const queryClient = useQueryClient();
  /** Patches the row in every cached page of every filter combination. */
  const putRow = (id: string, row: AdminOrder | null) => {
    queryClient.setQueriesData<InfiniteData<ListPage>>({ queryKey: getQueryKey(trpc.orders.list) }, (data) =>
      data?.pages
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: row
                ? page.items.map((o) => (o.id === id ? row : o))
                : page.items.filter((o) => o.id !== id),
            })),
          }
        : data,
    );
  };

  const onFailure = (order: AdminOrder, fallback: string) => (error: unknown) => {
    const row = freshRow(error);
    if (row !== undefined) {
      putRow(order.id, row);
      toast({
        title: 'Commande modifiée entre-temps',
        description: errorMessage(error),
        variant: 'destructive',
      });
    } else {
      toast({ title: 'Erreur', description: errorMessage(error, fallback), variant: 'destructive' });
    }
    void refresh();
  };

  /** The screen's own change lands at once (with its new version), before the refresh. */
  const applied = (
    order: AdminOrder,
    result: { version: number; status: string | null; paymentStatus: string | null },
  ) =>
    putRow(order.id, {
      ...order,
      version: result.version,
      status: result.status ?? order.status,
      paymentStatus: result.paymentStatus ?? order.paymentStatus,
    });

  const status = trpc.orders.setStatus.useMutation();
  const remove = trpc.orders.remove.useMutation();

  return {
    pending: status.isPending,
    setStatus: (
      order: AdminOrder,
      value: string,
      extra: { reason?: string; shipment?: { carrier: string; trackingNumber: string } } = {},
    ) =>
      status
        .mutateAsync({
          orderId: order.id,
          status: value,
          expectedVersion: order.version,
          ...(extra.reason ? { reason: extra.reason } : {}),
          ...(extra.shipment ? { shipment: extra.shipment } : {}),
        })
        .then(
          (result) => {
            applied(order, result);
            toast({ title: 'Succès', description: 'Statut de la commande mis à jour.', variant: 'success' });
            return refresh();
          },
          onFailure(order, 'Impossible de mettre à jour le statut.'),
        ),
    removing: remove.isPending,
    remove: (order: AdminOrder, reason: string) =>
      remove
        .mutateAsync({
          orderId: order.id,
          reason: reason.trim() || undefined,
          expectedVersion: order.version,
        })
        .then(
          () => {
            toast({ title: 'Succès', description: 'Commande supprimée avec succès.', variant: 'success' });
            putRow(order.id, null);
            void refresh();
            return true;
          },
          (error: unknown) => {
            onFailure(order, 'Impossible de supprimer la commande.')(error);
            return false;
          },
        ),
  };
}

/** The CSV export of the filtered list (the server streams it). */
export function exportUrl(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.withdrawal !== 'all') params.set('withdrawal', filters.withdrawal);
  const query = params.toString();
  return `/api/admin/orders.csv${query ? `?${query}` : ''}`;
}
