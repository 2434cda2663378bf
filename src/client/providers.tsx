import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from './components/ui/toast';
import { CartProvider } from './features/cart/cart-context';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <CartProvider>{children}</CartProvider>
        <Toaster />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
