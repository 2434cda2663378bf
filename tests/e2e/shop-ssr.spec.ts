import type { Page } from '@playwright/test';
import { ownProduct } from './support/catalogue';
import { expect, test } from './support/test';

/*
 * The shop pages rendered by the server (issue 16, docs/decisions/016-shop-ssr.md) in Chromium:
 * readable without JavaScript, hydrated in place without a mismatch, and with the catalogue the
 * server rendered: hydration asks the API for none of it again.
 */

/** The test's own promoted product (24,90 € → 19,90 €): what it adds to the cart is its own stock. */
const ownStation = () =>
  ownProduct('Station SSR', { price: 24.9, promoPrice: 19.9, isOnPromotion: true, stockQuantity: 10 });

/** Errors on the console (a hydration mismatch is reported there) and catalogue calls to the API. */
function watch(page: Page) {
  const errors: string[] = [];
  const catalogCalls: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => {
    if (r.url().includes('/api/trpc/') && r.url().includes('catalog.')) catalogCalls.push(r.url());
  });
  return { errors, catalogCalls };
}

/** Keeps the server-rendered heading as parsed, before any script runs. */
async function keepServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
    });
  });
}
const serverHeadingKept = (page: Page) =>
  page.evaluate(() => (window as unknown as { serverHeading: Element | null }).serverHeading?.isConnected);

test('a product page is hydrated in place without fetching the product again, and adds to the cart @phone', async ({
  page,
}) => {
  const station = await ownStation();
  const seen = watch(page);
  await keepServerHeading(page);
  await page.goto(`/produit/${station.id}`, { waitUntil: 'load' });
  await expect(page.getByRole('heading', { name: station.title, level: 1 })).toBeVisible();
  // Alive once hydrated: a click that lands before the scripts have run does nothing, so it is retried.
  await expect(async () => {
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1', { timeout: 1000 });
  }).toPass();
  await page.waitForLoadState('networkidle');
  expect(await serverHeadingKept(page)).toBe(true);
  expect(seen.catalogCalls).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('/boutique is hydrated without fetching the grid again', async ({ page }) => {
  const seen = watch(page);
  await keepServerHeading(page);
  await page.goto('/boutique', { waitUntil: 'load' });
  await expect(page.getByTestId('product-grid').getByRole('link').first()).toBeVisible();
  // The cart button opens the drawer once hydrated.
  await expect(async () => {
    await page.getByTestId('cart-button').click();
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.waitForLoadState('networkidle');
  expect(await serverHeadingKept(page)).toBe(true);
  expect(seen.catalogCalls).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('without JavaScript the shop and a product page show their content', async ({ browser, baseURL }) => {
  const own = await ownStation();
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/boutique');
    await expect(page.getByRole('heading', { name: 'Boutique', level: 1 })).toBeVisible();
    // The grid's cards link to their pages (the newest first: which ones depends on the other specs).
    const first = page.getByTestId('product-grid').getByRole('link').first();
    await expect(first).toHaveAttribute('href', /^\/produit\/[0-9a-f-]{36}$/);
    await first.click();
    await expect(page).toHaveURL(/\/produit\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`/produit/${own.id}`);
    await expect(page.getByRole('heading', { name: own.title, level: 1 })).toBeVisible();
    await expect(page.getByText('24,90 €').first()).toBeVisible();
    await expect(page.getByText('19,90 €').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toBeVisible();

    const missing = await page.goto('/produit/00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Produit non trouvé' })).toBeVisible();
  } finally {
    await context.close();
  }
});
