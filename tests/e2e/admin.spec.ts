import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, ownAddress } from './support/admin';
import { expect, test } from './support/test';

/**
 * The back-office, part 1: sign-in and access rule, the layout's sidebar, and the products screen
 * with real photo uploads, followed into the shop.
 */

/** Each test signs in from its own client address, so sign-in limits never spill between tests. */

async function signInAsAdmin(page: Page, from = '/admin/dashboard') {
  await ownAddress(page);
  await page.goto(from);
  await expect(page).toHaveURL(/\/admin\/login$/);
  const submit = page.getByRole('button', { name: 'Se connecter' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill(ADMIN.email);
  await expect(submit).toBeDisabled();
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  await submit.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Two real photos, different enough to tell apart. */
async function photo(color: string, name: string) {
  const buffer = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: color } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 1 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

const imageUrls = (page: Page) =>
  page
    .getByTestId('product-images')
    .locator('li[data-url]')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-url')));

test('an admin creates a product with two photos, reorders them, sees it in the shop, edits and deletes it', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/products');
  await page.getByRole('link', { name: 'Produits', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Gestion des Produits' })).toBeVisible();
  await expect(page.getByText(/^\d+ produits au total$/)).toBeVisible();
  await expect(page.getByTestId('page-badge')).toHaveText('Produits');
  await expect(page).toHaveTitle(/^Produits \| Administration/);

  const title = `Diffuseur anti-moustiques ${randomBytes(3).toString('hex')}`;
  await page.getByRole('button', { name: 'Nouveau produit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Créer un nouveau produit' });
  await expect(dialog.getByText('Remplissez les informations du produit ci-dessous.')).toBeVisible();
  // The spec's rules before anything is sent.
  await dialog.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(dialog.getByText('Erreurs de validation :')).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Erreurs de validation :' })).toContainText(
    'Le titre est requis',
  );
  await dialog.getByLabel('Titre *').fill(title);
  await expect(dialog.getByText(/^Slug auto-généré: diffuseur-anti-moustiques-/)).toBeVisible();
  await dialog.getByLabel('Prix (€) *').fill('24.90');
  // A category of the managed list (the seed's), not free text.
  await dialog.getByLabel('Catégorie', { exact: true }).selectOption('Rongeurs');
  await dialog.getByLabel('Stock', { exact: true }).fill('12');

  await dialog
    .getByTestId('image-input')
    .setInputFiles([await photo('#c0392b', 'rouge.jpg'), await photo('#2471a3', 'bleu.jpg')]);
  await expect(page.getByText('2 image(s) ajoutée(s) avec succès.').first()).toBeVisible({ timeout: 30_000 });
  const uploaded = await imageUrls(page);
  expect(uploaded).toHaveLength(2);
  await expect(
    dialog.getByTestId('product-images').locator('li').first().getByText('Principal'),
  ).toBeVisible();
  // Reorder with the keyboard-usable button: the blue one becomes the main image.
  await dialog.getByRole('button', { name: "Déplacer l'image 2 vers la gauche" }).click();
  const ordered = await imageUrls(page);
  expect(ordered).toEqual([uploaded[1], uploaded[0]]);

  await dialog.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(page.getByText('Produit créé avec succès.').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('Rechercher des produits...').fill(title.toUpperCase());
  const row = page.getByTestId('product-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('24,90 €');
  await expect(row).toContainText('Rongeurs');
  await expect(row).toContainText('Visible');

  // The shop follows at once, with the WebP srcset of the images in the new order.
  await page.goto('/boutique');
  await page.getByTestId('product-grid').getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const productUrl = page.url();
  const main = page.locator(`img[srcset*="${ordered[0]}/320.webp"]`).first();
  await expect(main).toBeVisible();
  expect(await main.getAttribute('srcset')).toBe(
    `${ordered[0]}/320.webp 320w, ${ordered[0]}/640.webp 640w, ${ordered[0]}/1280.webp 1280w`,
  );
  const served = await page.request.get(`${ordered[0]}/640.webp`);
  expect(served.headers()['content-type']).toBe('image/webp');

  // Edit the price.
  await page.goto('/admin/products');
  await page.getByPlaceholder('Rechercher des produits...').fill(title);
  await page.getByRole('button', { name: `Modifier ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le produit' });
  await expect(edit.getByLabel('Titre *')).toHaveValue(title);
  await edit.getByLabel('Prix (€) *').fill('19.50');
  await edit.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect(page.getByText('Produit mis à jour avec succès.').first()).toBeVisible();
  await expect(page.getByTestId('product-row').filter({ hasText: title })).toContainText('19,50 €');
  await page.goto(productUrl);
  await expect(page.getByText('19,50 €').first()).toBeVisible();

  // Delete it, after the confirmation.
  await page.goto('/admin/products');
  await page.getByPlaceholder('Rechercher des produits...').fill(title);
  await page.getByRole('button', { name: `Supprimer ${title}` }).click();
  await expect(page.getByText('Êtes-vous sûr de vouloir supprimer ce produit ?').first()).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expect(page.getByText('Produit supprimé avec succès.').first()).toBeVisible();
  await expect(page.getByText('Aucun produit trouvé').first()).toBeVisible();
  await page.goto(productUrl);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeHidden();
});

test('a customer is refused at /admin/login and sent to the shop @phone', async ({ page }) => {
  await ownAddress(page);
  const email = `client.${randomBytes(4).toString('hex')}@example.fr`;
  await page.goto('/boutique');
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email,
      password: 'motdepasse-client',
      name: 'Jeanne Client',
      firstName: 'Jeanne',
      lastName: 'Client',
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBe(true);
  // Signed in as a customer: the admin screens send back to the sign-in, nothing of the layout shows.
  await page.goto('/admin/products');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Gestion des Produits')).toBeHidden();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse-client');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Accès refusé').first()).toBeVisible();
  await expect(page.getByText("Vous n'avez pas les droits d'administration.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/boutique$/);
  // A wrong password gets the spec's error.
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Erreur de connexion').first()).toBeVisible();
});

test('the sidebar: Ctrl+B collapses it to icons with tooltips, the cookie keeps it closed from the first paint', async ({
  page,
}) => {
  await signInAsAdmin(page);
  // Signed in already: the sign-in form is skipped.
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page).toHaveTitle(/^Tableau de bord \| Administration/);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect(page.getByRole('group', { name: 'Gestion' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Configuration' })).toBeVisible();
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  expect((await page.context().cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('false');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state')!;
  expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
  // Collapsed: 3rem of icons, each with its name as a tooltip.
  const aside = page.getByRole('complementary', { name: "Menu de l'administration" });
  await expect.poll(async () => Math.round((await aside.boundingBox())?.width ?? 0)).toBe(48);
  await page.getByRole('link', { name: 'Paramètres' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Paramètres' })).toBeVisible();

  // Reload: the first state ever rendered is the saved one (no open-then-closed flash).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { sidebarStates: string[] }).sidebarStates = seen;
    new MutationObserver(() => {
      const state = document.querySelector('[data-testid="sidebar"]')?.getAttribute('data-state');
      if (state && seen.at(-1) !== state) seen.push(state);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  expect(await page.evaluate(() => (window as unknown as { sidebarStates: string[] }).sidebarStates)).toEqual(
    ['collapsed'],
  );
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect.poll(async () => Math.round((await aside.boundingBox())?.width ?? 0)).toBe(256);
});

test('on a phone the sidebar is an 18rem sheet opened from the header @phone', async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 1280) >= 768, 'phone layout only');
  await signInAsAdmin(page);
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByTestId('sidebar-trigger').click();
  const sheet = page.getByRole('dialog', { name: "Menu de l'administration" });
  await expect(sheet).toBeVisible();
  expect((await sheet.boundingBox())?.width).toBeCloseTo(288, 0);
  await sheet.getByRole('link', { name: 'Commandes' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Gestion des Commandes' })).toBeVisible();
});

test('a rodenticide cannot be put on promotion: the switch is off and says why; its hazards are in the dialog', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/products');
  await page.goto('/admin/products');
  // Found by its name: the list shows the newest 20 first, and the other specs' products come first.
  await page.getByPlaceholder('Rechercher des produits...').fill('Appâts raticides en pâte 500 g');
  await page
    .getByRole('row')
    .filter({ hasText: 'Appâts raticides en pâte 500 g' })
    .getByRole('button', { name: /Modifier/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Produit biocide')).toHaveValue('TP14');
  const promo = dialog.getByRole('switch', { name: 'En promotion' });
  await expect(promo).toBeDisabled();
  await expect(promo).not.toBeChecked();
  await expect(dialog.getByText("ne peuvent faire l'objet d'aucune promotion ni remise")).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Danger pour la santé/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /H373/ })).toBeChecked();
});
