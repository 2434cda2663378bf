import { INDEXABLE_PAGES, PRIVATE_PATH_PREFIXES } from '../../domain/site/routes.js';
import { listVisibleProductChanges } from '../catalog/queries.js';
import type { Tx } from '../db/client.js';
import { productUrl } from './structured-data.js';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every indexable page and every product a shopper can open, with its last change. */
export async function sitemapXml(sql: Tx, base: string): Promise<string> {
  const products = await listVisibleProductChanges(sql);
  const urls = [
    ...INDEXABLE_PAGES.map((path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc></url>`),
    ...products.map(
      (p) =>
        `  <url><loc>${escapeXml(productUrl(base, p.id))}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
