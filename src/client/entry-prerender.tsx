/**
 * Server-side entry used only at build time (scripts/prerender.ts): renders a route to HTML with
 * the same tree as main.tsx (StrictMode > router > Providers > App), so the browser hydrates it
 * without mismatch. `prerender` waits for the lazy route chunks before resolving.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { BUSINESS } from '../domain/site/business';
import { RUBRIQUE_IDS } from '../domain/site/routes';
import { App } from './app';
import { rubriqueMeta } from './features/marketing/rubriques';
import {
  canonicalUrl,
  HOME_META,
  LEGAL_META,
  localBusinessJsonLd,
  NOT_FOUND_META,
  type PageMeta,
} from './features/marketing/seo';
import { headTags as pageHeadTags } from './lib/head-tags';

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

export interface PrerenderPage {
  /** The URL rendered. */
  url: string;
  /** Where the HTML goes, relative to dist/client. */
  file: string;
  meta: PageMeta;
  jsonLd?: object;
}

export const pages: PrerenderPage[] = [
  { url: '/', file: 'index.html', meta: HOME_META, jsonLd: localBusinessJsonLd() },
  ...RUBRIQUE_IDS.map((id) => ({
    url: `/rubriques/${id}`,
    file: `rubriques/${id}/index.html`,
    meta: rubriqueMeta(id),
  })),
  ...Object.values(LEGAL_META).map((meta) => ({
    url: meta.path,
    file: `${meta.path.slice(1)}/index.html`,
    meta,
  })),
  { url: '/404', file: '404.html', meta: NOT_FOUND_META },
];

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

/** The <head> tags of a page: title, description, canonical, Open Graph, structured data. */
export function headTags(page: PrerenderPage): string {
  const { meta } = page;
  return pageHeadTags({
    title: meta.title,
    description: meta.description,
    canonical: meta.path ? canonicalUrl(meta.path) : null,
    image: { url: canonicalUrl('/og-image.png'), width: 1200, height: 630 },
    siteName: BUSINESS.name,
    ...(page.jsonLd ? { jsonLd: [page.jsonLd] } : {}),
  });
}
