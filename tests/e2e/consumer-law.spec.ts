import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { findMail } from './support/mail';

/**
 * Consumer law at the checkout and after the sale (issue 26): the total changed under the
 * customer's feet is refused with the new figures; a guest withdraws in two steps from the signed
 * order page; the admin sees the request; a change of phone and delivery cost in Paramètres
 * reaches every page without a deploy. Each test puts the settings back as it found them.
 */

const ADMIN = { email: 'admin@hygiene-anti-nuisibles-27.fr', password: 'admin12345' };
const TRAP = 'Piège à rats mécanique professionnel';

async function signInAsAdmin(page: Page) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}` });
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

async function storedSettings(request: APIRequestContext) {
  const res = await request.get('/api/trpc/settings.get');
  expect(res.ok()).toBe(true);
  return (await res.json()).result.data.settings as Record<string, unknown>;
}

async function saveSettings(request: APIRequestContext, baseURL: string, settings: Record<string, unknown>) {
  const res = await request.post('/api/trpc/settings.update', {
    data: settings,
    headers: { origin: baseURL },
  });
  expect(res.ok()).toBe(true);
}

test('a total changed under the customer is refused with the new figures; the guest then withdraws in two steps', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const before = await storedSettings(page.request);
  const email = `retractation-${randomInt(1e9)}@example.fr`;
  try {
    await saveSettings(page.request, baseURL as string, {
      ...before,
      defaultShippingCostCents: 450,
      freeShippingThresholdCents: 5000,
    });
    const context = await browser.newContext();
    const shopper = await context.newPage();
    await shopper.goto('/boutique');
    await shopper.getByRole('button', { name: `Ajouter ${TRAP} au panier` }).click();
    await shopper.goto('/checkout');
    await expect(shopper.getByTestId('checkout-total')).toHaveText('19,40 €');
    await shopper.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Marie');
    await shopper.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lefèvre');
    await shopper.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await shopper.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('06 11 22 33 44');
    await shopper.getByRole('textbox', { name: 'Adresse', exact: true }).fill('12 rue des Tilleuls');
    await shopper.getByRole('textbox', { name: 'Ville', exact: true }).fill('Évreux');
    await shopper.getByRole('textbox', { name: 'Code postal', exact: true }).fill('27000');

    // The owner changes the delivery cost between the page load and the click.
    await saveSettings(page.request, baseURL as string, {
      ...before,
      defaultShippingCostCents: 600,
      freeShippingThresholdCents: 5000,
    });
    await shopper.getByRole('button', { name: 'Commander et payer' }).click();
    await expect(shopper.getByTestId('total-changed')).toHaveText(
      /Le montant de votre commande a changé : nouveau total 20,90\s€\. Vérifiez puis confirmez à nouveau\./,
    );
    await expect(shopper).toHaveURL(/\/checkout$/);
    // The summary shows the new figures; confirming again places the order at them.
    await expect(shopper.getByTestId('shipping-cost')).toHaveText('6,00 €');
    await expect(shopper.getByTestId('checkout-total')).toHaveText('20,90 €');
    await shopper.getByRole('button', { name: 'Commander et payer' }).click();
    await expect(shopper).toHaveURL(/\/confirmation$/);
    await expect(shopper.getByTestId('confirmation-total')).toHaveText('20,90 €');

    // The confirmation mail carries the signed link and the model form.
    await expect.poll(() => findMail(email, 'Formulaire de r'), { timeout: 20_000 }).not.toBeNull();
    const mail = (await findMail(email, 'Formulaire de r')) as string;
    const link = /\/commande\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}/.exec(mail)?.[0];
    expect(link).toBeTruthy();

    // A guest, without signing in, opens the link from the mail and withdraws in two steps.
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(link as string);
    await guest.getByRole('button', { name: 'Renoncer au contrat ici' }).click();
    await expect(guest.getByRole('textbox', { name: /^Nom/ })).toHaveValue('Marie Lefèvre');
    await guest.getByRole('button', { name: 'Confirmer la rétractation' }).click();
    await expect(guest.getByTestId('withdrawal-done')).toContainText('Rétractation enregistrée');
    await expect.poll(() => findMail(email, 'Conservez ce message'), { timeout: 20_000 }).not.toBeNull();

    // The admin sees the request in the list's filter, with its refund deadline.
    await page.goto('/admin/orders');
    await page.getByLabel('Filtrer par rétractation').selectOption('requested');
    await expect(page.getByTestId('withdrawal-badge').first()).toContainText('Rétractation · J-15');
    await context.close();
  } finally {
    await saveSettings(page.request, baseURL as string, before);
  }
});

test('after a change of phone and delivery cost in Paramètres, no page shows the old values', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const before = await storedSettings(page.request);
  const oldPhone = String(before.shopPhone);
  try {
    await saveSettings(page.request, baseURL as string, {
      ...before,
      shopPhone: '02 32 99 88 77',
      defaultShippingCostCents: 690,
      freeShippingThresholdCents: 8000,
      shippingEnabled: true,
    });
    const visitor = await (await browser.newContext()).newPage();
    const routes = [
      '/',
      '/rubriques/deratisation',
      '/rubriques/la-poste',
      '/mentions-legales',
      '/cgv',
      '/politique-confidentialite',
      '/boutique',
    ];
    for (const route of routes) {
      await visitor.goto(route);
      const body = visitor.locator('body');
      await expect(body, route).not.toContainText(oldPhone);
      await expect(body, route).not.toContainText(/Livraison gratuite|La livraison est gratuite/);
    }
    await visitor.goto('/');
    await expect(visitor.locator('footer')).toContainText('02 32 99 88 77');
    await visitor.goto('/cgv');
    await expect(visitor.locator('article')).toContainText(/La livraison coûte 6,90\s€ TTC/);
    await visitor.goto('/boutique');
    await expect(visitor.getByTestId('delivery-claim')).toHaveText(/Livraison offerte dès 80,00\s€/);
  } finally {
    await saveSettings(page.request, baseURL as string, before);
  }
});
