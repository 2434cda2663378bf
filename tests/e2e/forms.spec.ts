import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/*
 * The one form pattern (components/ui/field.tsx + lib/use-form.ts) as a shopper meets it: zod comes
 * with the first interaction and not with the page, a refused submit puts the focus on the first
 * field in error and ties each message to its field, and every page names itself in the title.
 */

const SITE = 'Hygiène - Anti-nuisibles 27';

/** The JavaScript files a page has downloaded that carry zod (its error class is in every build of it). */
function zodDownloads(page: Page): () => Promise<string[]> {
  const scripts: Promise<string | null>[] = [];
  page.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
    scripts.push(
      response
        .text()
        .then((body) => (body.includes('ZodError') ? new URL(response.url()).pathname : null))
        .catch(() => null),
    );
  });
  return async () => (await Promise.all(scripts)).filter((path): path is string => path !== null);
}

test('the form schemas load with the first interaction, not with the page @phone', async ({ page }) => {
  // The back-office sign-in parses with zod at once: the check sees zod where it is.
  const adminZod = zodDownloads(page);
  await page.goto('/admin/login');
  // The sign-in form renders once its chunk, which imports the schema, has run.
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
  expect(await adminZod()).not.toEqual([]);

  // A product in the cart, so /checkout shows its form.
  await page.goto('/boutique');
  await page
    .getByRole('button', { name: /^Ajouter .* au panier$/ })
    .first()
    .click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  for (const path of ['/', '/auth', '/checkout', '/reinitialiser-mot-de-passe?token=abc']) {
    const zod = zodDownloads(page);
    await page.goto(path);
    await expect(page.locator('form').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await zod(), path).toEqual([]);
  }
  const zod = zodDownloads(page);
  await page.goto('/auth');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').focus();
  await expect.poll(async () => (await zod()).length).toBeGreaterThan(0);
});

test('a refused submit focuses the first field in error and ties each message to its field', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await page.getByLabel('Email').fill('camille@example.fr');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  const firstName = page.getByLabel('Prénom');
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toHaveAccessibleDescription('Le prénom est obligatoire');
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  // Typing in a field clears its message, and only its own.
  await firstName.fill('Camille');
  await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Nom', { exact: true })).toHaveAccessibleDescription('Le nom est obligatoire');
  // The password's hint and its error are both read with the field.
  const password = page.getByLabel('Mot de passe', { exact: true });
  await expect(password).toHaveAccessibleDescription(/Le mot de passe est obligatoire/);
  await password.fill('x');
  await expect(password).toHaveAccessibleDescription('8 caractères minimum.');
});

test('each page names itself in the document title', async ({ page }) => {
  await page.goto('/panier');
  await expect(page).toHaveTitle(`Mon panier | ${SITE}`);
  await page.goto('/checkout');
  await expect(page).toHaveTitle(`Commande | ${SITE}`);
  await page.goto('/auth');
  await expect(page).toHaveTitle(`Connexion | ${SITE}`);
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page).toHaveTitle(`Créer un compte | ${SITE}`);
  await page.goto('/reinitialiser-mot-de-passe?token=abc');
  await expect(page).toHaveTitle(`Nouveau mot de passe | ${SITE}`);
  await page.goto('/admin/login');
  await expect(page).toHaveTitle(`Connexion | Administration | ${SITE}`);
});
