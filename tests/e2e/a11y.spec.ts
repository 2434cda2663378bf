import { randomBytes, randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { RUBRIQUE_PAGES } from '../../src/client/features/marketing/rubriques';
import { ownProduct, shopCard } from './support/catalogue';
import { gotoHydrated, homeAlive, hydrated } from './support/hydration';
import { animationsSettled } from './support/layout';
import { expect, test } from './support/test';

/*
 * axe-core on every storefront route, hydrated, at 1280 and (@phone) 375 px: no violation of the
 * WCAG 2.x A/AA rules nor of axe's best practices (heading order, landmarks...), with the
 * label-content-name-mismatch rule (experimental in axe, so off by default) switched on.
 */

async function expectAccessible(page: Page, route: string) {
  // A notice fading in is measured mid-fade otherwise: its text, still half transparent, fails the
  // contrast rule (seen once in CI on /confirmation). Endless animations (spinners) do not settle.
  await page.waitForFunction(animationsSettled);
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(found, `axe violations on ${route}`).toEqual([]);
}

const marketingRoutes = [
  '/',
  ...Object.keys(RUBRIQUE_PAGES).map((id) => `/rubriques/${id}`),
  '/mentions-legales',
  '/cgv',
  '/politique-confidentialite',
  '/une-page-inconnue',
];

for (const route of marketingRoutes) {
  test(`${route} has no axe violation @phone`, async ({ page }) => {
    if (route === '/') {
      await page.goto(route);
      await homeAlive(page);
    } else await gotoHydrated(page, route);
    await expectAccessible(page, route);
  });
}

test('the shop, a product, the cart, the checkout, the confirmation, /auth and /compte have no axe violation @phone', async ({
  page,
}) => {
  // Seven pages, each hydrated and checked by axe: minutes on a loaded two-core machine.
  test.setTimeout(300_000);
  const product = await ownProduct('Piège à rats de l’audit');
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.20.${randomInt(0, 256)}.${randomInt(1, 255)}` });
  await gotoHydrated(page, '/auth');
  await expectAccessible(page, '/auth');

  // Signed in, so that /compte is reached after the order.
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await page.getByLabel('Prénom').fill('Alice');
  await page.getByLabel('Nom', { exact: true }).fill('Martin');
  await page.getByLabel('Email').fill(`axe.${randomBytes(4).toString('hex')}@example.fr`);
  await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse-solide');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/boutique$/, { timeout: 30_000 });
  await expect(page.getByTestId('product-grid').locator('li').first()).toBeVisible();
  await hydrated(page);
  await expectAccessible(page, '/boutique');

  await (await shopCard(page, product.title)).getByRole('link', { name: product.title }).click();
  await expect(page).toHaveURL(/\/produit\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/produit/{id}');
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await gotoHydrated(page, '/panier');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/panier');

  await gotoHydrated(page, '/checkout');
  await expect(page.getByTestId('checkout-total')).toBeVisible();
  await expectAccessible(page, '/checkout');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByText('Retrait en boutique').first().click();
  await page.getByRole('button', { name: 'Commander et payer' }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/confirmation');

  await gotoHydrated(page, '/compte');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Commande/).first()).toBeVisible();
  await expectAccessible(page, '/compte');
});

test('a biocide: its card, its product page (sentence, unit price, Dangers block) and its cart line have no axe violation @phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await gotoHydrated(page, '/boutique');
  const card = (await shopCard(page, 'Appâts raticides en pâte 500 g')).getByRole('article');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('Utilisez les rodenticides avec précaution.', { exact: false })).toBeVisible();
  await expectAccessible(page, '/boutique (biocide cards)');
  await card.getByRole('link', { name: 'Appâts raticides en pâte 500 g' }).click();
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Dangers' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Danger pour la santé (GHS08)' })).toBeVisible();
  await expect(page.getByText('33,80 € / kg')).toBeVisible();
  await expectAccessible(page, 'a biocide product page');
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await gotoHydrated(page, '/panier');
  await expectAccessible(page, '/panier (biocide line)');
});
