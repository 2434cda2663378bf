import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { effectivePriceCents, orderAmounts } from '../../src/domain/catalog/pricing.js';
import { ADMIN } from './support/admin';
import { ownProduct } from './support/catalogue';
import { expect, test } from './support/test';

/**
 * Issue 13, points 9 to 11: an auditor signs in to the back-office, reads orders and the audit
 * page, runs a verification and downloads the log, and sees nothing that changes data; an admin
 * works through the contact inbox and the sidebar's badge follows.
 */

const PASSWORD = 'un long mot de passe normand 27';

const address = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** An API client as a browser of this site would be: its Origin, its own client address. */
async function apiAs(baseURL: string) {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': address() },
  });
}

async function mutate(api: APIRequestContext, path: string, input: unknown) {
  const res = await api.post(`/api/trpc/${path}`, { data: input });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { result: { data: unknown } }).result.data;
}

/** An auditor account, as an admin creates one: a person signs up, the admin gives the role. */
async function createAuditor(baseURL: string) {
  const email = `auditeur-${randomBytes(4).toString('hex')}@example.fr`;
  const person = await apiAs(baseURL);
  const signUp = await person.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, firstName: 'Paul', lastName: 'Comptable', name: 'Paul Comptable' },
  });
  expect(signUp.ok()).toBe(true);
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const admin = await apiAs(baseURL);
  expect((await admin.post('/api/auth/sign-in/email', { data: ADMIN })).ok()).toBe(true);
  await mutate(admin, 'account.setRole', { userId, role: 'auditor' });
  await Promise.all([person.dispose(), admin.dispose()]);
  return { email, password: PASSWORD };
}

/** A guest order of a product of its own through the real checkout, so the log has events to verify. */
async function placeOrder(baseURL: string) {
  const own = await ownProduct('Piège à rats de l’audit du journal');
  const guest = await apiAs(baseURL);
  const res = await guest.get(
    `/api/trpc/catalog.byId?input=${encodeURIComponent(JSON.stringify({ id: own.id }))}`,
  );
  expect(res.ok(), await res.text()).toBe(true);
  const product = (
    (await res.json()) as { result: { data: Parameters<typeof effectivePriceCents>[0] & { id: string } } }
  ).result.data;
  // The total the checkout page would show beside its button (the server refuses any other).
  const shop = (await (await guest.get('/api/trpc/settings.shop')).json()) as {
    result: { data: { delivery: Parameters<typeof orderAmounts>[2] } };
  };
  const { totalAmountCents, taxCents } = orderAmounts(
    effectivePriceCents(product),
    'pickup',
    shop.result.data.delivery,
  );
  await mutate(guest, 'checkout.place', {
    shownTotal: { totalAmountCents, taxCents },
    firstName: 'Marie',
    lastName: 'Lefèvre',
    email: 'marie.lefevre@example.fr',
    phone: '06 11 22 33 44',
    deliveryMethod: 'pickup',
    lines: [{ productId: product.id, quantity: 1 }],
    idempotencyKey: randomUUID(),
  });
  await guest.dispose();
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address() });
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test('an auditor reads orders and the audit page, verifies the log, downloads it, and can change nothing', async ({
  page,
  baseURL,
}) => {
  await placeOrder(baseURL!);
  const auditor = await createAuditor(baseURL!);
  await signIn(page, auditor);

  // Their home is the orders screen; the sidebar offers orders and the audit only.
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: 'Gestion des Commandes' })).toBeVisible();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Commandes' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Audit', exact: true })).toBeVisible();
  for (const hidden of ['Tableau de bord', 'Produits', 'Clients', 'Demandes de contact', 'Paramètres']) {
    await expect(sidebar.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  // Nothing on the orders screen changes an order: the rows are there, with their details, but no
  // inline status or payment selector and no delete; the details have no note form.
  const details = page.getByRole('button', { name: /^Détails de la commande/ }).first();
  await expect(details).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^(Statut|Paiement) de la commande/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Supprimer/ })).toHaveCount(0);
  await details.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Historique', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Ajouter une note/ })).toHaveCount(0);
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Admin-only screens send them back home.
  for (const path of ['/admin/products', '/admin/customers', '/admin/settings', '/admin/contact']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/orders$/);
  }

  await sidebar.getByRole('link', { name: 'Audit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Audit du journal des commandes' })).toBeVisible();
  await expect(page.getByTestId('page-badge')).toHaveText('Audit');
  await page.getByRole('button', { name: 'Vérifier maintenant' }).click();
  const result = page.getByTestId('audit-run');
  await expect(result.getByText('Journal intègre')).toBeVisible();
  await expect(result).toContainText(/\d+ événements? vérifiés? dans \d+ commandes? : aucune anomalie\./);
  await expect(result).toContainText('par Paul Comptable');
  // Every button of the page reads or verifies; none changes data.
  await expect(page.getByRole('main').getByRole('button')).toHaveText(['Vérifier maintenant']);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporter le journal' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^journal-commandes-\d{4}-\d{2}-\d{2}\.ndjson$/);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(lines[0]).toMatchObject({ kind: 'header', format: 'h27-order-log' });
  expect(lines.filter((l) => l.kind === 'event').length).toBeGreaterThan(0);

  // The server refuses a change even when asked directly, with the session of the page.
  const refused = await page.request.post('/api/trpc/contact.setHandled', {
    headers: { origin: new URL(page.url()).origin },
    data: { id: randomUUID(), handled: true },
  });
  expect(refused.status()).toBe(403);
});

test('an admin marks a contact request handled and the sidebar badge drops', async ({ page, baseURL }) => {
  const name = `Visiteur ${randomBytes(3).toString('hex')}`;
  const visitor = await apiAs(baseURL!);
  await mutate(visitor, 'contact.send', {
    name,
    email: 'visiteur@example.fr',
    phone: '06 12 34 56 78',
    service: 'frelon',
    message: 'Un nid de frelons sous le toit du garage.',
  });
  await visitor.dispose();

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const badge = page.getByTestId('contact-badge');
  await expect(badge).toBeVisible();
  const before = Number((await badge.textContent())?.match(/\d+/)?.[0]);
  expect(before).toBeGreaterThan(0);

  await page.getByRole('link', { name: /^Demandes de contact/ }).click();
  await expect(page.getByRole('heading', { name: 'Demandes de contact' })).toBeVisible();
  const card = page.getByTestId('contact-request').filter({ hasText: name });
  await expect(card).toContainText('Nid de frelons');
  await expect(card).toContainText('Un nid de frelons sous le toit du garage.');
  await expect(card.getByText('Nouvelle', { exact: true })).toBeVisible();
  // Newest first: the request just sent is at the top.
  await expect(page.getByTestId('contact-request').first()).toContainText(name);

  await card.getByRole('button', { name: 'Marquer comme traitée' }).click();
  await expect(page.getByText('Demande marquée comme traitée.').first()).toBeVisible();
  await expect(card).toContainText(/Traitée le .+ par /);
  if (before === 1) await expect(badge).toHaveCount(0);
  else await expect(badge).toContainText(String(before - 1));
});
