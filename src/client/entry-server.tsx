/**
 * Server-side entry used at request time by the server (src/server/storefront/pages.ts) for the shop
 * pages and the marketing pages (with the current settings): renders a route with the same tree as main.tsx (StrictMode > router > Providers > App),
 * its query cache seeded with the state the server fetched, which the page then carries to the
 * browser (see docs/decisions/016-shop-ssr.md).
 */
import { Writable } from 'node:stream';
import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app';
import { type SiteSettings, SiteSettingsProvider } from './features/site/use-site-settings';
import { withServerState } from './lib/server-state';
import { createQueryClient, createTrpcClient } from './lib/trpc';
import { Providers } from './providers';

/** How long a render may take before it is abandoned (the request then fails with a 500). */
const RENDER_TIMEOUT_MS = 10_000;

export { marketingHeadTags, marketingPages } from './features/marketing/pages';
export type { SiteSettings } from './features/site/use-site-settings';

/**
 * Renders the route with this query cache and these site settings (the identity and delivery rules
 * the page carries: the page embeds the same ones for hydration).
 */
export function renderApp(url: string, state: DehydratedState, site: SiteSettings): Promise<string> {
  // This request's own clients, the cache seeded with what the server fetched: nothing is fetched
  // while rendering.
  const api = { queryClient: withServerState(createQueryClient(), state), trpcClient: createTrpcClient() };
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <StaticRouter location={url}>
          <Providers api={api}>
            <SiteSettingsProvider value={site}>
              <App />
            </SiteSettingsProvider>
          </Providers>
        </StaticRouter>
      </StrictMode>,
      {
        // The whole page at once, for search engines and for the CSP: an outlined Suspense boundary
        // would be revealed by an inline script, which the CSP forbids.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: (error) => {
          reject(error);
        },
      },
    );
    setTimeout(() => stream.abort(new Error('Server render timed out')), RENDER_TIMEOUT_MS).unref();
  });
}
