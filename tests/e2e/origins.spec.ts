import { randomBytes, randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/*
 * Loopback origins (issue 9): with PUBLIC_URL unset, the app opened at http://127.0.0.1:<port>
 * works like http://localhost:<port>; opened from an address it does not trust, the page says why
 * in French instead of a generic error.
 */

const PASSWORD = 'motdepasse-solide';

function port(baseURL: string | undefined) {
  return new URL(baseURL ?? 'http://localhost:3107').port;
}

async function ownAddress(page: Page) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${randomInt(0, 256)}.${randomInt(1, 255)}` });
}

async function fillSignUp(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/auth`);
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await page.getByLabel('Prénom').fill('Inès');
  await page.getByLabel('Nom', { exact: true }).fill('Lemoine');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
}

test('sign up and sign in from http://127.0.0.1:<port>', async ({ page, baseURL }) => {
  await ownAddress(page);
  const origin = `http://127.0.0.1:${port(baseURL)}`;
  const email = `ines.${randomBytes(4).toString('hex')}@example.fr`;
  await fillSignUp(page, origin, email);
  await expect(page.getByText('Compte créé avec succès', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${origin}/boutique`);

  await page.getByRole('link', { name: 'Mon compte' }).click();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();

  await page.goto(`${origin}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Connexion réussie', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Mon compte' }).click();
  await expect(page.getByTestId('account-name')).toHaveText('Inès Lemoine');
});

test('opened from an address the server does not trust, the page says so and where to go', async ({
  page,
  baseURL,
}) => {
  await ownAddress(page);
  const p = port(baseURL);
  // 127.0.0.2 reaches the same server (all of 127/8 is loopback) but is not one of its origins.
  const origin = `http://127.0.0.2:${p}`;
  await fillSignUp(page, origin, `refus.${randomBytes(4).toString('hex')}@example.fr`);
  await expect(
    page.getByRole('alert').filter({
      hasText: `Cette page a été ouverte depuis une adresse non autorisée (${origin}). Ouvrez le site depuis http://localhost:${p}, http://127.0.0.1:${p} ou http://[::1]:${p} puis réessayez.`,
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(`${origin}/auth`);
});
