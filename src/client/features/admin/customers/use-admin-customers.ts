import { useEffect, useState } from 'react';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { CUSTOMER_PAGE_SIZE } from '@/domain/account/customers';
import type { Role } from '@/domain/account/roles';

export type AdminCustomer = RouterOutputs['adminCustomers']['list']['items'][number];

/** The search box's text once the admin stopped typing for a moment (one request, not one per key). */
export function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Pages of customers matching the search and role, newest first, with the count of all that match. */
export function useAdminCustomers(search: string, role: Role | null) {
  const query = trpc.adminCustomers.list.useInfiniteQuery(
    { search, role, limit: CUSTOMER_PAGE_SIZE },
    { getNextPageParam: (last) => last.nextCursor, staleTime: 0, placeholderData: (previous) => previous },
  );
  const pages = query.data?.pages ?? [];
  return {
    customers: pages.flatMap((p) => p.items),
    total: pages[0]?.total ?? 0,
    isLoading: query.isLoading,
    isError: query.isError,
    hasMore: query.hasNextPage,
    loadMore: () => query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
  };
}

/** After a change: every customers list (any search or filter) reloads. */
export function useCustomersChanged() {
  const utils = trpc.useUtils();
  return () => utils.adminCustomers.list.invalidate();
}
