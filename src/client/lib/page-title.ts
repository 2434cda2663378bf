import { useEffect } from 'react';

export const SITE_NAME = 'Hygiène - Anti-nuisibles 27';

/** 'Boutique' -> 'Boutique | Hygiène - Anti-nuisibles 27'; an area goes between ('Produits | Administration | ...'). */
export const pageTitle = (...names: string[]) => [...names, SITE_NAME].join(' | ');

export interface PageHead {
  title: string;
  /** Indexed pages only: the meta description and the canonical URL, kept in step with the title. */
  description?: string | undefined;
  canonicalUrl?: string | undefined;
}

/**
 * The one place the document head changes on client-side navigation (the pre-renderer writes the
 * first one into the HTML). null: not known yet (a product still loading), nothing changes.
 */
export function usePageHead(head: PageHead | null) {
  const title = head?.title;
  const description = head?.description;
  const canonicalUrl = head?.canonicalUrl;
  useEffect(() => {
    if (!title) return;
    document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    if (canonicalUrl) document.querySelector('link[rel="canonical"]')?.setAttribute('href', canonicalUrl);
  }, [title, description, canonicalUrl]);
}

/** A page's title from its name (and area): usePageTitle('Mon panier'), usePageTitle('Produits', 'Administration'). */
export function usePageTitle(name: string | null, area?: string) {
  usePageHead(name ? { title: area ? pageTitle(name, area) : pageTitle(name) } : null);
}
