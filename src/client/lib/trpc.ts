import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact, type inferReactQueryProcedureOptions } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/routers/index.js';

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
