import type { Sql, Tx } from '../db/client.js';
import { logger } from '../logger.js';

/**
 * The server's in-process caches (shop settings, built files), cleared together by "Vider le cache"
 * and on every instance: a clear or a settings save is announced with NOTIFY, and each instance
 * LISTENs (listenForCacheClears, started with the app).
 */
export const CACHE_CLEAR_CHANNEL = 'shop_cache_clear';
const clearers = new Map<string, () => void>();

export function registerCache(name: string, clear: () => void) {
  clearers.set(name, clear);
}

/** Clears this instance's caches (or only the one named); returns their names. */
export function clearLocalCaches(name?: string): string[] {
  if (name) {
    clearers.get(name)?.();
    return [name];
  }
  for (const clear of clearers.values()) clear();
  return [...clearers.keys()];
}

/**
 * Tells every instance (this one included, through its listener) to clear its caches, or only the
 * one named. Inside a transaction, the other instances hear it at commit.
 */
export async function announceCacheClear(sql: Tx, name?: string) {
  clearLocalCaches(name);
  await sql`select pg_notify(${CACHE_CLEAR_CHANNEL}, ${name ?? ''})`;
}

export async function listenForCacheClears(sql: Sql): Promise<{ stop(): Promise<void> }> {
  const listener = await sql
    .listen(CACHE_CLEAR_CHANNEL, (name) => clearLocalCaches(name || undefined))
    .catch((error) => {
      logger.warn('Cache clears: LISTEN failed, caches expire on their own', error);
      return null;
    });
  return { stop: async () => void (await listener?.unlisten().catch(() => undefined)) };
}
