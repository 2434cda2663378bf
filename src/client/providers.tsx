import { createContext, type ReactNode } from 'react';
import { Toaster } from './components/ui/toast';
import { CartProvider } from './features/cart/cart-context';
import type { ApiClients } from './lib/trpc';

/**
 * The API clients of a server render (one pair per request). Absent in the browser, where
 * lib/api-provider.tsx uses the browser's own pair.
 */
export const ApiClientsContext = createContext<ApiClients | null>(null);

/**
 * What every page has: the cart and the notices. tRPC and TanStack Query are not here: they load
 * with the pages that use them (lib/api-provider.tsx, wrapped around those routes in app.tsx).
 */
export function Providers({ children, api }: { children: ReactNode; api?: ApiClients }) {
  return (
    <ApiClientsContext.Provider value={api ?? null}>
      <CartProvider>{children}</CartProvider>
      <Toaster />
    </ApiClientsContext.Provider>
  );
}
