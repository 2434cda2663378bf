/**
 * The shop's identity and delivery rules on every page, including the marketing pages that the
 * build pre-renders. How a change in Paramètres reaches them without a deploy: the server renders
 * every page it serves with the current settings (src/server/storefront/pages.ts: the marketing
 * pages are rendered again at request time, cached until the settings change or for 10 s at most)
 * and embeds them as a JSON data block (SITE_SETTINGS_ID), which hydration reads so that it renders
 * the same values. A visitor without JavaScript, or a crawler, reads the current values in the HTML.
 * The build's pre-rendered files (business.ts's facts) are only served when the settings cannot be
 * read (database down). Once hydrated, one GET of the public settings procedure
 * (`/api/trpc/settings.shop`, `no-store`) refreshes them, for every component on the page at once
 * (a page kept in the browser's cache). A plain fetch, not the tRPC client: the marketing pages
 * never download @trpc/* or zod (docs/decisions/017-js-budget.md). Shop pages, which have the API,
 * read the same procedure through react-query (useShop).
 */
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useEffect,
  useSyncExternalStore,
} from 'react';
import { SITE_SETTINGS_ID } from '@/client/lib/server-state';
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

/** The settings embedded in the page by the server, or null (the build's files, the server itself). */
function readEmbedded(): SiteSettings | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SITE_SETTINGS_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SiteSettings>;
    return value.identity && value.delivery ? (value as SiteSettings) : null;
  } catch {
    return null;
  }
}

const embedded = readEmbedded();

/** On the server, the settings of the page being rendered (each render its own). */
const RenderedSettings = createContext<SiteSettings | null>(null);

export function SiteSettingsProvider({ value, children }: { value: SiteSettings; children: ReactNode }) {
  return createElement(RenderedSettings.Provider, { value }, children);
}

/** What the server fetched after hydration; null until then. */
let current: SiteSettings | null = null;
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

/** The current settings: the page's own during hydration (as rendered), the server's right after. */
export function useSiteSettings(): SiteSettings {
  const rendered = useContext(RenderedSettings) ?? embedded ?? PRERENDERED;
  const value = useSyncExternalStore(
    subscribe,
    () => current ?? rendered,
    () => rendered,
  );
  useEffect(load, []);
  return value;
}
