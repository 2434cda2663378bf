/**
 * Server-side entry used only at build time (scripts/prerender.ts): renders a route to HTML with
 * the same tree as main.tsx (StrictMode > router > Providers > App), so the browser hydrates it
 * without mismatch. `prerender` waits for the lazy route chunks before resolving.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app';

export {
  marketingHeadTags as headTags,
  marketingPages as pages,
  type PrerenderPage,
} from './features/marketing/pages';
export { fillShell } from './lib/head-tags';

import { Providers } from './providers';

// The tRPC client reads location and needs a WebSocket class when it is created; nothing is
// fetched and no socket opens while pre-rendering (the websocket link is lazy).
if (typeof globalThis.location === 'undefined') {
  Object.defineProperty(globalThis, 'location', { value: new URL('http://localhost/'), configurable: true });
}
if (typeof globalThis.WebSocket === 'undefined') {
  Object.defineProperty(globalThis, 'WebSocket', {
    value: class NoWebSocket {
      constructor() {
        throw new Error('No WebSocket while pre-rendering');
      }
    },
    configurable: true,
  });
}

export async function render(url: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <Providers>
          <App />
        </Providers>
      </StaticRouter>
    </StrictMode>,
    // One piece: no boundary is outlined and revealed by an inline script, which the CSP forbids.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return await new Response(prelude).text();
}
