import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import type { ProductInput } from '../../../src/domain/catalog/product.js';
import { adminApi } from './admin';
import { hydrated } from './hydration';

/**
 * A product of the test's own. The e2e tier runs spec files side by side and in any order, on one
 * shop: a test that buys from the demo catalogue depends on what the others left in stock (issue 40:
 * the first « piège » found had been sold out by other specs). So a test that buys, sells or counts a
 * product creates it here first, with the stock it needs.
 */
export interface OwnProduct {
  id: string;
  title: string;
}

/**
 * Creates a product through the back-office API as the seeded admin (in a request context of its
 * own: the caller's page stays signed out): `name` plus a random suffix, 14,90 €, 50 in stock,
 * unless `fields` say otherwise.
 */
export async function ownProduct(name: string, fields: Partial<ProductInput> = {}): Promise<OwnProduct> {
  const api = await adminApi();
  try {
    const title = `${name} ${randomBytes(3).toString('hex')}`;
    const res = await api.post('/api/trpc/adminProducts.create', {
      data: { title, price: 14.9, stockQuantity: 50, ...fields },
    });
    expect(res.ok(), `adminProducts.create: ${await res.text()}`).toBe(true);
    const { id } = ((await res.json()) as { result: { data: { id: string } } }).result.data;
    return { id, title };
  } finally {
    await api.dispose();
  }
}

/**
 * Opens the product's page (on the instance at `base`, default the e2e server) and adds it to the
 * cart `times` times; `inCart` is the cart's count expected after (default `times`: it was empty).
 */
export async function addToCart(
  page: Page,
  product: OwnProduct,
  { times = 1, inCart = times, base = '' }: { times?: number; inCart?: number; base?: string } = {},
): Promise<void> {
  await page.goto(`${base}/produit/${product.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible();
  const add = page.getByRole('button', { name: 'Ajouter au panier', exact: true });
  for (let i = 0; i < times; i++) await add.click();
  await expect(page.getByTestId('cart-count')).toHaveText(String(inCart));
}

/**
 * The card of `title` in the /boutique grid, the page being open: the grid lists the newest first,
 * 24 at a time, and the products other specs create push the demo catalogue's further down, so
 * « Voir plus de produits » is pressed until the card is there.
 */
export async function shopCard(page: Page, title: string): Promise<Locator> {
  await hydrated(page);
  const cards = page.getByTestId('product-grid').locator('li');
  const card = cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const more = page.getByRole('button', { name: 'Voir plus de produits' });
  for (;;) {
    await expect(cards.first()).toBeVisible();
    if ((await card.count()) > 0) return card;
    await expect(more, `« ${title} » is in the shop`).toBeEnabled();
    const shown = await cards.count();
    await more.click();
    await expect(cards).not.toHaveCount(shown);
  }
}
