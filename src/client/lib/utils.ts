import { type ClassValue, clsx } from 'clsx';
import { useEffect } from 'react';
import { mergeClasses } from './class-merge';

/** Class names joined, a later Tailwind class replacing an earlier conflicting one (class-merge.ts). */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}

/*
 * Page titles: one mechanism for the shop, the account pages, the marketing pages (seo.ts) and the
 * back-office (useAdminTitle). It lives beside cn() on purpose: every route uses both, and a module
 * of its own became a chunk of its own on every storefront route (0.3 KB gzip with its import).
 */
const SITE_NAME = 'Hygiène - Anti-nuisibles 27';

/** Sets the document title on client-side navigation (the pre-renderer writes the first one); null: not known yet. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/** A page's title from its name and area: 'Mon panier | Hygiène - ...', 'Produits | Administration | Hygiène - ...'. */
export const usePageTitle = (name: string | null, area?: string) =>
  useDocumentTitle(name && [name, area, SITE_NAME].filter(Boolean).join(' | '));
