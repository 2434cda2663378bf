import { useEffect } from 'react';
import { toast } from '@/client/components/ui/toast';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { pagedList, pagedListOptions } from '../layout/paged-list';

export type AdminProduct = RouterOutputs['adminProducts']['list']['items'][number];

/** The spec's page size of the product screen. */
export const PAGE_SIZE = 20;

/** Pages of 20, newest first, with the total and whether more pages exist. */
export function useAdminProducts(search = '') {
  return pagedList(trpc.adminProducts.list.useInfiniteQuery({ limit: PAGE_SIZE, search }, pagedListOptions));
}

/** After a change: the admin list, the dashboard count and the shop's cached pages all refresh. */
export function useProductsChanged() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.adminProducts.invalidate(), utils.catalog.invalidate()]);
}

/** The product named by a link (?edit=<id>), loaded on its own: it may not be on a loaded page. */
export function useProductToEdit(id: string | null): AdminProduct | undefined {
  const query = trpc.adminProducts.byId.useQuery({ id: id ?? '' }, { enabled: Boolean(id), retry: false });
  useEffect(() => {
    if (query.isError) toast({ title: 'Erreur', description: query.error.message, variant: 'destructive' });
  }, [query.isError, query.error]);
  return id ? query.data : undefined;
}
