/**
 * The marketing pages (docs/decisions/002-prerendering.md): the build pre-renders them
 * (entry-prerender.tsx, with business.ts's facts), and the server renders them again at request time
 * with the current settings (src/server/storefront/pages.ts, through entry-server.tsx), both from
 * this table.
 */

import { headTags as pageHeadTags } from '@/client/lib/head-tags';
import { PRERENDER_IDENTITY, type SiteIdentity } from '@/domain/legal/identity';
import { RUBRIQUE_IDS } from '@/domain/site/routes';
import { rubriqueMeta } from './rubriques';
import {
  canonicalUrl,
  HOME_META,
  LEGAL_META,
  localBusinessJsonLd,
  NOT_FOUND_META,
  type PageMeta,
} from './seo';

export interface PrerenderPage {
  /** The URL rendered. */
  url: string;
  /** Where the HTML goes, relative to dist/client. */
  file: string;
  meta: PageMeta;
  /** The home page carries the business's structured data (JSON-LD). */
  home?: true;
}

export const marketingPages: PrerenderPage[] = [
  { url: '/', file: 'index.html', meta: HOME_META, home: true },
  ...RUBRIQUE_IDS.map((id) => ({
    url: `/rubriques/${id}`,
    file: `rubriques/${id}/index.html`,
    meta: rubriqueMeta(id),
  })),
  ...Object.values(LEGAL_META).map((meta) => ({
    url: meta.path,
    file: `${meta.path.slice(1)}/index.html`,
    meta,
  })),
  { url: '/404', file: '404.html', meta: NOT_FOUND_META },
];

/** The <head> tags of a page: title, description, canonical, Open Graph, structured data (the identity's). */
export function marketingHeadTags(page: PrerenderPage, identity: SiteIdentity = PRERENDER_IDENTITY): string {
  const { meta } = page;
  return pageHeadTags({
    title: meta.title,
    description: meta.description,
    canonical: meta.path ? canonicalUrl(meta.path) : null,
    image: { url: canonicalUrl('/og-image.png'), width: 1200, height: 630 },
    siteName: identity.name,
    ...(page.home ? { jsonLd: [localBusinessJsonLd(identity)] } : {}),
  });
}
