/**
 * Server-side entry used only at build time (scripts/prerender.ts): renders a route to HTML with
 * the same tree as main.tsx (StrictMode > router > Providers > App), so the browser hydrates it
 * without mismatch. `prerender` waits for the lazy route chunks before resolving.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { RUBRIQUE_IDS } from '../domain/site/routes';
import { App } from './app';
import {
  canonicalUrl,
  HOME_META,
  LEGAL_META,
  localBusinessJsonLd,
  NOT_FOUND_META,
  type PageMeta,
  rubriqueMeta,
} from './features/marketing/seo';
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

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <head> tags of a page: title, description, canonical, Open Graph, structured data. */
export function headTags(page: PrerenderPage): string {
  const { meta } = page;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (meta.path) {
    const url = canonicalUrl(meta.path);
    tags.push(
      `<link rel="canonical" href="${url}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:locale" content="fr_FR" />`,
      `<meta property="og:site_name" content="Hygiène - Anti-nuisibles 27" />`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:url" content="${url}" />`,
      `<meta property="og:image" content="${canonicalUrl('/og-image.png')}" />`,
      `<meta property="og:image:width" content="1200" />`,
      `<meta property="og:image:height" content="630" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
    );
  } else {
    tags.push(`<meta name="robots" content="noindex" />`);
  }
  if (page.jsonLd) {
    // A data block, not a script: allowed by the CSP. `<` is escaped so the JSON cannot close the tag.
    tags.push(
      `<script type="application/ld+json">${JSON.stringify(page.jsonLd).replace(/</g, '\\u003c')}</script>`,
    );
  }
  return tags.join('\n    ');
}
