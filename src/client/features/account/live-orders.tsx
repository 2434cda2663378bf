import { LiveProvider, useCoalesced } from '@/client/lib/live-client';
import { trpc } from '@/client/lib/trpc';

/** A burst of events (a catch-up after a reconnection) reloads once. */
const BURST_MS = 100;

function FollowMyOrders() {
  const utils = trpc.useUtils();
  const reload = useCoalesced(() => {
    void utils.account.orders.invalidate();
    void utils.account.order.invalidate();
    void utils.account.totals.invalidate();
  }, BURST_MS);
  trpc.live.myOrders.useSubscription({ lastEventId: null }, { onData: reload });
  return null;
}

/**
 * /compte follows the signed-in customer's own orders (a new status set in the back-office shows at
 * once). Loaded lazily by the page, for a signed-in customer only: the storefront never downloads
 * the websocket client nor opens a socket.
 */
export default function LiveOrders() {
  return (
    <LiveProvider>
      <FollowMyOrders />
    </LiveProvider>
  );
}
