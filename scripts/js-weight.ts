/**
 * The storefront's initial JavaScript: what `npm run measure:js` prints and what the e2e budget test
 * (tests/e2e/js-budget.spec.ts) holds every route to. See docs/decisions/017-js-budget.md.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** Initial JS of any storefront route, gzip (issue 16; stretch goal 100 KB). */
export const JS_BUDGET_KB = 130;

/** Chunks of the back-office: none may load on a storefront route. */
export const ADMIN_CHUNK = /\/assets\/(admin|dashboard|products-admin)[^/]*\.js$/;

export interface ScriptWeight {
  path: string;
  raw: number;
  gzip: number;
  /** The file holds TanStack Query's provider (the API client libraries). */
  apiClient: boolean;
}

export interface RouteWeight {
  path: string;
  /** Bytes, gzip-compressed as the server sends them. */
  gzip: number;
  raw: number;
  scripts: ScriptWeight[];
}

/** Marker of @tanstack/react-query's code (its error message), kept by the minifier. */
const API_CLIENT_MARKER = 'No QueryClient set';

/**
 * Every storefront route: the home page, each rubrique linked from it, the legal pages, the shop
 * (the first product of the catalogue), the cart, checkout, confirmation, sign-in and account.
 */
export async function storefrontPaths(base: string): Promise<string[]> {
  const home = await (await fetch(`${base}/`)).text();
  const rubriques = [...new Set(home.match(/\/rubriques\/[a-z0-9-]+/g) ?? [])];
  const list = (await (await fetch(`${base}/api/trpc/catalog.list`)).json()) as {
    result?: { data?: { id: string }[] };
  };
  const product = list.result?.data?.[0]?.id;
  if (rubriques.length === 0 || !product)
    throw new Error('No rubrique link on / or no product in catalog.list');
  return [
    '/',
    ...rubriques,
    '/mentions-legales',
    '/cgv',
    '/politique-confidentialite',
    '/boutique',
    `/produit/${product}`,
    '/panier',
    '/checkout',
    '/confirmation',
    '/auth',
    '/compte',
  ];
}

/**
 * Loads a page and weighs every script it fetched until the page was rendered and the network
 * idle (entry, route chunks, their imports). The list comes from the page's
 * resource timing, the bytes from the server: nothing depends on the browser's cache.
 */
export async function measureRoute(page: Page, url: string): Promise<RouteWeight> {
  await page.goto(url);
  // Until React has rendered or hydrated the page's <main> (its nodes then carry React's fiber key;
  // "network idle" alone comes too early on a busy machine, while the entry is still being parsed),
  // then until the network is quiet.
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
  await page.waitForLoadState('networkidle');
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith('.js')),
  );
  const scripts: ScriptWeight[] = [];
  for (const scriptUrl of new Set(urls)) {
    const bytes = await (await page.request.get(scriptUrl)).body();
    scripts.push({
      path: new URL(scriptUrl).pathname,
      raw: bytes.length,
      gzip: gzipSync(bytes).length,
      apiClient: bytes.includes(API_CLIENT_MARKER),
    });
  }
  scripts.sort((a, b) => b.gzip - a.gzip);
  return {
    path: new URL(url).pathname,
    gzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
    raw: scripts.reduce((sum, s) => sum + s.raw, 0),
    scripts,
  };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
