import type { Page } from '@playwright/test';
import { keepShopSettings, signInAsAdmin, storedSettings } from './support/admin';
import { addToCart, ownProduct } from './support/catalogue';
import { gotoHydrated } from './support/hydration';
import { expect, test } from './support/test';

// Put back after each test, even one that timed out mid-change (support/admin.ts).
keepShopSettings();

/**
 * Issue 35, « Mise en service »: the dashboard's checklist (the demo's fictitious identity marked as
 * such), and a production shop whose legal mentions are blank: no placeholder on the legal pages,
 * the checkout closed with its French message, the back-office saying why. The spec blanks the
 * Mentions légales settings and puts them back (a shared-state spec: it runs alone).
 */

async function saveSettings(page: Page, settings: Record<string, unknown>) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/trpc/settings.update', { data: settings, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('the dashboard lists what the shop needs; blank legal mentions close the checkout and show no placeholder', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const card = page.getByTestId('readiness');
  await expect(card.getByRole('heading', { name: 'Mise en service' })).toBeVisible();
  // The seeded demo identity is complete but fictitious.
  await expect(page.getByTestId('readiness-fictitious')).toContainText('Identité fictive de démonstration');
  await expect(page.getByTestId('readiness-company')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('readiness-company')).toContainText('Fictif (démo)');
  // The e2e admin has the published development password: not their own.
  await expect(page.getByTestId('readiness-password')).toHaveAttribute('data-done', 'false');
  // Each item links to its screen.
  await page.getByRole('link', { name: 'Compléter : Instructions de paiement' }).click();
  await expect(page.getByLabel('IBAN')).toHaveValue('FR7630006000011234567890189');

  const before = await storedSettings(page.request);
  try {
    await saveSettings(page, { ...before, publicationDirector: '', hostName: '', mediatorName: '' });
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('readiness-closed')).toContainText(
      "des mentions légales obligatoires manquent (Directeur de la publication, Nom de l'hébergeur, Nom du médiateur)",
    );

    const visitor = await (await browser.newContext()).newPage();
    for (const path of ['/mentions-legales', '/cgv']) {
      await gotoHydrated(visitor, path);
      const text = await visitor.locator('main').innerText();
      expect(text, path).not.toMatch(/à compléter|paramètres de la boutique/i);
    }
    await expect(visitor.locator('main')).not.toContainText(
      'médiateur de la consommation dont nous relevons',
    );
    // A product of the test's own: the demo catalogue's stock and first page are the other specs'.
    await addToCart(visitor, await ownProduct('Piège de la mise en service'));
    await gotoHydrated(visitor, '/checkout');
    await expect(visitor.getByTestId('ordering-closed-banner')).toContainText(
      'Les commandes en ligne sont momentanément suspendues',
    );
    await expect(visitor.getByRole('button', { name: 'Commander et payer' })).toBeDisabled();
  } finally {
    await saveSettings(page, before);
  }
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('readiness-fictitious')).toBeVisible();
  await expect(page.getByTestId('readiness-closed')).toHaveCount(0);
});
