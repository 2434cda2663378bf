import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { signInAsAdmin } from './support/admin';
import { archiveSiteNow, siteWithDevices } from './support/history';
import { mailsTo } from './support/mail';
import { expect, test } from './support/test';

const tag = () => randomInt(1e9).toString(36);

type ContractFill = { kind: 'Professionnel' | 'Particulier'; name: string; email: string; online: boolean };

/** « Nouveau contrat » filled for `site`, the rest as the test says, then created: its page's number. */
async function newContract(page: Page, site: string, fill: ContractFill) {
  await page.goto('/admin/contracts');
  await page.getByRole('button', { name: 'Nouveau contrat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau contrat' });
  await fillContract(dialog, site, fill);
  await dialog.getByRole('button', { name: 'Créer le contrat' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: /^Contrat CT-\d{4}-\d{6}$/ })).toBeVisible();
  return (await page.getByRole('heading', { name: /^Contrat CT-/ }).innerText()).replace('Contrat ', '');
}

/** A field of the dialog by its label (a required field's asterisk is not part of its name). */
const fieldOf = (dialog: Locator, label: string) =>
  dialog
    .getByRole('textbox', { name: label, exact: true })
    .or(dialog.getByRole('combobox', { name: label, exact: true }));

async function fillContract(dialog: Locator, site: string, fill: ContractFill) {
  await fieldOf(dialog, 'Site').selectOption({ label: `${site} – Pont-Audemer` });
  await fieldOf(dialog, 'Type de client').selectOption({ label: fill.kind });
  if (fill.kind === 'Professionnel') {
    await fieldOf(dialog, 'Raison sociale').fill(site);
    await fieldOf(dialog, 'SIREN').fill('732829320');
    await fieldOf(dialog, 'Nom du contact').fill(fill.name);
    await fieldOf(dialog, 'Effectif (salariés)').fill('12');
    await dialog.getByRole('textbox', { name: 'Activité principale' }).fill('Restauration');
  } else {
    await fieldOf(dialog, 'Nom').fill(fill.name);
  }
  await fieldOf(dialog, 'Email').fill(fill.email);
  await fieldOf(dialog, 'Téléphone').fill('06 12 34 56 78');
  await fieldOf(dialog, 'Adresse de facturation').fill('4 rue du Port');
  await fieldOf(dialog, 'Code postal').fill('27500');
  await fieldOf(dialog, 'Commune').fill('Pont-Audemer');
  if (fill.online) {
    await fieldOf(dialog, 'Mode de conclusion').selectOption('a_distance');
    await dialog.getByLabel('Signé en ligne', { exact: true }).check();
  }
  await fieldOf(dialog, 'Zones (séparées par des virgules)').fill('Cuisine');
  await fieldOf(dialog, 'Postes d’appâtage prévus').fill('12');
  await fieldOf(dialog, 'Visites par an').fill('6');
  await fieldOf(dialog, 'Prix annuel HT (€)').fill('1200');
  await fieldOf(dialog, 'Facturation').selectOption({ label: 'Trimestrielle' });
}

test('a restaurant’s yearly contract: 6 visits to confirm, the quarter’s invoice; a household contract ended online', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const site = `Brasserie du Quai ${tag()}`;
  await siteWithDevices(site, 12);
  await signInAsAdmin(page, '/admin/contracts');

  const number = await newContract(page, site, {
    kind: 'Professionnel',
    name: 'Julie Marchand',
    email: `vieux-port-${tag()}@example.fr`,
    online: false,
  });
  // The year's six visits, each to confirm (an appointment is booked on « Confirmer »).
  const visits = page
    .getByRole('region', { name: 'Visites prévues' })
    .or(page.locator('section').filter({ has: page.getByRole('heading', { name: 'Visites prévues' }) }));
  await expect(visits.getByText('À confirmer')).toHaveCount(6);
  // A restaurant of 12 employees is not a consumer (L221-3): no Chatel notice owed.
  await expect(page.getByText('Non requis pour ce contrat.')).toBeVisible();

  // The quarter that has begun is invoiced through the invoices module (FA series).
  await page.getByRole('button', { name: 'Facturer les périodes commencées' }).click();
  await expect(page.getByText(/Facture émise : FA-\d{4}-\d{6}/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Factures' }) })
      .getByRole('button', { name: 'PDF' })
      .first()
      .click(),
  ]);
  const file = testInfo.outputPath('facture-contrat.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('Période facturée');
  expect(text).toContain(number);
  // 1 200 € HT a year, a quarter: 300,00 € HT at 20 % (a restaurant).
  expect(text).toContain('300,00');
  // « Enregistrer un paiement » in the invoice's row (ADR 046): the amount left, then « Payée ».
  const invoices = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Factures' }) });
  await expect(invoices.getByText('À payer', { exact: true })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await invoices.screenshot({ path: testInfo.outputPath(`factures-a-payer-${width}.png`) });
  }
  // « Contrats » shows what the contract still owes (360,00 € TTC): under the next invoice, and
  // below 1024 px, where the table scrolls sideways, under the contract's number.
  const contractUrl = page.url();
  await page.goto('/admin/contracts');
  const row = page.getByRole('row').filter({ hasText: number });
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Once: the other place is hidden at this width.
    const shown = row.getByText(/^Reste à payer/).locator('visible=true');
    await expect(shown).toHaveCount(1);
    await expect(shown).toHaveText(/^Reste à payer : 360,00\s€$/);
    await page.screenshot({
      path: testInfo.outputPath(`contrats-reste-a-payer-${width}.png`),
      fullPage: true,
    });
  }
  await page.goto(contractUrl);
  await invoices.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const payment = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
  await expect(payment.getByText(/Reste à payer\s:\s360,00/)).toBeVisible();
  await payment.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(payment).toBeHidden();
  await expect(invoices.getByText('Payée', { exact: true })).toBeVisible();
  await expect(invoices.getByRole('button', { name: 'Enregistrer un paiement' })).toHaveCount(0);
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`contrat-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // « Résilier » without a reason: the decider's refusal (REASON_REQUIRED) under « Motif », focused;
  // with one, the contract is ended.
  await page.getByRole('button', { name: 'Résilier', exact: true }).click();
  const ending = page.getByRole('alertdialog', { name: 'Résilier le contrat' });
  await ending.getByRole('button', { name: 'Résilier', exact: true }).click();
  await expect(ending.getByLabel('Motif')).toHaveAccessibleDescription(
    'Indiquez le motif de la résiliation.',
  );
  await expect(ending.getByLabel('Motif')).toBeFocused();
  await ending.getByLabel('Motif').fill('Fermeture du restaurant');
  await ending.getByRole('button', { name: 'Résilier', exact: true }).click();
  await expect(ending).toBeHidden();
  await expect(page.getByText(/Motif : Fermeture du restaurant/)).toBeVisible();

  // A household contract signed online: the customer ends it from the link of their mail.
  const home = `Maison Lefèvre ${tag()}`;
  await siteWithDevices(home, 2);
  const email = `lefevre-${tag()}@example.fr`;
  const household = await newContract(page, home, {
    kind: 'Particulier',
    name: 'Paul Lefèvre',
    email,
    online: true,
  });
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(email)).find((m) => m.includes(`Votre contrat ${household}`));
      link = /https?:\/\/[^\s"<>]+\/contrat\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(mail ?? '')?.[0] ?? '';
      return link;
    })
    .toMatch(/\/contrat\//);
  const customer = await browser.newPage();
  await customer.goto(new URL(link).pathname);
  await expect(customer.getByText(household).first()).toBeVisible();
  await customer.getByRole('button', { name: 'Résilier mon contrat' }).click();
  await customer.getByRole('button', { name: 'Confirmer la résiliation' }).click();
  await expect(customer.getByRole('status').filter({ hasText: 'Résiliation enregistrée le' })).toBeVisible();
  await customer.screenshot({ path: testInfo.outputPath('contrat-client-resilie.png'), fullPage: true });
  await page.reload();
  await expect(page.getByText(/Résilié le .* par le client \(en ligne\)/)).toBeVisible();
});

test('« Nouveau contrat » says under each field what is missing, and the server’s refusal under its field', async ({
  page,
}, testInfo) => {
  const site = `Boulangerie du Pont ${tag()}`;
  const { id: siteId } = await siteWithDevices(site, 1);
  await signInAsAdmin(page, '/admin/contracts');
  await page.getByRole('button', { name: 'Nouveau contrat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau contrat' });
  const field = (label: string) => fieldOf(dialog, label);

  // Sent empty: the schema's French messages, each under its field, the first field focused.
  await dialog.getByLabel('Rongeurs (rats, souris)').uncheck();
  await dialog.getByRole('button', { name: 'Créer le contrat' }).click();
  await expect(field('Site')).toHaveAccessibleDescription('Choisissez le site.');
  await expect(field('Site')).toBeFocused();
  await expect(field('Raison sociale')).toHaveAccessibleDescription('Indiquez la raison sociale.');
  await expect(field('SIREN')).toHaveAccessibleDescription('Indiquez le SIREN.');
  await expect(field('Nom du contact')).toHaveAccessibleDescription('Indiquez le nom du client.');
  await expect(field('Email')).toHaveAccessibleDescription('Indiquez l’email du client.');
  await expect(field('Code postal')).toHaveAccessibleDescription('Le code postal compte 5 chiffres.');
  await expect(field('Prix annuel HT (€)')).toHaveAccessibleDescription('Indiquez le prix annuel.');
  await expect(dialog.getByText('Choisissez au moins un nuisible.')).toBeVisible();
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`nouveau-contrat-erreurs-${width}.png`) });
  }

  // A typed value fixes its own message; the server's refusal (the site archived meanwhile) lands
  // on the site's field, and nothing is created.
  await fillContract(dialog, site, {
    kind: 'Professionnel',
    name: 'Marc Petit',
    email: `boulangerie-${tag()}@example.fr`,
    online: false,
  });
  await dialog.getByLabel('Rongeurs (rats, souris)').check();
  await expect(field('Site')).not.toHaveAttribute('aria-invalid', 'true');
  await archiveSiteNow(siteId);
  await dialog.getByRole('button', { name: 'Créer le contrat' }).click();
  await expect(field('Site')).toHaveAccessibleDescription('Choisissez un site existant.');
  await expect(field('Site')).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Créer le contrat' })).toBeEnabled();
  await expect(dialog).toBeVisible();
});

test('the planning lists the contract visits of earlier weeks nobody confirmed, each with its day', async ({
  page,
}, testInfo) => {
  const site = `Brasserie Retard ${tag()}`;
  await siteWithDevices(site, 4);
  await signInAsAdmin(page, '/admin/contracts');
  await page.getByRole('button', { name: 'Nouveau contrat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau contrat' });
  await fillContract(dialog, site, {
    kind: 'Professionnel',
    name: 'Julie Retard',
    email: `retard-${tag()}@example.fr`,
    online: false,
  });
  // A contract entered after it began: its monthly visits of the weeks already past were never confirmed.
  await fieldOf(dialog, 'Visites par an').fill('12');
  const start = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
  await fieldOf(dialog, 'Début').fill(start);
  await dialog.getByRole('button', { name: 'Créer le contrat' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/admin/planning');
  const late = page.getByRole('region', { name: 'Visites de contrat en retard des semaines précédentes' });
  const entries = late.getByRole('listitem').filter({ hasText: site });
  await expect(entries.first()).toContainText('En retard');
  await expect(entries.first()).toContainText(/Prévue le \S+ \d{1,2} \S+ \d{4}/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`planning-retard-${width}.png`), fullPage: true });
  }
});
