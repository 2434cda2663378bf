import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { ownAddress, signInAsAdmin } from './support/admin';
import { addToCart, type OwnProduct, ownProduct } from './support/catalogue';
import { confirmCheckout } from './support/checkout';
import { expect, test } from './support/test';

/**
 * The back-office orders screen on the order log, with a real customer: the customer orders in the
 * shop; an admin changes the status inline and records a payment, reads both in the timeline with their name,
 * adds an internal note, deletes another order; the customer sees the new status in /compte and
 * never the note.
 */

/** The seeded admin's name, as the timeline shows who did what. */
const ADMIN_NAME = 'Administrateur';
const PASSWORD = 'motdepasse-solide';

/** A customer signs up and orders one trap (the test's own) through the shop; returns the order number. */
async function customerOrders(page: Page, trap: OwnProduct, email: string, signUp: boolean) {
  if (signUp) {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Créer un compte' }).click();
    await page.getByLabel('Prénom').fill('Romane');
    await page.getByLabel('Nom', { exact: true }).fill('Quesnel');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).toHaveURL(/\/boutique$/);
  }
  await addToCart(page, trap);
  await page.goto('/checkout');
  return confirmCheckout(page, {
    firstName: 'Romane',
    lastName: 'Quesnel',
    email,
    phone: '06 98 76 54 32',
    address: '5 rue Chartraine',
    city: 'Évreux',
    postalCode: '27000',
  });
}

async function adminPage(browser: Browser) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInAsAdmin(page);
  return page;
}

test('an admin changes the status inline, records a payment, reads the timeline, adds a note, deletes an order; the customer sees the new status', async ({
  page,
  browser,
}) => {
  await ownAddress(page);
  const email = `romane.${randomBytes(4).toString('hex')}@example.fr`;
  const trap = await ownProduct('Piège à rats des commandes');
  const kept = await customerOrders(page, trap, email, true);
  const removed = await customerOrders(page, trap, email, false);
  expect(kept).toMatch(/^CMD-/);

  const admin = await adminPage(browser);
  await admin.getByRole('link', { name: 'Commandes', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Gestion des Commandes' })).toBeVisible();
  await expect(admin.getByTestId('order-total')).toHaveText(/^\d[\d\s ]* commandes?$/);

  // Search by the customer's last name: both orders, newest first.
  await admin.getByLabel('Rechercher des commandes').fill('quesnel');
  const rows = admin.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  await expect(admin.getByTestId('order-total')).toHaveText('2 commandes');
  const row = rows.filter({ hasText: kept });
  await expect(row.getByText('Romane Quesnel')).toBeVisible();
  // At 1280 px, beside the sidebar, the eight columns fit: the delete button is not pushed out.
  if ((admin.viewportSize()?.width ?? 0) >= 1280) {
    const fits = await admin
      .getByTestId('orders-table')
      .evaluate((t) => t.scrollWidth <= (t.parentElement as HTMLElement).clientWidth);
    expect(fits).toBe(true);
  }

  await row.getByLabel(`Statut de la commande ${kept}`).selectOption('shipped');
  // "Expédiée" asks for the carrier and the tracking number first (both optional).
  await admin
    .getByRole('dialog', { name: 'Marquer comme expédiée' })
    .getByRole('button', { name: 'Marquer expédiée' })
    .click();
  await expect(admin.getByText('Statut de la commande mis à jour.', { exact: true })).toBeVisible();
  // The payment status is derived (issue 24): shown in the row, never chosen there.
  await expect(row.getByLabel(`Paiement de la commande ${kept}`)).toHaveCount(0);

  // The status filter runs on the server too.
  await admin.getByLabel('Filtrer par statut').selectOption('shipped');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(kept);

  // Details, from a link the dashboard can use, with the timeline.
  await row.getByRole('button', { name: `Détails de la commande ${kept}` }).click();
  await expect(admin).toHaveURL(/\/admin\/orders\?order=[0-9a-f-]{36}$/);
  const dialog = admin.getByRole('dialog', { name: `Commande ${kept}` });
  await expect(dialog.getByRole('table').getByText(trap.title)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Adresse de livraison' })).toBeVisible();
  await expect(dialog.getByText('5 rue Chartraine')).toBeVisible();
  const timeline = dialog.getByTestId('order-timeline');
  await expect(timeline.locator('li')).toHaveCount(2);
  await expect(timeline.locator('li').nth(1)).toContainText(ADMIN_NAME);
  await expect(timeline.locator('li').nth(1)).toContainText('Statut : En attente → Expédiée');
  // « Enregistrer un paiement »: the amount left is proposed, cash by default.
  await dialog.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const payment = admin.getByRole('dialog', { name: 'Enregistrer un paiement' });
  await payment.getByLabel('Moyen de paiement').selectOption('cheque');
  await payment.getByLabel('Référence').fill('CHQ 1234567');
  await payment.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(admin.getByText('Paiement enregistré.', { exact: true })).toBeVisible();
  // Paid in full: the payment, then the invoice it issued (issue 34), each on the timeline.
  await expect(timeline.locator('li')).toHaveCount(4);
  await expect(timeline.locator('li').nth(2)).toContainText(ADMIN_NAME);
  await expect(timeline.locator('li').nth(2)).toContainText('Paiement enregistré');
  await expect(timeline.locator('li').nth(3)).toContainText(/Facture FA-\d{4}-\d{6} émise/);
  await expect(dialog.getByTestId('payments-block')).toContainText('Chèque · réf. CHQ 1234567');

  await dialog.getByLabel('Note interne').fill('Colis remis au transporteur, client prévenu');
  await dialog.getByRole('button', { name: 'Ajouter la note' }).click();
  await expect(timeline.locator('li')).toHaveCount(5);
  await expect(timeline.locator('li').nth(4)).toContainText('Note interne : Colis remis au transporteur');

  // The same link opens the dialog on a fresh page.
  const link = admin.url();
  await admin.goto(link);
  await expect(admin.getByRole('dialog', { name: `Commande ${kept}` })).toBeVisible();
  await admin.keyboard.press('Escape');
  await expect(admin).toHaveURL(/\/admin\/orders$/);

  // Delete the other order, with a reason.
  await admin.getByLabel('Rechercher des commandes').fill(removed);
  await expect(rows).toHaveCount(1);
  await rows
    .first()
    .getByRole('button', { name: `Supprimer la commande ${removed}` })
    .click();
  const confirm = admin.getByRole('alertdialog', { name: 'Supprimer la commande' });
  await expect(confirm.getByText('Tous les articles associés seront également supprimés.')).toBeVisible();
  await confirm.getByLabel('Motif (facultatif)').fill('Doublon');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(admin.getByText('Commande supprimée avec succès.', { exact: true })).toBeVisible();
  await expect(admin.getByText('Aucune commande trouvée')).toBeVisible();

  // The customer sees the new status of the kept order, and never the note.
  await page.goto('/compte');
  const card = page.getByTestId('order-card').filter({ hasText: kept });
  await expect(card.getByText('Expédiée', { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-card').filter({ hasText: removed })).toHaveCount(0);
  await card.getByRole('button', { name: 'Voir le détail' }).click();
  await expect(card.getByText('Statut : En attente → Expédiée')).toBeVisible();
  await expect(page.getByText('Colis remis au transporteur')).toHaveCount(0);
});

test('the inline status select offers only the transition table’s targets and asks a reason to reopen a cancelled order', async ({
  page,
  browser,
}) => {
  await ownAddress(page);
  const email = `gaspard.${randomBytes(4).toString('hex')}@example.fr`;
  const order = await customerOrders(page, await ownProduct('Piège à rats des statuts'), email, false);
  const admin = await adminPage(browser);
  await admin.goto('/admin/orders');
  await admin.getByLabel('Rechercher des commandes').fill(order);
  const row = admin.getByTestId('order-row').filter({ hasText: order });
  const select = row.getByLabel(`Statut de la commande ${order}`);
  await select.selectOption('cancelled');
  await expect(admin.getByText('Statut de la commande mis à jour.', { exact: true })).toBeVisible();
  // A cancelled order reopens to « En attente » only.
  await expect(select.locator('option')).toHaveText(['Annulée', 'En attente']);
  await select.selectOption('pending');
  const dialog = admin.getByRole('alertdialog');
  await expect(dialog.getByText('Motif du changement de statut')).toBeVisible();
  for (const width of [375, 768, 1280]) {
    await admin.setViewportSize({ width, height: 800 });
    await admin.screenshot({ path: `test-results/status-reason-${width}.png` });
  }
  await dialog.getByRole('button', { name: 'Changer le statut' }).click();
  await expect(dialog.getByText('Indiquez le motif de ce changement de statut.')).toBeVisible();
  await dialog.getByLabel('Motif').fill('Annulée par erreur');
  await dialog.getByRole('button', { name: 'Changer le statut' }).click();
  await expect(admin.getByText('Statut de la commande mis à jour.', { exact: true }).first()).toBeVisible();
  await expect(select).toHaveValue('pending');
  await expect(select.locator('option')).toHaveText([
    'En attente',
    'Confirmée',
    'En traitement',
    'Expédiée',
    'Livrée',
    'Annulée',
  ]);
});
