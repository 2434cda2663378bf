import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { BUSINESS } from '../../src/domain/site/business';
import { INDEXABLE_PAGES } from '../../src/domain/site/routes';
import { keepShopSettings, signInAsAdmin, storedSettings } from './support/admin';
import { addToCart, ownProduct } from './support/catalogue';
import { confirmCheckout, fillCheckout, GUEST } from './support/checkout';
import { homeAlive, hydrated } from './support/hydration';
import { findMail, mailsTo } from './support/mail';
import { expect, test } from './support/test';

// Put back after each test, even one that timed out mid-change (support/admin.ts).
keepShopSettings();

/**
 * Consumer law at the checkout and after the sale (issue 26): the total changed under the
 * customer's feet is refused with the new figures; a guest withdraws in two steps from the signed
 * order page; the admin sees the request; a change of phone and delivery cost in Paramètres
 * reaches every page without a deploy. Each test puts the settings back as it found them.
 */

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
  // Two shoppers, an admin and two mails: past 2 min on a loaded two-core machine.
  test.setTimeout(180_000);
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
    await addToCart(shopper, await ownProduct('Piège à rats de la rétractation')); // 14,90 €
    await shopper.goto('/checkout');
    await expect(shopper.getByTestId('checkout-total')).toHaveText('19,40 €');
    await fillCheckout(shopper, { ...GUEST, email });

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
    await expect(page.getByTestId('withdrawal-badge').first()).toContainText('Rétractation · J-14');
    await context.close();
  } finally {
    await saveSettings(page.request, baseURL as string, before);
  }
});

/**
 * Every storefront route (src/domain/site/routes.ts: the indexable pages, the shopper's own
 * screens, the 404), besides the product page and the signed order page the walk adds.
 */
const STOREFRONT_ROUTES = [
  ...INDEXABLE_PAGES,
  '/panier',
  '/checkout',
  '/confirmation',
  '/auth',
  '/compte',
  '/reinitialiser-mot-de-passe',
  '/page-inconnue',
];

test('after a change of phone and delivery cost in Paramètres, no page, mail or legal text shows the old values', async ({
  page,
  browser,
  baseURL,
}) => {
  // One order, three mails and some twenty routes, each read twice (HTML, then the page).
  test.setTimeout(300_000);
  await signInAsAdmin(page);
  const before = await storedSettings(page.request);
  const newPhone = '02 32 99 88 77';
  // The phone saved before and the one the build pre-rendered (business.ts), as shown and as linked.
  const oldValues = [
    ...new Set([String(before.shopPhone), BUSINESS.phoneDisplay, BUSINESS.phoneHref]),
  ].filter((v) => v && v !== newPhone);
  const email = `parametres-${randomInt(1e9)}@example.fr`;
  try {
    await saveSettings(page.request, baseURL as string, {
      ...before,
      shopPhone: newPhone,
      defaultShippingCostCents: 690,
      freeShippingThresholdCents: 8000,
      shippingEnabled: true,
    });

    // A guest orders with the new delivery cost: the walk's mails and signed order page.
    const context = await browser.newContext();
    const shopper = await context.newPage();
    const trap = await ownProduct('Piège à rats de la marche');
    const product = `/produit/${trap.id}`;
    await addToCart(shopper, trap);
    await shopper.goto('/checkout');
    await expect(shopper.getByTestId('shipping-cost')).toHaveText('6,90 €');
    await confirmCheckout(shopper, { ...GUEST, email });
    await expect(shopper.locator('body')).toContainText(newPhone);
    for (const old of oldValues) await expect(shopper.locator('body')).not.toContainText(old);

    await expect.poll(() => findMail(email, 'Formulaire de r'), { timeout: 20_000 }).not.toBeNull();
    const link = /\/commande\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}/.exec(
      (await findMail(email, 'Formulaire de r')) as string,
    )?.[0] as string;
    expect(link).toBeTruthy();
    // The owner confirms the order (a status mail), then the guest withdraws (the acknowledgement).
    const orderId = orderIdOf(link);
    const confirmed = await page.request.post('/api/trpc/orders.setStatus', {
      data: { orderId, status: 'confirmed' },
      headers: { origin: baseURL as string },
    });
    expect(confirmed.ok()).toBe(true);
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(link);
    await guest.getByRole('button', { name: 'Renoncer au contrat ici' }).click();
    await guest.getByRole('button', { name: 'Confirmer la rétractation' }).click();
    await expect(guest.getByTestId('withdrawal-done')).toContainText('Rétractation enregistrée');

    // Every mail of the walk: confirmation, status, acknowledgement.
    await expect
      .poll(async () => (await mailsTo(email)).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    const mails = await mailsTo(email);
    const subjects = mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1] ?? '');
    expect(
      mails.some((m) => m.includes('Formulaire de rétractation')),
      subjects.join(' | '),
    ).toBe(true);
    expect(
      mails.some((m) => m.includes('Conservez ce message')),
      subjects.join(' | '),
    ).toBe(true);
    expect(
      mails.some((m) => m.includes('nous avons confirmé votre commande')),
      subjects.join(' | '),
    ).toBe(true);
    for (const [i, mail] of mails.entries()) {
      expect(mail, subjects[i]).toContain(newPhone);
      for (const old of oldValues) expect(mail, `${subjects[i]} still shows ${old}`).not.toContain(old);
    }
    expect(mails.find((m) => m.includes('Formulaire de rétractation'))).toMatch(/6,90\s€/);

    // Every route: the HTML as sent (a client without JavaScript), then the page in the browser.
    const routes = [...STOREFRONT_ROUTES, product as string, link];
    const visitor = await (await browser.newContext()).newPage();
    for (const route of routes) {
      const html = await (await visitor.request.get(route)).text();
      expect(html, `${route} (HTML)`).toMatch(/id="site-settings">[^<]*02 32 99 88 77/);
      for (const old of oldValues) expect(html, `${route} (HTML) still shows ${old}`).not.toContain(old);
      expect(html, `${route} (HTML)`).not.toMatch(/Livraison gratuite|La livraison est gratuite/);

      await visitor.goto(route);
      // Once React has the page (and its settings fetch is sent): nothing swaps the old values in.
      await (route === '/' ? homeAlive(visitor) : hydrated(visitor));
      const body = visitor.locator('body');
      for (const old of oldValues) await expect(body, route).not.toContainText(old);
      await expect(body, route).not.toContainText(/Livraison gratuite|La livraison est gratuite/);
    }
    // Where the pages name the phone and the delivery terms, they name the new ones, in the HTML too
    // (the shop's own header links to the contact section instead of naming the phone).
    for (const route of ['/', '/cgv', '/mentions-legales', '/rubriques/deratisation', '/page-inconnue']) {
      const html = (await (await visitor.request.get(route)).text()).replace(/<!-- -->/g, '');
      expect(html, route).toContain(`>${newPhone}<`);
    }
    const cgv = (await (await visitor.request.get('/cgv')).text()).replace(/<!-- -->/g, '');
    expect(cgv).toMatch(/La livraison coûte 6,90\s€ TTC et elle est offerte dès 80,00\s€/);
    await visitor.goto('/boutique');
    await expect(visitor.getByTestId('delivery-claim')).toHaveText(/Livraison offerte dès 80,00\s€/);
    await context.close();
  } finally {
    await saveSettings(page.request, baseURL as string, before);
  }
});

/** The order id a signed order link names (its first part: the id's 16 bytes, base64url). */
function orderIdOf(link: string): string {
  const hex = Buffer.from(link.split('/').pop()!.split('.')[0]!, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
