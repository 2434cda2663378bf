import { randomBytes, randomInt } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { ADMIN, ownAddress, signInAsAdmin } from './support/admin';
import { expect, test } from './support/test';

/**
 * The back-office customers screen (back-office.md §2, §5, §8): an admin creates a customer who then
 * signs in at /auth, finds them by search and filter, edits them and deletes them.
 */

const PASSWORD = 'Nid de guêpes au grenier 27';

/** The customer's own browser: signs in at /auth and reads their account. */
async function customerSignsIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await ownAddress(page);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  return { context, page };
}

test('an admin creates a customer who signs in at once, then edits and deletes them @phone', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page, '/admin/customers');
  await expect(page).toHaveTitle(/^Clients \| Administration/);
  await expect(page.getByTestId('customer-total')).toHaveText(/^\d+ clients?$/);

  const tag = randomBytes(3).toString('hex');
  const email = `solene.${tag}@example.fr`;
  const digits = String(randomInt(10_000_000, 99_999_999));
  const phone = `06 ${digits.replace(/(\d{2})(?=\d)/g, '$1 ')}`;
  const piece = phone.slice(3, 11);
  await page.getByRole('button', { name: 'Nouveau client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau client' });
  // Nothing is sent while the form breaks the rules: the French messages show under the fields.
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(dialog.getByText('Le prénom est obligatoire')).toBeVisible();
  await expect(dialog.getByText("L'email est obligatoire")).toBeVisible();
  await expect(dialog.getByText('Le mot de passe est obligatoire')).toBeVisible();
  await dialog.getByLabel('Prénom *').fill('Solène');
  await dialog.getByLabel('Nom *', { exact: true }).fill(`Garnier-${tag}`);
  await dialog.getByLabel('Email *').fill(email);
  await dialog.getByLabel('Téléphone').fill(phone);
  await dialog.getByLabel('Ville').fill('Pont-Audemer');
  await dialog.getByLabel('Code postal').fill('27500');
  // The shop's password rule, from the server, on the password field.
  await dialog.getByLabel('Mot de passe *', { exact: true }).fill('motdepasse');
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(dialog.getByText(/^Mot de passe trop facile à deviner/).first()).toBeVisible();
  await dialog.getByLabel('Mot de passe *', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText('Client créé avec succès.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Found by a piece of the phone number as people type it, and by the role filter.
  await page.getByLabel('Rechercher des clients').fill(piece);
  const row = page.getByTestId('customer-row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('customer-total')).toHaveText('1 client');
  await expect(row.getByText(`Solène Garnier-${tag}`)).toBeVisible();
  await expect(row.getByText(phone).filter({ visible: true })).toBeVisible();
  await expect(row.getByTestId('role-badge').filter({ visible: true })).toHaveText('Client');
  await page.getByLabel('Filtrer par rôle').selectOption({ label: 'Admins uniquement' });
  await expect(page.getByText('Aucun client ne correspond aux critères de recherche')).toBeVisible();
  await page.getByLabel('Filtrer par rôle').selectOption({ label: 'Clients uniquement' });
  await expect(row).toBeVisible();

  // The new customer signs in at /auth at once and sees their profile.
  const customer = await customerSignsIn(browser, email, PASSWORD);
  await expect(customer.page).toHaveURL(/\/boutique$/);
  await customer.page.goto('/compte');
  await customer.page.getByRole('tab', { name: 'Profil' }).click();
  await expect(customer.page.getByText('Pont-Audemer', { exact: false })).toBeVisible();

  // Edit: the email cannot be changed, there is no password field.
  await row.getByRole('button', { name: /^Modifier/ }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le client' });
  await expect(edit.getByLabel('Email *')).toBeDisabled();
  await expect(edit.getByText("L'email ne peut pas être modifié.")).toBeVisible();
  await expect(edit.getByLabel('Mot de passe *', { exact: true })).toHaveCount(0);
  await edit.getByLabel('Ville').fill('Bernay');
  await edit.getByLabel('Pays').fill('Belgique');
  await edit.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect(page.getByText('Client mis à jour avec succès.', { exact: true })).toBeVisible();
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    await expect(row.getByText('27500 Bernay')).toBeVisible();
    await expect(row.getByText('Belgique')).toBeVisible();
  } else {
    // Narrow screens show the address in the dialog only.
    await row.getByRole('button', { name: /^Modifier/ }).click();
    await expect(edit.getByLabel('Ville')).toHaveValue('Bernay');
    await edit.getByRole('button', { name: 'Annuler' }).click();
  }

  // Admin rows offer no delete; this customer's does, after the irreversible-delete confirmation.
  await row.getByRole('button', { name: /^Supprimer/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Cette action est irréversible.', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Client supprimé avec succès.', { exact: true })).toBeVisible();
  await expect(row).toBeHidden();
  await expect(page.getByText('Aucun client ne correspond aux critères de recherche')).toBeVisible();

  // Their session ended with the account.
  await customer.page.reload();
  await expect(customer.page).toHaveURL(/\/auth$/);
  await customer.context.close();
});

test('admins are listed without a delete action, and the admin cannot demote themselves', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/customers');
  await page.getByLabel('Filtrer par rôle').selectOption({ label: 'Admins uniquement' });
  const me = page.getByTestId('customer-row').filter({ hasText: ADMIN.email });
  await expect(me.getByTestId('role-badge').filter({ visible: true })).toHaveText('Administrateur');
  await expect(me.getByRole('button', { name: /^Supprimer/ })).toHaveCount(0);
  await me.getByRole('button', { name: /^Modifier/ }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le client' });
  // The seed's admin has no last name yet: the profile's rules hold for admins too.
  await edit.getByLabel('Nom *', { exact: true }).fill('Boutique');
  await edit.getByLabel('Rôle').selectOption({ label: 'Client' });
  await edit.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect(
    edit
      .getByRole('alert')
      .filter({ hasText: 'Vous ne pouvez pas retirer vos propres droits d’administration.' }),
  ).toBeVisible();
  await edit.getByRole('button', { name: 'Annuler' }).click();
  await expect(me.getByTestId('role-badge').filter({ visible: true })).toHaveText('Administrateur');
});
