import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuros } from '../../src/domain/catalog/pricing.js';
import { BUSINESS } from '../../src/domain/site/business.js';
import { SHOP_PAGES_CACHE } from '../../src/server/catalog/page-cache.js';
import { listenForCacheClears } from '../../src/server/settings/caches.js';
import { TOO_MANY_PAGES_MESSAGE, UNKNOWN_PRODUCT_LIMIT } from '../../src/server/storefront/pages.js';
import { browserClient, holdDateStill, type RunningApp, startHttpApp } from '../support/http-app.js';
import { createProduct } from '../support/orders.js';
import { schemaOrgProblems } from '../support/schema-org.js';
import { type TestShop, testShop } from '../support/shop.js';

/*
 * The shop pages rendered by the server at request time (issue 16, docs/decisions/016-shop-ssr.md):
 * HTML with the products, their structured data and the query cache for hydration; real 404s;
 * sitemap.xml and robots.txt; the short page cache and its invalidation.
 */
/** This instance's origin; the pages still name the site's one public address (SITE) as canonical. */
const PUBLIC_URL = 'https://boutique.example.fr';
const SITE = BUSINESS.siteUrl;
let shop: TestShop;
let app: RunningApp;
const ids: Record<string, string> = {};
const IMAGE = `/images/${randomUUID()}`;
const EXTRA = `/images/${randomUUID()}`;
const HOSTILE = 'Piège </script><script>alert(1)</script> & <!-- commentaire';

beforeAll(async () => {
  shop = await testShop();
  // A public origin is a production setting: it comes with a real secret.
  // Loopback is a trusted proxy here, so that a test can speak for other client addresses.
  app = await startHttpApp(shop.db, {
    PUBLIC_URL,
    AUTH_SECRET: randomBytes(36).toString('base64'),
    TRUSTED_PROXIES: '127.0.0.1',
  });
  ids.station = (
    await createProduct(shop.sql, {
      title: "Station d'appâtage SSR",
      priceCents: 2490,
      promoPriceCents: 1990,
      isOnPromotion: true,
    })
  ).id;
  await shop.sql`
    update products set main_image = ${IMAGE}, additional_images = ${[EXTRA]}, brand = 'Marque normande',
           mini_description = 'Une station sûre pour les rats et souris.'
     where id = ${ids.station}`;
  ids.empty = (await createProduct(shop.sql, { title: 'Piège épuisé SSR', stockQuantity: 0 })).id;
  ids.hidden = (await createProduct(shop.sql, { title: 'Produit caché SSR', isVisibleInShop: false })).id;
  ids.unavailable = (await createProduct(shop.sql, { title: 'Produit retiré SSR', isAvailable: false })).id;
  ids.hostile = (await createProduct(shop.sql, { title: HOSTILE })).id;
});
afterAll(async () => {
  await app?.close();
  await shop?.drop();
});

const get = async (pathname: string) => {
  const res = await fetch(`http://127.0.0.1:${app.port}${pathname}`, { redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

/** A price as the page shows it, spaces as rootText leaves them. */
const euros = (cents: number) => formatEuros(cents).replace(/\s+/g, ' ');

type JsonLd = Record<string, unknown> & { '@type': string };
function jsonLd(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );
}
const serverState = (html: string) => {
  const m = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as { queries: { queryKey: unknown; state: { status: string } }[] }) : null;
};
/** The text of the app's HTML, as a reader sees it (tags dropped, entities decoded). */
const rootText = (html: string) =>
  (/<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

describe('/boutique', () => {
  it('is rendered on the server with the visible products, an ItemList and the query cache', async () => {
    const { status, text, headers } = await get('/boutique');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/html');
    expect(text).not.toContain('<!--app-html-->');
    const body = rootText(text);
    expect(body).toContain("Station d'appâtage SSR");
    expect(body).toContain(euros(1990));
    expect(body).toContain('Piège épuisé SSR');
    expect(body).not.toContain('Produit caché SSR');
    expect(body).not.toContain('Produit retiré SSR');
    expect(text).toContain(`<link rel="canonical" href="${SITE}/boutique" />`);
    const [list] = jsonLd(text);
    expect(list?.['@type']).toBe('ItemList');
    const items = list!.itemListElement as { position: number; url: string; name: string }[];
    expect(items.map((i) => i.name)).toContain("Station d'appâtage SSR");
    expect(items.find((i) => i.name === "Station d'appâtage SSR")?.url).toBe(
      `${SITE}/produit/${ids.station}`,
    );
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
    const state = serverState(text);
    expect(state?.queries.map((q) => JSON.stringify(q.queryKey))).toEqual(
      expect.arrayContaining([
        JSON.stringify([['catalog', 'list'], { input: { limit: 24 }, type: 'infinite' }]),
        JSON.stringify([['settings', 'shop'], { type: 'query' }]),
      ]),
    );
  });
});

describe('/produit/:id', () => {
  it('is rendered with its name, price, head tags and Product structured data', async () => {
    const { status, text } = await get(`/produit/${ids.station}`);
    expect(status).toBe(200);
    const body = rootText(text);
    expect(body).toContain("Station d'appâtage SSR");
    expect(body).toContain(euros(2490));
    expect(body).toContain(euros(1990));
    expect(body).toContain('Ajouter au panier');
    const url = `${SITE}/produit/${ids.station}`;
    expect(text).toContain("<title>Station d'appâtage SSR | Hygiène - Anti-nuisibles 27</title>");
    expect(text).toContain('<meta name="description" content="Une station sûre pour les rats et souris." />');
    expect(text).toContain(`<link rel="canonical" href="${url}" />`);
    expect(text).toContain('<meta property="og:type" content="product" />');
    expect(text).toContain(`<meta property="og:image" content="${SITE}${IMAGE}/1280.webp" />`);
    expect(text).toContain(`<meta property="og:url" content="${url}" />`);
    const [product] = jsonLd(text);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: "Station d'appâtage SSR",
      image: [`${SITE}${IMAGE}/1280.webp`, `${SITE}${EXTRA}/1280.webp`],
      sku: ids.station,
      productID: ids.station,
      brand: { '@type': 'Brand', name: 'Marque normande' },
      offers: {
        '@type': 'Offer',
        price: '19.90',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
    expect(
      serverState(text)?.queries.find((q) => JSON.stringify(q.queryKey).includes('byId'))?.state.status,
    ).toBe('success');
  });

  it('an out-of-stock product offers OutOfStock', async () => {
    const { text } = await get(`/produit/${ids.empty}`);
    expect(rootText(text)).toContain('Rupture de stock');
    expect(jsonLd(text)[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('a product name cannot close the structured data script', async () => {
    const { status, text } = await get(`/produit/${ids.hostile}`);
    expect(status).toBe(200);
    expect(text).not.toContain('<script>alert(1)');
    expect(text).not.toContain('</script><script>');
    // One JSON-LD block, one state block, the built shell's own scripts: nothing was injected.
    expect(jsonLd(text)).toHaveLength(1);
    expect(jsonLd(text)[0]?.name).toBe(HOSTILE);
    expect(serverState(text)).not.toBeNull();
    expect(rootText(text)).toContain(HOSTILE);
  });

  it('unknown, hidden, unavailable or malformed products are a real 404 "Produit non trouvé"', async () => {
    for (const id of [randomUUID(), ids.hidden!, ids.unavailable!, 'pas-un-identifiant']) {
      const { status, text } = await get(`/produit/${id}`);
      expect(status, id).toBe(404);
      expect(rootText(text), id).toContain('Produit non trouvé');
      expect(text).toContain('<meta name="robots" content="noindex" />');
      expect(text).not.toContain('Produit caché SSR');
      expect(jsonLd(text)).toHaveLength(0);
    }
  });
});

describe('unknown product pages from one address (issue 23, finding 10)', () => {
  const from = async (address: string, pathname: string) => {
    const res = await fetch(`http://127.0.0.1:${app.port}${pathname}`, {
      headers: { 'x-forwarded-for': address },
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
  };

  it('past the limit, get a 429 without any query or render; cached pages and other addresses are served', async () => {
    // The known page's cache entry and the limit's window cannot run out mid-test.
    holdDateStill();
    const prober = '203.0.113.7';
    const known = `/produit/${ids.station}`;
    expect((await from(prober, known)).status).toBe(200);
    for (let i = 0; i < UNKNOWN_PRODUCT_LIMIT.max; i++) {
      expect((await from(prober, `/produit/${randomUUID()}`)).status).toBe(404);
    }
    // The products table locked: a page that queried it could not answer until the lock goes.
    const limited = await shop.sql.begin(async (tx) => {
      await tx`lock table products in access exclusive mode`;
      // Bounded: a page waiting on the lock would wait for this transaction, which waits for it.
      const blocked = new Promise<string>((r) =>
        setTimeout(() => r('waiting on the products table'), 20_000),
      );
      return await Promise.race([from(prober, `/produit/${randomUUID()}`), blocked]);
    });
    expect(limited).toEqual({ status: 429, retryAfter: '60', text: TOO_MANY_PAGES_MESSAGE });
    expect((await from(prober, known)).status).toBe(200);
    expect((await from('203.0.113.8', `/produit/${randomUUID()}`)).status).toBe(404);
  });
});

describe("schema.org's vocabulary", () => {
  it('every @type, property and enumeration value of the shop pages exists in schema.org', async () => {
    const documents = [
      ...jsonLd((await get('/boutique')).text),
      ...jsonLd((await get(`/produit/${ids.station}`)).text),
      ...jsonLd((await get(`/produit/${ids.empty}`)).text),
    ];
    expect(documents.map((d) => d['@type'])).toEqual(['ItemList', 'Product', 'Product']);
    for (const document of documents) expect(schemaOrgProblems(document)).toEqual([]);
  });

  it('the check does fail on a type, a property or a value schema.org does not have', () => {
    expect(schemaOrgProblems({ '@context': 'https://schema.org', '@type': 'Produit' })).toHaveLength(1);
    expect(
      schemaOrgProblems({
        '@context': 'https://schema.org',
        '@type': 'Product',
        prix: '1.00',
        offers: { '@type': 'Offer', availability: 'https://schema.org/EnStock' },
      }),
    ).toEqual([
      '$: Product has no property prix',
      '$.offers.availability: "https://schema.org/EnStock" is not a member of its enumeration',
    ]);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap lists the public pages and every visible product with its last change', async () => {
    const { status, text, headers } = await get('/sitemap.xml');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/xml');
    for (const path of ['/', '/rubriques/guepe-frelon', '/boutique', '/cgv', '/mentions-legales']) {
      expect(text).toContain(`<loc>${SITE}${path}</loc>`);
    }
    const [row] = await shop.sql<
      { updatedAt: Date }[]
    >`select updated_at from products where id = ${ids.station!}`;
    expect(text).toContain(
      `<loc>${SITE}/produit/${ids.station}</loc><lastmod>${row!.updatedAt.toISOString()}</lastmod>`,
    );
    expect(text).not.toContain(ids.hidden);
    expect(text).not.toContain(ids.unavailable);
    expect(text).not.toContain('/admin');
  });

  it('robots.txt keeps the back-office, the API and the shopper pages out, and points to the sitemap', async () => {
    const { status, text } = await get('/robots.txt');
    expect(status).toBe(200);
    for (const path of ['/admin', '/api/', '/compte', '/checkout'])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('the page cache', () => {
  it('keeps a rendered page a few seconds, and a product change through the back-office clears it', async () => {
    const id = (await createProduct(shop.sql, { title: 'Piège en cache' })).id;
    expect(rootText((await get(`/produit/${id}`)).text)).toContain('Piège en cache');
    // A change behind the app's back is not seen while the page is cached...
    await shop.sql`update products set title = 'Piège modifié en base' where id = ${id}`;
    expect(rootText((await get(`/produit/${id}`)).text)).toContain('Piège en cache');
    // ...a change through the back-office is, at once, on the product and on the list.
    await shop.as('admin').adminProducts.update({ id, title: 'Piège renommé', price: 9.9, stockQuantity: 4 });
    expect(rootText((await get(`/produit/${id}`)).text)).toContain('Piège renommé');
    expect(rootText((await get('/boutique')).text)).toContain('Piège renommé');
    await shop.as('admin').adminProducts.remove({ id });
    expect((await get(`/produit/${id}`)).status).toBe(404);
  });

  it("another instance's product change arrives by NOTIFY and clears this one's pages", async () => {
    const listener = await listenForCacheClears(shop.sql);
    try {
      const id = (await createProduct(shop.sql, { title: 'Piège ailleurs' })).id;
      expect(rootText((await get(`/produit/${id}`)).text)).toContain('Piège ailleurs');
      await shop.sql`update products set title = 'Piège changé ailleurs' where id = ${id}`;
      await shop.sql`select pg_notify('shop_cache_clear', ${SHOP_PAGES_CACHE})`;
      await expect
        .poll(async () => rootText((await get(`/produit/${id}`)).text))
        .toContain('Piège changé ailleurs');
    } finally {
      await listener.stop();
    }
  });
});

describe('/compte', () => {
  it('sends a visitor without a session to /auth before any page, and serves a signed-in one', async () => {
    const anonymous = await get('/compte');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/auth');
    // A cookie that is no session is no session either.
    const forged = await fetch(`http://127.0.0.1:${app.port}/compte`, {
      headers: { cookie: '__Secure-better-auth.session_token=forged.token' },
      redirect: 'manual',
    });
    expect(forged.status).toBe(302);

    const customer = browserClient(app, PUBLIC_URL);
    const email = `compte-${randomUUID()}@example.fr`;
    expect((await customer.signUp(email)).status).toBe(200);
    expect((await customer.signIn(email)).status).toBe(200);
    for (const path of ['/compte', '/compte/']) {
      const page = await fetch(`http://127.0.0.1:${app.port}${path}`, {
        headers: { cookie: customer.cookie },
        redirect: 'manual',
      });
      // The page itself (503 when the test run has no client build): not sent away.
      expect(page.status, path).not.toBe(302);
      expect(page.headers.get('location'), path).toBeNull();
    }
  });
});
