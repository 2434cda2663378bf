import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, type TRPCClient } from '@trpc/client';
import { createTRPCReact, type inferReactQueryProcedureOptions } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/routers/index.js';
import { withServerState } from './server-state';

export const trpc = createTRPCReact<AppRouter>();
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type ReactQueryOptions = inferReactQueryProcedureOptions<AppRouter>;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        staleTime: 30_000,
        retry: (count, error) => {
          const code = (error as { data?: { httpStatus?: number } }).data?.httpStatus;
          return (code === undefined || code >= 500) && count < 3;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Queries and mutations over HTTP batch. No websocket link here: no storefront screen subscribes,
 * and the socket client would weigh on every page. The back-office adds a wsLink in its own chunk
 * (the server already answers tRPC subscriptions on ws://<host>/api/trpc).
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: '/api/trpc', maxURLLength: 4000, maxItems: 10 })],
  });
}

/** The clients one render uses: the browser keeps one pair for its life, a server render makes its own. */
export interface ApiClients {
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
}

let browserClients: ApiClients | undefined;

/**
 * The browser's clients, created with the first page or form that calls the API: the shop's pages
 * and the contact form share one cache and one batching link. This module and its libraries are
 * not part of the marketing pages' initial JavaScript (docs/decisions/017-js-budget.md).
 */
export function browserApiClients(): ApiClients {
  if (typeof window === 'undefined') {
    // A module-level cache on a server would be shared by every request.
    throw new Error('Server rendering needs its own API clients: pass them to <Providers api={...}>');
  }
  // A server-rendered page (/boutique, /produit/:id) carries the cache it was rendered with.
  browserClients ??= { queryClient: withServerState(createQueryClient()), trpcClient: createTrpcClient() };
  return browserClients;
}
