import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's HTML and while it is being hydrated, true once the page is React's. The
 * shop's buttons that only work with JavaScript are disabled until then, so a click that lands
 * before the scripts have run is not silently lost (docs/decisions/016-shop-ssr.md).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
