import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** The password of every customer account the e2e tests create. */
export const PASSWORD = 'motdepasse-solide';

/** An address of the test's own, so no two tests (or runs) share an account or a mail. */
export const uniqueEmail = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.fr`;

/** Creates a customer account through /auth, as a visitor does; the page is then signed in. */
export async function signUp(page: Page, who: { firstName: string; lastName: string; email: string }) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await page.getByLabel('Prénom').fill(who.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(who.lastName);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Compte créé avec succès', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/boutique$/);
}
