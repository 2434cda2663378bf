import { type RouterOutputs, trpc } from '@/client/lib/trpc';

export type AdminProduct = RouterOutputs['adminProducts']['list']['items'][number];

/** The spec's page size of the product screen. */
export const PAGE_SIZE = 20;

/** Pages of 20, newest first, with the total and whether more pages exist. */
export function useAdminProducts() {
  const query = trpc.adminProducts.list.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: (last) => last.nextCursor, staleTime: 0 },
  );
  const pages = query.data?.pages ?? [];
  return {
    products: pages.flatMap((p) => p.items),
    total: pages[0]?.total ?? 0,
    isLoading: query.isLoading,
    isError: query.isError,
    hasMore: query.hasNextPage,
    loadMore: () => query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
  };
}

/** After a change: the admin list, the dashboard count and the shop's cached pages all refresh. */
export function useProductsChanged() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.adminProducts.invalidate(), utils.catalog.invalidate()]);
}
