import type { Tx } from '../db/client.js';
import { announceCacheClear } from '../settings/caches.js';

/**
 * The name of the shop pages' cache (kept by storefront/cache.ts, which renders them): named here
 * so that the catalog, a lower room, can clear it on every instance without importing the storefront.
 */
export const SHOP_PAGES_CACHE = 'shop-pages';

/** A product was created, saved or removed: every instance renders its shop pages again. */
export async function announceProductChange(sql: Tx) {
  await announceCacheClear(sql, SHOP_PAGES_CACHE);
}
