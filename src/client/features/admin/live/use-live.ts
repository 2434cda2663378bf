import { toast } from '@/client/components/ui/toast';
import { useCoalesced } from '@/client/lib/live-client';
import { trpc } from '@/client/lib/trpc';
import { useCustomersChanged } from '../customers/use-admin-customers';
import { useRefreshOrders } from '../orders/use-admin-orders';
import { useProductsChanged } from '../products/use-admin-products';

/*
 * The back-office screens follow changes made elsewhere (another admin, the shop, another
 * instance): each screen calls one of these hooks, which subscribes over the admin chunk's socket
 * (lib/live-client.tsx) and invalidates that screen's queries. The server sends what happened,
 * never the rows: the screens reload through their usual queries, with their filters and pages.
 */

/** A burst of events (a catch-up after a reconnection) reloads once. */
const BURST_MS = 100;
/** The spec: the customers list refreshes one second after a profile change. */
const CUSTOMERS_DELAY_MS = 1000;

/**
 * Orders screen: the list, and the details dialog's order and timeline while it is open, reload
 * on any order event; a new order is announced with its number.
 */
export function useLiveOrders() {
  const refreshOrders = useRefreshOrders();
  const reload = useCoalesced(() => void refreshOrders(), BURST_MS);
  trpc.live.orders.useSubscription(
    { lastEventId: null },
    {
      onData: ({ data }) => {
        for (const change of data.changes) {
          if (change.type === 'OrderPlaced') {
            toast({ title: 'Nouvelle commande', description: `Commande ${change.orderNumber} reçue.` });
          }
        }
        reload();
      },
    },
  );
}

/** Dashboard: its figures follow order changes. */
export function useLiveDashboard() {
  const utils = trpc.useUtils();
  const reload = useCoalesced(() => void utils.dashboard.invalidate(), BURST_MS);
  trpc.live.orders.useSubscription({ lastEventId: null }, { onData: reload });
}

/** Products screen: any product change reloads the list (the spec's live products). */
export function useLiveProducts() {
  const changed = useProductsChanged();
  const reload = useCoalesced(() => void changed(), BURST_MS);
  trpc.live.products.useSubscription({ lastEventId: null }, { onData: reload });
}

/** Customers screen: the list refreshes one second after a profile change. */
export function useLiveCustomers() {
  const changed = useCustomersChanged();
  const reload = useCoalesced(() => void changed(), CUSTOMERS_DELAY_MS);
  trpc.live.customers.useSubscription({ lastEventId: null }, { onData: reload });
}

/**
 * Contracts screen, a contract's page and the planning's visits to confirm: any contract event
 * (signed, visits planned or confirmed, invoiced, notice sent, renewed, terminated) reloads them.
 */
export function useLiveContracts() {
  const utils = trpc.useUtils();
  const reload = useCoalesced(() => void utils.contracts.invalidate(), BURST_MS);
  trpc.live.contracts.useSubscription({ lastEventId: null }, { onData: reload });
}
