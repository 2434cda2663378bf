/**
 * The shop's identity and delivery rules on every page, including the marketing pages that the
 * build pre-renders. How a change in Paramètres reaches them without a deploy: the pre-rendered
 * HTML carries business.ts's facts; once the page has hydrated, one GET of the public settings
 * procedure (`/api/trpc/settings.shop`, read through the server's 1-second settings cache, sent
 * with `no-store`) replaces them, for every component on the page at once. So a saved change
 * shows on the next page load, well within a minute. A plain fetch, not the tRPC client: the
 * marketing pages never download @trpc/* or zod (docs/decisions/017-js-budget.md). Shop pages,
 * which have the API, read the same procedure through react-query (useShop).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { DeliveryRules } from '@/domain/catalog/pricing';
import { type LegalIdentity, PRERENDER_IDENTITY } from '@/domain/legal/identity';
import type { PublicShop } from '@/domain/settings/settings';

export interface SiteSettings {
  identity: LegalIdentity;
  delivery: DeliveryRules;
}

/** What the HTML is pre-rendered with (the spec's Commerce defaults, business.ts's identity). */
const PRERENDERED: SiteSettings = {
  identity: PRERENDER_IDENTITY,
  delivery: {
    shippingEnabled: true,
    defaultShippingCostCents: 599,
    freeShippingThresholdCents: 5000,
    taxRate: 20,
  },
};

let current = PRERENDERED;
let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function load() {
  if (requested || typeof window === 'undefined') return;
  requested = true;
  fetch('/api/trpc/settings.shop', { cache: 'no-store', credentials: 'same-origin' })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { result?: { data?: PublicShop } } | null) => {
      const shop = body?.result?.data;
      if (!shop?.legal || !shop.delivery) return;
      current = { identity: shop.legal, delivery: shop.delivery };
      for (const listener of listeners) listener();
    })
    // Offline or refused: the pre-rendered facts stay.
    .catch(() => {});
}

/** The current settings: the pre-rendered ones during hydration, the server's right after. */
export function useSiteSettings(): SiteSettings {
  const value = useSyncExternalStore(
    subscribe,
    () => current,
    () => PRERENDERED,
  );
  useEffect(load, []);
  return value;
}
