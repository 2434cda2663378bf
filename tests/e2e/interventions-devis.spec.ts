import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { ownAddress, signInAsAdmin } from './support/admin';
import { mailsTo } from './support/mail';
import { expect, test } from './support/test';

/**
 * Issue 36, the devis (docs/decisions/035-devis.md): the owner builds a 10 % devis for a house older
 * than two years and sends it; the customer opens the signed link from the mail, reads and
 * downloads it, accepts it with the express request and the one-time code (a wrong code first:
 * nothing recorded); the owner's pipeline shows « Accepté ». The PDF is checked by its text.
 */
test('a devis at 10 % sent, then accepted at a distance with the express request and the code', async ({
  page,
  browser,
}, testInfo) => {
  const email = `devis-${randomInt(1e9)}@example.fr`;
  const name = `Camille Devis ${randomInt(1e6)}`;
  await ownAddress(page);
  const request = await page.request.post('/api/trpc/interventions.request', {
    data: {
      name,
      email,
      phone: '0612345678',
      service: 'guepe',
      siteType: 'logement_ancien',
      street: '12 rue des Lilas',
      zipCode: '27000',
      city: 'Évreux',
      urgency: 'urgent',
      callbackConsent: true,
      message: 'Nid de guêpes sous le toit de la maison (construite en 1980).',
    },
  });
  expect(request.ok()).toBe(true);

  // The owner builds the devis: one hour of labour and the travel, in a dwelling of more than 2 years.
  await signInAsAdmin(page, '/admin/interventions');
  await page.getByLabel('Rechercher une intervention').fill(name);
  const card = page.getByRole('listitem').filter({ hasText: name });
  await card.getByRole('button', { name: 'Établir un devis' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Lieu de l’intervention')).toHaveValue('logement_ancien');
  await dialog.getByRole('button', { name: '+ Main-d’œuvre' }).click();
  // « 60,5 » minutes is not read as 605 without a word: the field says what it takes.
  const minutes = dialog.getByLabel('Minutes');
  const initialMinutes = await minutes.inputValue();
  await minutes.fill('60,5');
  await expect(dialog.getByText('Un nombre entier, sans virgule.')).toBeVisible();
  await minutes.fill(initialMinutes);
  await expect(dialog.getByText('Un nombre entier, sans virgule.')).toBeHidden();
  await dialog.getByRole('button', { name: '+ Déplacement' }).click();
  await dialog.getByLabel('Description des travaux').fill('Destruction du nid sous la toiture.');
  await expect(dialog.getByText('TVA 10 % (attestation du client imprimée sur le devis)')).toBeVisible();
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await dialog.screenshot({ path: testInfo.outputPath(`devis-builder-${width}.png`) });
  }
  await dialog.getByRole('button', { name: 'Envoyer le devis' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Devis envoyé', { exact: true })).toBeVisible();
  const number = (await card.getByTestId('devis-summary').innerText()).match(/DE-\d{4}-\d{6}/)?.[0];
  expect(number).toBeTruthy();

  // The customer opens the link of the mail, in a browser of their own (no account).
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(email)).find((m) => m.includes(`Votre devis ${number}`));
      link = /https?:\/\/[^\s"<>]+\/devis\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(mail ?? '')?.[0] ?? '';
      return link;
    })
    .toMatch(/\/devis\//);
  const customer = await browser.newPage({ viewport: testInfo.project.use.viewport ?? undefined });
  await customer.goto(new URL(link).pathname);
  await expect(customer.getByRole('heading', { name: `Devis ${number}` })).toBeVisible();
  await expect(customer.getByTestId('vat-certification')).toContainText('le client atteste');
  // Labour 1 h at 65 € TTC published (54,17 € HT + 5,42 €) and travel 35 € (29,17 € HT + 2,92 €),
  // each line rounded, at 10 %: 91,68 €.
  await expect(customer.getByTestId('devis-total')).toHaveText(/91,68\s€/);

  // The PDF, by its text.
  const [download] = await Promise.all([
    customer.waitForEvent('download'),
    customer.getByRole('button', { name: 'Télécharger le devis (PDF)' }).click(),
  ]);
  const file = testInfo.outputPath('devis.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(`N° ${number}`);
  expect(text).toContain('TVA à 10 %');
  expect(text).toContain('le client atteste que les travaux portent sur des locaux');
  expect(text).toContain('Formulaire de rétractation');

  await customer
    .getByLabel(/Je demande expressément que l'intervention commence avant la fin du délai/)
    .check();
  await customer.getByLabel('Votre nom et prénom').fill(name);
  await customer.getByRole('button', { name: 'Recevoir mon code par email' }).click();
  await expect(customer.getByText(/Un code à 6 chiffres a été envoyé à de•••@example\.fr/)).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(email)).find((m) => m.includes(`Code de confirmation du devis ${number}`));
      code = /accepter le devis DE-\d{4}-\d{6} : (\d{6})/.exec(mail ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);

  // A wrong code: a French message, nothing recorded.
  await customer.getByLabel('Code reçu par email').fill(code === '000000' ? '111111' : '000000');
  await customer.getByRole('button', { name: 'Accepter le devis' }).click();
  await expect(customer.getByRole('alert')).toHaveText(
    'Le code saisi est incorrect. Vérifiez le code reçu par email.',
  );
  await expect(card.getByText('Devis envoyé', { exact: true })).toBeVisible();

  await customer.getByLabel('Code reçu par email').fill(code);
  await customer.getByRole('button', { name: 'Accepter le devis' }).click();
  await expect(customer.getByTestId('devis-accepted')).toContainText('À distance');
  for (const width of [375, 768, 1280]) {
    await customer.setViewportSize({ width, height: 900 });
    await customer.screenshot({ path: testInfo.outputPath(`devis-accepted-${width}.png`), fullPage: true });
  }
  await customer.close();

  // The owner's pipeline moves to « Acceptés » (live), with the mode of conclusion.
  await expect(card.getByText('Accepté', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(card.getByTestId('contract-summary')).toContainText('Contrat conclu à distance');
  await expect(card.getByTestId('contract-summary')).toContainText('demande expresse');
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: testInfo.outputPath(`admin-accepted-${width}.png`) });
  }
});
