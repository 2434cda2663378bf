/**
 * The <head> tags of a page rendered outside the browser: the marketing pages pre-rendered at build
 * (entry-prerender.tsx) and the shop pages rendered by the server (src/server/storefront/pages.ts).
 */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute canonical URL; null for a page that must not be indexed (404). */
  canonical: string | null;
  /** Absolute URL of the Open Graph image, with its size when known. */
  image?: { url: string; width?: number; height?: number };
  /** Open Graph type: 'website', or 'product' on a product page. */
  ogType?: string;
  siteName: string;
  /** schema.org structured data (JSON-LD). */
  jsonLd?: object[];
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * JSON for a <script type="application/json"> or ld+json data block (data, not code: allowed by the
 * CSP). Every `<` is escaped, so no string in it can close the tag or open a comment.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function headTags(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.canonical) {
    const url = escapeHtml(head.canonical);
    tags.push(
      `<link rel="canonical" href="${url}" />`,
      `<meta property="og:type" content="${escapeHtml(head.ogType ?? 'website')}" />`,
      `<meta property="og:locale" content="fr_FR" />`,
      `<meta property="og:site_name" content="${escapeHtml(head.siteName)}" />`,
      `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
      `<meta property="og:url" content="${url}" />`,
    );
    if (head.image) {
      tags.push(`<meta property="og:image" content="${escapeHtml(head.image.url)}" />`);
      if (head.image.width) tags.push(`<meta property="og:image:width" content="${head.image.width}" />`);
      if (head.image.height) tags.push(`<meta property="og:image:height" content="${head.image.height}" />`);
    }
    tags.push(`<meta name="twitter:card" content="summary_large_image" />`);
  } else {
    tags.push(`<meta name="robots" content="noindex" />`);
  }
  for (const data of head.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return tags.join('\n    ');
}

/**
 * The built page shell (index.html) with the given head tags and the rendered app in #root: its
 * default title and description give way to the page's own.
 */
export function fillShell(shell: string, head: string, appHtml: string, afterRoot = ''): string {
  const root = /<div id="root">(?:<!--app-html-->)?<\/div>/;
  if (!root.test(shell)) throw new Error('The page shell has no empty <div id="root">');
  return shell
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `    ${head}\n  </head>`)
    .replace(root, () => `<div id="root">${appHtml}</div>${afterRoot}`);
}
