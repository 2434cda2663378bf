import { useQueryClient } from '@tanstack/react-query';
import { createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import { trpc } from './trpc';

/**
 * The websocket side of the tRPC client, for the screens that follow changes live: the back-office
 * chunk and /compte (which imports this module lazily, for a signed-in customer only). The
 * storefront's own client (lib/trpc.ts) stays HTTP-only, so no shopper downloads this code or opens
 * a socket.
 *
 * One socket per page, opened with the first subscription and closed a few seconds after the last
 * one ends (lazy mode). When it drops (server restart, lost network) it reopens with backoff and
 * every subscription is sent again with the id of the last event it received (tracked()), so the
 * server replays what was missed before going live.
 */

/** Reconnection delays: quick first retry, then growing up to 10 s, jittered so that every client
 * of a restarted server does not come back in the same instant. */
export function reconnectDelay(attempt: number): number {
  const base = attempt === 0 ? 300 : Math.min(1000 * 1.6 ** attempt, 10_000);
  return Math.round(base * (0.75 + Math.random() / 2));
}

function socketUrl() {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/trpc`;
}

type WsClient = ReturnType<typeof createWSClient>;

interface Live {
  ws: WsClient;
  client: ReturnType<typeof trpc.createClient>;
}

let live: Live | null = null;

/** The page's one live client, created on first use (creating it opens nothing: lazy mode). */
function liveClient(): Live {
  if (live) return live;
  const ws = createWSClient({
    url: socketUrl,
    retryDelayMs: reconnectDelay,
    lazy: { enabled: true, closeMs: 5_000 },
    // A half-open socket (sleeping laptop, dropped Wi-Fi) is noticed within seconds, not minutes.
    keepAlive: { enabled: true, intervalMs: 15_000, pongTimeoutMs: 5_000 },
  });
  const client = trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: ws }),
        false: httpBatchLink({ url: '/api/trpc', maxURLLength: 4000, maxItems: 10 }),
      }),
    ],
  });
  live = { ws, client };
  return live;
}

/** 'lost' while the socket is down and being reopened; 'ok' otherwise (open, opening, or idle). */
export type LiveConnection = 'ok' | 'lost';

const ConnectionContext = createContext<WsClient | null>(null);

/**
 * Makes the tRPC hooks below it use the live client (subscriptions over the socket, the rest over
 * HTTP batch as before), on the page's one query cache.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { ws, client } = liveClient();
  // Back from a lost socket: the subscriptions resume after their last event, but one that had
  // received none yet resumes from now; reloading what the page shows covers that gap too.
  useEffect(() => {
    let lost = false;
    const subscription = ws.connectionState.subscribe({
      next: (state) => {
        if (state.state === 'connecting' && state.error) lost = true;
        else if (state.state === 'pending' && lost) {
          lost = false;
          void queryClient.invalidateQueries();
        }
      },
    });
    return () => subscription.unsubscribe();
  }, [ws, queryClient]);
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <ConnectionContext.Provider value={ws}>{children}</ConnectionContext.Provider>
    </trpc.Provider>
  );
}

/** Whether the live socket is lost, for a discreet notice (outside a LiveProvider: always 'ok'). */
export function useLiveConnection(): LiveConnection {
  const ws = useContext(ConnectionContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!ws) return () => {};
      const subscription = ws.connectionState.subscribe({ next: onChange });
      return () => subscription.unsubscribe();
    },
    [ws],
  );
  return useSyncExternalStore(
    subscribe,
    () => {
      const state = ws?.connectionState.get();
      // A reconnection carries the error that closed the socket; the first opening has none.
      return state?.state === 'connecting' && state.error ? 'lost' : 'ok';
    },
    () => 'ok',
  );
}

/**
 * Returns a function that runs `action` once, `delayMs` after the first of a burst of calls: a
 * catch-up of many events after a reconnection reloads a list once, not once per event.
 */
export function useCoalesced(action: () => void, delayMs: number): () => void {
  const latest = useRef(action);
  latest.current = action;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const schedule = useRef(() => {
    timer.current ??= setTimeout(() => {
      timer.current = null;
      latest.current();
    }, delayMs);
  });
  return schedule.current;
}
