import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { signInAsAdmin } from './support/admin';
import { addToCart, type OwnProduct, ownProduct } from './support/catalogue';
import { expect, test } from './support/test';

/**
 * The dashboard on the production build: its figures move when a shopper places an order in the
 * shop; its links open the order and the product edit dialog; the analytics tab answers a chosen
 * period. The products it sells and counts are its own (the figures move with every spec's orders).
 */

/** "1 234,50 €" → 123450. */
const cents = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.')) * 100);

const figure = async (page: Page, testId: string) =>
  cents(await page.getByTestId(`${testId}-value`).textContent());

const pendingCount = async (page: Page) =>
  Number(await page.getByTestId('status-counts').locator('li[data-status="pending"] span').textContent());

/** Five traps at 14,90 €, delivered (free from 50 €): 74,50 €. */
async function placeOrderInShop(page: Page, trap: OwnProduct): Promise<string> {
  await addToCart(page, trap, { times: 5 });
  await page.getByTestId('cart-button').click();
  await page.getByRole('dialog').getByRole('link', { name: 'Voir le panier' }).click();
  await page.getByRole('link', { name: 'Passer la commande' }).click();
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByLabel(/^Nom/).fill('Tableau');
  await page.getByLabel('Email').fill(`tableau.${randomBytes(4).toString('hex')}@example.fr`);
  await page.getByLabel('Téléphone').fill('06 98 76 54 32');
  await page.getByLabel('Adresse').fill('3 place du Marché');
  await page.getByLabel('Ville').fill('Louviers');
  await page.getByLabel('Code postal').fill('27400');
  await page.getByRole('button', { name: 'Commander et payer' }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByTestId('confirmation-total')).toHaveText('74,50 €');
  return (await page.getByTestId('order-number').textContent())?.trim() ?? '';
}

test('the dashboard figures change after an order is placed in the shop', async ({ page, browser }) => {
  // Five sold: among the ten best sellers of the week whatever the other specs bought (one or two each).
  const trap = await ownProduct('Piège à rats du tableau de bord');
  // Sold out: among the twenty shown in « Stock faible », lowest stock first, then by title.
  const sold = await ownProduct('Appât épuisé du tableau de bord', { stockQuantity: 0 });
  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();
  await expect(page.getByTestId('revenue-today-value')).toHaveText(/€/);
  await expect(page.getByTestId('status-counts')).toBeVisible();
  await expect(page.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();
  const before = {
    today: await figure(page, 'revenue-today'),
    month: await figure(page, 'revenue-month'),
    pending: await pendingCount(page),
  };

  // A shopper, in a browser of their own, buys five traps at 14,90 €.
  const shopper = await browser.newContext();
  const orderNumber = await placeOrderInShop(await shopper.newPage(), trap);
  expect(orderNumber).toMatch(/^CMD-/);
  await shopper.close();

  await page.reload();
  await expect.poll(() => figure(page, 'revenue-today')).toBe(before.today + 7450);
  expect(await figure(page, 'revenue-month')).toBe(before.month + 7450);
  expect(await pendingCount(page)).toBe(before.pending + 1);
  const latest = page.getByTestId('latest-orders').getByRole('link', { name: orderNumber });
  await expect(latest).toHaveAttribute('href', /^\/admin\/orders\?order=[0-9a-f-]{36}$/);

  // Low stock links open the product's edit dialog on the products screen.
  await page.getByTestId('low-stock').getByRole('link', { name: sold.title }).click();
  await expect(page).toHaveURL(/\/admin\/products\?edit=[0-9a-f-]{36}$/);
  const dialog = page.getByRole('dialog', { name: 'Modifier le produit' });
  await expect(dialog.getByLabel('Titre *')).toHaveValue(sold.title);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/products$/);

  // Analytics: the trap is among the best sellers of the last 7 days, in its category's revenue.
  await page.getByRole('link', { name: 'Tableau de bord' }).first().click();
  await page.getByRole('tab', { name: 'Analyses' }).click();
  await page.getByRole('button', { name: '7 derniers jours' }).click();
  await expect(page.getByRole('button', { name: '7 derniers jours' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('best-sellers').getByRole('link', { name: trap.title })).toBeVisible();
  await expect(page.getByTestId('category-revenue')).toBeVisible();
  // A reversed period keeps the last good one and says why.
  await page.getByLabel('Du').fill('2030-01-01');
  await expect(page.getByText('La date de début doit précéder la date de fin')).toBeVisible();
  await expect(page.getByTestId('best-sellers').getByRole('link', { name: trap.title })).toBeVisible();
});
