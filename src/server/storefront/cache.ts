import { createHash } from 'node:crypto';
import { SHOP_PAGES_CACHE } from '../catalog/page-cache.js';
import { registerCache } from '../settings/caches.js';

/**
 * A short cache of the server-rendered shop pages, sitemap.xml included (docs/decisions/016-shop-ssr.md):
 * entries live a few seconds, and a product change clears them on every instance (NOTIFY through
 * the settings' cache clears), as do a settings save and "Vider le cache". Concurrent requests for a
 * page being rendered wait for that one render.
 */
export const SHOP_PAGE_TTL_MS = 10_000;
/** Bounded: unknown product ids are cached too (as 404s), the oldest entries go first. */
const MAX_ENTRIES = 500;

export interface RenderedResponse {
  status: number;
  body: Buffer;
  etag: string;
}

const entries = new Map<string, { response: Promise<RenderedResponse>; expires: number }>();
registerCache(SHOP_PAGES_CACHE, () => entries.clear());

export function rendered(status: number, text: string): RenderedResponse {
  const body = Buffer.from(text);
  return { status, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Whether the page is in the cache, fresh (it would be served without any work). */
export function isCached(key: string): boolean {
  const hit = entries.get(key);
  return !!hit && hit.expires > Date.now();
}

export function cachedResponse(
  key: string,
  produce: () => Promise<RenderedResponse>,
): Promise<RenderedResponse> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.response;
  entries.delete(key);
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  const entry = { response: produce(), expires: now + SHOP_PAGE_TTL_MS };
  entries.set(key, entry);
  // A failed render is not kept: the next request tries again.
  entry.response.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry.response;
}
