import type { APIRequestContext, Browser } from '@playwright/test';
import { ADMIN, keepShopSettings, signInAsAdmin, storedSettings } from './support/admin';
import { addToCart, ownProduct } from './support/catalogue';
import { expect, test } from './support/test';

// Put back after each test, even one that timed out mid-change (support/admin.ts).
keepShopSettings();

/**
 * Shop settings (issue 14): saved on one page load and seen by another, obeyed by the cart and the
 * checkout (delivery cost), and maintenance mode enforced by the server. Each test puts the
 * settings back as it found them (the e2e server is shared by every spec).
 */

/** The stored settings through the API, with the admin page's cookies and origin. */

async function restoreSettings(
  request: APIRequestContext,
  baseURL: string,
  settings: Record<string, unknown>,
) {
  const res = await request.post('/api/trpc/settings.update', {
    data: settings,
    headers: { origin: baseURL },
  });
  expect(res.ok()).toBe(true);
}

async function visitor(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('settings saved on one page load are seen by another, and the delivery cost reaches the cart and checkout', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page, '/admin/settings');
  const before = await storedSettings(page.request);
  try {
    await page.getByRole('tab', { name: 'Commerce' }).click();
    await page.getByLabel('Frais de livraison par défaut (€)').fill('4,50');
    // Switching tabs keeps the edits until "Sauvegarder".
    await page.getByRole('tab', { name: 'Général' }).click();
    await page.getByLabel('Nom de la boutique').fill('Boutique E2E');
    await page.getByRole('tab', { name: 'Commerce' }).click();
    await expect(page.getByLabel('Frais de livraison par défaut (€)')).toHaveValue('4,50');
    // A refused value: the one schema's French message, nothing saved.
    await page.getByLabel('Taux de TVA (%)').fill('150');
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText('Impossible de sauvegarder les paramètres.').first()).toBeVisible();
    await expect(page.getByText('Le taux de TVA doit être compris entre 0 et 100').first()).toBeVisible();
    await page.getByLabel('Taux de TVA (%)').fill('20');
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText('Paramètres sauvegardés avec succès.').first()).toBeVisible();

    // Another page load (a new tab) shows what was saved, and who saved it.
    const other = await page.context().newPage();
    await other.goto('/admin/settings');
    await expect(other.getByLabel('Nom de la boutique')).toHaveValue('Boutique E2E');
    await expect(other.getByTestId('settings-last-change')).toContainText(ADMIN.email);
    await other.getByRole('tab', { name: 'Commerce' }).click();
    await expect(other.getByLabel('Frais de livraison par défaut (€)')).toHaveValue('4,5');

    // A shopper: 14,90 € in the cart, below the 50 € threshold: 4,50 € delivery in cart and checkout.
    const shopper = await visitor(browser);
    await addToCart(shopper.page, await ownProduct('Piège à rats des frais de port'));
    await shopper.page.goto('/panier');
    await expect(shopper.page.getByTestId('shipping-cost')).toHaveText('4,50 €');
    await expect(shopper.page.getByTestId('cart-total')).toHaveText('19,40 €');
    await shopper.page.goto('/checkout');
    await expect(shopper.page.getByTestId('shipping-cost')).toHaveText('4,50 €');
    await expect(shopper.page.getByTestId('checkout-total')).toHaveText('19,40 €');
    await expect(shopper.page.getByText('dont TVA')).toBeVisible();
    await expect(shopper.page.getByTestId('shop-contact')).toHaveCount(0);
    // Pickup is free.
    await shopper.page.getByText('Retrait en boutique', { exact: true }).first().click();
    await expect(shopper.page.getByTestId('checkout-total')).toHaveText('14,90 €');
    await shopper.context.close();
  } finally {
    await restoreSettings(page.request, baseURL as string, before);
  }
});

test('maintenance on: a visitor gets the maintenance page with 503, an admin browses normally', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page, '/admin/settings');
  const before = await storedSettings(page.request);
  try {
    await page.getByRole('tab', { name: 'Système' }).click();
    await page.getByLabel('Mode maintenance').click();
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText('Paramètres sauvegardés avec succès.').first()).toBeVisible();

    const shopper = await visitor(browser);
    for (const path of ['/', '/boutique']) {
      const res = await shopper.page.goto(path);
      expect(res?.status(), path).toBe(503);
      expect(res?.headers()['retry-after']).toBe('600');
      await expect(shopper.page.getByRole('heading', { name: 'Site en maintenance' })).toBeVisible();
    }
    // The admin sign-in stays reachable.
    const login = await shopper.page.goto('/admin/login');
    expect(login?.status()).toBe(200);
    await expect(shopper.page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await shopper.context.close();

    // The signed-in admin sees the shop as usual.
    const res = await page.goto('/boutique');
    expect(res?.status()).toBe(200);
    await expect(
      page
        .getByTestId('product-grid')
        .getByRole('button', { name: /^Ajouter .* au panier/ })
        .first(),
    ).toBeVisible();
  } finally {
    await restoreSettings(page.request, baseURL as string, before);
  }
  const shopper = await visitor(browser);
  expect((await shopper.page.goto('/boutique'))?.status()).toBe(200);
  await shopper.context.close();
});
