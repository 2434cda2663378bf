import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { ApiClientsContext } from '../providers';
import { browserApiClients, trpc } from './trpc';

/**
 * tRPC and TanStack Query for the pages that read the API (shop, account, back-office). app.tsx
 * loads this module together with such a page's chunk, so the marketing pages never download it.
 * The clients are the ones Providers was given (a server render), else the browser's single pair.
 */
export function ApiProvider({ children }: { children: ReactNode }) {
  const { queryClient, trpcClient } = useContext(ApiClientsContext) ?? browserApiClients();
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
