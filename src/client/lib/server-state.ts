import type { DehydratedState, QueryClient } from '@tanstack/react-query';

/**
 * The query cache a server-rendered page was rendered with (/boutique, /produit/:id; see
 * docs/decisions/016-shop-ssr.md). The server embeds it as a JSON data block (allowed by the CSP,
 * unlike an inline script); the client seeds its query client with it so that hydration renders the
 * same data and fetches none of it again.
 */
export const SERVER_STATE_ID = 'server-state';

/**
 * The shop's identity and delivery rules a page was rendered with (features/site/use-site-settings.ts):
 * the server embeds them in every page it serves, so that hydration renders the same values.
 */
export const SITE_SETTINGS_ID = 'site-settings';

/** The embedded state of this page, or null (pre-rendered pages, the SPA shell, the server itself). */
export function readServerState(): DehydratedState | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as DehydratedState;
    // The data is as fresh as the page that carries it: counted from now, whatever the two clocks say.
    const now = Date.now();
    for (const query of state.queries) {
      if (query.state.dataUpdatedAt) query.state.dataUpdatedAt = now;
      if (query.state.errorUpdatedAt) query.state.errorUpdatedAt = now;
    }
    return state;
  } catch {
    return null;
  }
}

/**
 * The query client, seeded with the given state (the server's render) or the page's embedded one.
 * The cache is empty here: each query is built as it was, which is what `hydrate` does on an empty
 * cache, without adding `hydrate` to every page's entry chunk.
 */
export function withServerState(client: QueryClient, state: DehydratedState | null = readServerState()) {
  const cache = client.getQueryCache();
  for (const { queryKey, queryHash, state: queryState } of state?.queries ?? []) {
    cache.build(client, { queryKey, queryHash }, { ...queryState, fetchStatus: 'idle' });
  }
  return client;
}
