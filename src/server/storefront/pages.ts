/**
 * The pages rendered at request time (docs/decisions/016-shop-ssr.md): /boutique and /produit/:id
 * are rendered by React on the server from the database, with the client's own components, and
 * carry the query cache they were rendered with so that the browser hydrates them without fetching
 * it again; sitemap.xml and robots.txt are built here too. The marketing pages the build pre-renders
 * are rendered here again with the current settings (the shop's identity and delivery claims: issue
 * 26), and every other page's shell carries those settings, so that a change in Paramètres shows in
 * the HTML itself, without JavaScript and without a deploy.
 */
import { randomUUID } from 'node:crypto';
import { dehydrate } from '@tanstack/react-query';
import { createServerSideHelpers } from '@trpc/react-query/server';
import { getTRPCErrorFromUnknown } from '@trpc/server';
import {
  marketingHeadTags,
  marketingPages,
  renderApp,
  type SiteSettings,
} from '../../client/entry-server.js';
import { fillShell, headTags, jsonForScript, type PageHead } from '../../client/lib/head-tags.js';
import { SERVER_STATE_ID, SITE_SETTINGS_ID } from '../../client/lib/server-state.js';
import type { PublicShop } from '../../domain/settings/settings.js';
import { BUSINESS } from '../../domain/site/business.js';
import { isKnownRoute } from '../../domain/site/routes.js';
import { sessionUser } from '../auth/session-lookup.js';
import type { Context, Services } from '../context.js';
import { readPublicShop } from '../invoices/identity.js';
import { SHOP_PAGE_SIZE } from '../routers/catalog.js';
import { appRouter } from '../routers/index.js';
import { cachedResponse, isCached, type RenderedResponse, rendered } from './cache.js';
import { robotsTxt, sitemapXml } from './sitemap.js';
import { boutiqueHead, productHead, productNotFoundHead } from './structured-data.js';

/**
 * The address pages link to (canonical URLs, Open Graph, structured data, sitemap): the site's one
 * public address, the same as the pre-rendered marketing pages carry, whatever PUBLIC_URL this
 * instance runs under, so that a staging or local instance never names itself canonical.
 */
const base = BUSINESS.siteUrl;

type ShopRoute = { path: string; productId: string | null };

function shopRoute(pathname: string): ShopRoute | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/boutique' || path === '/tarifs') return { path, productId: null };
  const product = /^\/produit\/([^/]+)$/.exec(path);
  if (!product) return null;
  try {
    return { path, productId: decodeURIComponent(product[1]!) };
  } catch {
    return { path, productId: product[1]! };
  }
}

/*
 * Unknown product pages from one address (issue 23, finding 10: 83 a second from one address, each
 * a different id and so a render of its own, moved the API's median from 8 to 135 ms). Each 404 a
 * product page gives counts against its address; past the limit in a minute, that address gets a
 * 429 for any product page not already rendered, before any query or render. Pages in the cache
 * are still served to it, and other addresses are not affected. Per instance, in memory: the
 * point is to bound this instance's rendering work.
 */
export const UNKNOWN_PRODUCT_LIMIT = { max: 30, windowMs: 60_000 } as const;
export const TOO_MANY_PAGES_MESSAGE = 'Trop de pages demandées, réessayez dans une minute.';
const unknownByAddress = new Map<string, { count: number; since: number }>();

function unknownCount(ip: string, now: number): number {
  const entry = unknownByAddress.get(ip);
  return entry && now - entry.since < UNKNOWN_PRODUCT_LIMIT.windowMs ? entry.count : 0;
}

function countUnknown(ip: string, now: number) {
  const entry = unknownByAddress.get(ip);
  const current = entry && now - entry.since < UNKNOWN_PRODUCT_LIMIT.windowMs ? entry : null;
  unknownByAddress.delete(ip);
  // Bounded: past many addresses, the oldest go first.
  if (unknownByAddress.size >= 10_000) unknownByAddress.delete(unknownByAddress.keys().next().value!);
  unknownByAddress.set(
    ip,
    current ? { count: current.count + 1, since: current.since } : { count: 1, since: now },
  );
}

/**
 * The page for this path when it is a shop page, else null. `shell` gives the built index.html the
 * page is rendered into; `ip` is the client's address (the unknown product pages' limit).
 */
export function shopPage(
  services: Services,
  pathname: string,
  shell: () => Promise<string>,
  ip = '',
): Promise<RenderedResponse> | null {
  const route = shopRoute(pathname);
  if (!route) return null;
  if (route.productId === null)
    return cachedResponse(route.path, () => renderShopPage(services, route, shell));
  const now = Date.now();
  if (unknownCount(ip, now) >= UNKNOWN_PRODUCT_LIMIT.max && !isCached(route.path)) {
    return Promise.resolve(rendered(429, TOO_MANY_PAGES_MESSAGE));
  }
  return cachedResponse(route.path, () => renderShopPage(services, route, shell)).then((page) => {
    if (page.status === 404) countUnknown(ip, now);
    return page;
  });
}

const siteSettings = (shop: PublicShop): SiteSettings => ({ identity: shop.legal, delivery: shop.delivery });

/** The settings a page was rendered with, for hydration to render the same (use-site-settings.ts). */
const siteSettingsScript = (site: SiteSettings) =>
  `<script type="application/json" id="${SITE_SETTINGS_ID}">${jsonForScript(site)}</script>`;

const normalized = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * Every other page, rendered with the current settings (null for a shop page): a marketing page
 * the build pre-renders is rendered again (an unknown path gets the 404 page, status 404); any
 * other screen gets the page shell with the settings embedded. Cached like the shop pages (10 s, and
 * cleared on every instance by a settings save), so a change shows at once on the next load. A
 * failure (the settings cannot be read) rejects: the caller serves the build's files instead.
 */
export function sitePage(
  services: Services,
  pathname: string,
  shell: () => Promise<string>,
): Promise<RenderedResponse> | null {
  if (shopRoute(pathname)) return null;
  const path = normalized(pathname);
  const known = isKnownRoute(path);
  const page = known
    ? marketingPages.find((p) => p.url === path)
    : marketingPages.find((p) => p.url === '/404');
  if (!page) return cachedResponse('site-shell', () => renderShell(services, shell));
  return cachedResponse(known ? path : '/404', async () => {
    const site = siteSettings(await readPublicShop(services.sql, services.config));
    const appHtml = await renderApp(page.url, { mutations: [], queries: [] }, site);
    const html = fillShell(
      await shell(),
      marketingHeadTags(page, site.identity),
      appHtml,
      siteSettingsScript(site),
    );
    return rendered(known ? 200 : 404, html);
  });
}

async function renderShell(services: Services, shell: () => Promise<string>): Promise<RenderedResponse> {
  const site = siteSettings(await readPublicShop(services.sql, services.config));
  const html = (await shell()).replace('</body>', () => `${siteSettingsScript(site)}\n  </body>`);
  return rendered(200, html);
}

/**
 * Where a page request goes before any page is sent, or null: /compte without a session goes to
 * /auth here, as the account page itself would send it, so that the browser does not download the
 * account page's code only to leave it (docs/decisions/017-js-budget.md).
 */
export async function pageRedirect(
  services: Services,
  pathname: string,
  headers: Parameters<typeof sessionUser>[1],
): Promise<string | null> {
  if (pathname.replace(/\/+$/, '') !== '/compte') return null;
  return (await sessionUser(services, headers)) ? null : '/auth';
}

/** sitemap.xml and robots.txt, or null for another path. */
export function searchEngineFile(services: Services, pathname: string): Promise<RenderedResponse> | null {
  if (pathname === '/robots.txt') return Promise.resolve(rendered(200, robotsTxt(base)));
  if (pathname === '/sitemap.xml') {
    return cachedResponse(pathname, async () => rendered(200, await sitemapXml(services.sql, base)));
  }
  return null;
}

async function renderShopPage(
  services: Services,
  route: ShopRoute,
  shell: () => Promise<string>,
): Promise<RenderedResponse> {
  // The page is the same for every visitor (it is cached): the procedures run as an anonymous one.
  const ctx: Context = { ...services, user: null, requestId: randomUUID(), ip: 'server-render' };
  const helpers = createServerSideHelpers({ router: appRouter, ctx });
  const shop = await helpers.settings.shop.fetch();
  let head: PageHead;
  let status = 200;
  if (route.path === '/tarifs') {
    // The published tariff (issue 36), from Paramètres › Interventions.
    await helpers.interventions.tariffs.fetch();
    head = {
      title: `Tarifs des interventions | ${shop.name}`,
      description:
        'Taux horaires TTC, décompte du temps, frais de déplacement, devis et majorations de nos interventions de dératisation, désinsectisation et destruction de nids.',
      canonical: `${base}/tarifs`,
      siteName: shop.name,
    };
  } else if (route.productId === null) {
    // The input of the grid's query in routes/boutique.tsx: same key, so the browser finds it cached.
    const list = await helpers.catalog.list.fetchInfinite({ limit: SHOP_PAGE_SIZE });
    head = boutiqueHead(base, list.pages[0] ?? [], shop);
  } else {
    try {
      head = productHead(base, await helpers.catalog.byId.fetch({ id: route.productId }), shop);
    } catch (cause) {
      const code = getTRPCErrorFromUnknown(cause).code;
      if (code !== 'NOT_FOUND' && code !== 'BAD_REQUEST') throw cause;
      status = 404;
      head = productNotFoundHead(shop);
    }
  }
  // What the browser will receive: JSON (dates as strings), and errors reduced to their message.
  const dehydrated = dehydrate(helpers.queryClient, {
    shouldDehydrateQuery: (query) => query.state.status !== 'pending',
  });
  for (const query of dehydrated.queries) {
    if (query.state.error) {
      query.state.error = { message: (query.state.error as Error).message } as Error;
      query.state.fetchFailureReason = null;
    }
  }
  const state = JSON.parse(JSON.stringify(dehydrated));
  const site = siteSettings(shop);
  const appHtml = await renderApp(route.path, state, site);
  const stateScript = `<script type="application/json" id="${SERVER_STATE_ID}">${jsonForScript(state)}</script>`;
  return rendered(
    status,
    fillShell(await shell(), headTags(head), appHtml, stateScript + siteSettingsScript(site)),
  );
}
