import { useEffect, useState } from 'react';

/** The infinite-query options every back-office list shares: next cursor, always fresh, no blank while a filter changes. */
export const pagedListOptions = {
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
  staleTime: 0,
  placeholderData: <T>(previous: T) => previous,
};

/** What pagedList reads of a tRPC infinite query. */
interface InfiniteListQuery<Page> {
  data?: { pages: Page[] };
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/**
 * A server-paged list as the screens use it: the loaded rows, the first page's count (null until
 * it arrives), the states, and the next-page controls that LoadMore takes.
 */
export function pagedList<Query extends InfiniteListQuery<{ items: unknown[]; total: number | null }>>(
  query: Query,
) {
  type Page = NonNullable<Query['data']>['pages'][number];
  const pages: Page[] = query.data?.pages ?? [];
  return {
    items: pages.flatMap((p) => p.items) as Page['items'],
    first: pages[0] as Page | undefined,
    total: pages[0]?.total ?? null,
    isLoading: query.isLoading,
    isError: query.isError,
    isFetching: query.isFetching,
    refetch: () => query.refetch(),
    hasMore: query.hasNextPage,
    loadMore: () => query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
  };
}

/** The search box's text once typing paused for a moment (one request, not one per key). */
export function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
