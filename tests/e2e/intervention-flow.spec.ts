import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { type Page, request } from '@playwright/test';
import sharp from 'sharp';
import { addDays } from '../../src/domain/interventions/appointments';
import { printedShortCode } from '../../src/domain/interventions/report';
import { frenchDay } from '../../src/domain/site/dates';
import { parisDay } from '../../src/domain/site/time-zone';
import { photoJpeg } from '../support/images';
import { adminApi, signInAsAdmin } from './support/admin';
import { ownProduct } from './support/catalogue';
import { interventionSignedOffPremisesDaysAgo } from './support/history';
import { drawWithFinger, pdfOf, pdfText, qrOf } from './support/interventions';
import { mailsTo } from './support/mail';
import { fitsTheScreen } from './support/side-scroll';
import { signInAsTechnician } from './support/technician';
import { expect, test } from './support/test';
import { mutate, query } from './support/trpc';

/**
 * The technician's whole day on one intervention (issue 37), as its users live it: the technician
 * signs in on a phone and lands on « Tournée »; « Je pars », « Sur place »; a remark typed offline
 * and sent once; an observation with a photo; a rat treatment with a professional anticoagulant,
 * refused while their Certibiocide is expired, recorded once renewed; safety advice; « Terminé »;
 * the card's link to the report; both signatures drawn on the screen; sealed. The customer gets the
 * PDF by mail; its QR code opens the verification page, which tells the genuine file from an
 * edited one; the report is in /compte. The owner sees the 5-7 day inspection proposed and the
 * intervention in « Réalisés », invoices it (« Facturés »), and a payment dated day 3 of the
 * off-premises contract is refused, naming the first allowed day.
 *
 * Everything before the visit (accounts, product, the devis signed three days ago, the booking) is
 * set up through the API and the server's own commands; only the story is clicked.
 */

// A missing control fails in 20 s with its locator, not at the test's end.
test.use({ actionTimeout: 20_000 });

const SIGNED_DAYS_AGO = 3;

/** The whole page from its top (the sticky header stays where it belongs), named by the width. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const path = test.info().outputPath(`${name}-${page.viewportSize()?.width}.png`);
  await page.screenshot({ path, fullPage: true });
}

test('a technician works a rat visit on a phone, the customer signs, the owner invoices it @phone', async ({
  page,
  browser,
}) => {
  const tag = randomBytes(3).toString('hex');
  const password = 'Piege-a-rats-Normandie-2026';
  const tech = { email: `tech-flow-${tag}@example.fr`, password };
  const customer = { name: `Restaurant du Port ${tag}`, email: `port-${tag}@example.fr` };
  const today = parisDay(new Date());
  const tomorrow = addDays(today, 1);
  const baseURL = test.info().project.use.baseURL ?? '';
  const product = await ownProduct('Pâte raticide pro', {
    price: 39,
    stockQuantity: 10,
    biocideType: 'TP14',
    professionalOnly: true,
    certibiocideCategory: 'nuisibles',
    ammNumber: 'FR-2019-0042',
    antidote: 'Vitamine K1',
    reentryDelayHours: 0,
    anticoagulantRodenticide: true,
    isVisibleInShop: false,
  });

  // The technician (certificate expired yesterday), the customer's account, the contract signed at
  // the customer's three days ago, tomorrow's appointment and the site's access notes.
  const api = await adminApi();
  let technicianId = '';
  let interventionId = '';
  const certificate = (expiresOn: string) =>
    mutate(api, 'visits.saveCertificate', {
      userId: technicianId,
      number: `CB-2024-${tag}`,
      category: 'nuisibles',
      expiresOn,
    });
  try {
    technicianId = (
      await mutate(api, 'adminCustomers.create', {
        firstName: 'Théo',
        lastName: `Martin ${tag}`,
        ...tech,
        role: 'technician',
      })
    ).id;
    await certificate(addDays(today, -1));
    const customerId = (
      await mutate(api, 'adminCustomers.create', {
        firstName: 'Camille',
        lastName: `Port ${tag}`,
        email: customer.email,
        password,
      })
    ).id;
    interventionId = (
      await interventionSignedOffPremisesDaysAgo(
        {
          name: customer.name,
          email: customer.email,
          phone: '+33612345678',
          service: 'deratisation',
          siteType: 'logement_ancien',
          street: '3 quai de la Marne',
          zipCode: '27000',
          city: 'Évreux',
          urgency: 'semaine',
          preferredSlots: ['matin'],
          message: 'Rats dans la réserve.',
          callbackConsent: true,
        },
        customerId,
        SIGNED_DAYS_AGO,
      )
    ).id;
    await mutate(api, 'planning.book', {
      interventionId,
      technicianId,
      day: tomorrow,
      time: '09:00',
      durationMinutes: 60,
    });
    await mutate(api, 'visits.saveSite', {
      interventionId,
      accessNotes: 'Entrée par la cour, code 4821B. Clé au bar.',
      hazards: ['children', 'pets'],
    });
  } catch (error) {
    await api.dispose();
    throw error;
  }

  try {
    // The technician signs in and lands on « Tournée ».
    await signInAsTechnician(page, tech);
    await expect(page.getByRole('heading', { name: 'Tournée', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Jour suivant' }).click();
    const card = page.getByTestId('visit-card').filter({ hasText: customer.name });
    await expect(card).toContainText('9 h 00 – 10 h 00');
    await expect(card.getByRole('link', { name: /3 quai de la Marne/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=3%20quai%20de%20la%20Marne/,
    );
    await expect(card.getByRole('link', { name: /Appeler/ })).toHaveAttribute('href', 'tel:+33612345678');
    await expect(card).toContainText('code 4821B');
    await expect(card).toContainText('Enfants');

    await card.getByRole('button', { name: 'Je pars' }).click();
    await expect(card.getByTestId('visit-stage')).toHaveText('En route');
    // The network drops as « Sur place » is accepted: the day's re-read fails, the card keeps its stage.
    let reread = false;
    const day = /\/api\/trpc\/[^?]*visits\.day/;
    await page.route(day, (route) => {
      reread = true;
      return route.abort('internetdisconnected');
    });
    await card.getByRole('button', { name: 'Sur place' }).click();
    await expect.poll(() => reread).toBe(true);
    await expect(card.getByTestId('visit-stage')).toHaveText('Sur place');

    // Offline: the remark waits on the phone, then goes once when the network comes back.
    await page.context().setOffline(true);
    await card.getByRole('tab', { name: 'Remarque' }).click();
    await card.getByLabel('Remarque du client').fill('Bruits la nuit côté cuisine.');
    // From the text box to its button by the keyboard, as a phone's « suivant » does.
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Enregistrer la remarque' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('visit-queue-status')).toContainText('1 action en attente');
    await expect(card).toContainText('Remarque du client · en attente');
    await page.unroute(day);
    await page.context().setOffline(false);
    await expect(page.getByTestId('visit-queue-status')).toBeHidden();
    await expect(card).toContainText('Remarque du client : Bruits la nuit côté cuisine.');

    // An observation with a photo from the phone's camera (GPS in its EXIF, stripped by the pipeline).
    const photo = test.info().outputPath('IMG_0001.jpg');
    writeFileSync(
      photo,
      await sharp(await photoJpeg({ width: 1600, height: 1200 }))
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 1/1 30/1' } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
    await card.getByRole('tab', { name: 'Observation' }).click();
    await card.getByLabel('Nuisible').fill('Rats');
    await card.getByLabel('Zone').fill('Réserve');
    await card.getByLabel('Niveau').selectOption('forte');
    await card.getByLabel('Indices').fill('Crottes fraîches, sacs rongés.');
    await card.getByLabel('Photos').setInputFiles(photo);
    await expect(card.getByRole('img', { name: 'Observation jointe' })).toBeVisible();
    // Enter in a text field submits its form (the phone keyboard's « OK »).
    await card.getByLabel('Nuisible').press('Enter');
    await expect(card).toContainText('Observation : Rats, Réserve, niveau forte · 1 photo');

    // The rat treatment with the professional anticoagulant: refused while the certificate is
    // expired, naming the day; recorded once it is renewed.
    const treat = async () => {
      await card.getByRole('tab', { name: 'Traitement' }).click();
      await card
        .getByRole('combobox', { name: 'Produit', exact: true })
        .selectOption({ label: `${product.title} — AMM FR-2019-0042 (professionnel)` });
      await card.getByLabel('Quantité').fill('150');
      await card.getByLabel('Méthode').fill('Postes sécurisés');
      await card.getByLabel('Zone traitée').fill('Réserve');
      await card.getByLabel('Cible').fill('Rats bruns');
      await card.getByLabel('Espèce visée').selectOption('rats');
      await card.getByLabel('Cible').press('Enter');
    };
    await treat();
    const refused = page.getByRole('alert').filter({ hasText: 'a expiré le' });
    await expect(refused).toContainText(frenchDay(addDays(today, -1)));
    await refused.getByRole('button', { name: 'Fermer' }).click();
    await certificate(addDays(today, 365));
    await treat();
    await expect(card).toContainText(`Traitement : ${product.title} (AMM FR-2019-0042), 150 g, Réserve`);
    await expect(card.getByTestId('episode')).toContainText(
      `Prochaine inspection entre le ${frenchDay(addDays(today, 5))} et le ${frenchDay(addDays(today, 7))}`,
    );

    await card.getByRole('tab', { name: 'Consignes' }).click();
    await card.getByLabel('Produit appliqué').selectOption({ label: product.title });
    await card.getByLabel('Aération').fill('Aérer la réserve 30 minutes.');
    await card.getByLabel('Aération').press('Enter');
    await expect(card).toContainText('antidote Vitamine K1');
    await fitsTheScreen(page);
    await screenshot(page, 'tournee-sur-place');

    // « Terminé »: the card links to the report.
    await card.getByRole('button', { name: 'Terminé' }).click();
    await expect(card.getByTestId('visit-stage')).toHaveText('Terminé');
    const write = card.getByRole('link', { name: 'Rédiger et signer le rapport' });
    await expect(write).toBeVisible();
    await screenshot(page, 'tournee-termine');
    await write.click();

    // Both signatures on the screen (sealing without the customer's is refused), then sealed.
    await expect(page.getByRole('heading', { name: 'Rapport d’intervention' })).toBeVisible();
    // The header names the screen too (admin-pages.ts, a screen opened from « Tournée »).
    await expect(page.getByTestId('page-badge')).toHaveText('Rapport d’intervention');
    await expect(page.getByText(`${product.title} (AMM FR-2019-0042)`)).toBeVisible();
    await drawWithFinger(page, page.locator('#signature-technicien'));
    await page.getByRole('button', { name: 'Sceller le rapport' }).click();
    await expect(
      page.getByText('Faites signer le client dans le cadre prévu, ou cochez « Client absent ».'),
    ).toBeVisible();
    await expect(page.getByLabel('Nom du client')).toHaveValue(customer.name);
    await drawWithFinger(page, page.locator('#signature-client'));
    await fitsTheScreen(page);
    await screenshot(page, 'rapport-signe');
    await page.getByRole('button', { name: 'Sceller le rapport' }).click();
    const sealed = page.getByRole('status').filter({ hasText: 'scellé le' });
    await expect(sealed).toBeVisible();
    const number = /RI-\d{4}-\d{6}/.exec((await sealed.textContent()) ?? '')![0];
    await screenshot(page, 'rapport-scelle');
    await page.getByRole('link', { name: 'Retour à la tournée' }).click();
    await page.getByRole('button', { name: 'Jour suivant' }).click();
    await expect(card.getByRole('link', { name: `Voir le rapport ${number}` })).toBeVisible();

    // The mail carries the PDF; its QR code opens the verification page.
    let mail: string | undefined;
    await expect(async () => {
      mail = (await mailsTo(customer.email)).find((m) =>
        m.includes(`Votre rapport d'intervention ${number}`),
      );
      expect(mail).toBeTruthy();
    }).toPass({ timeout: 30_000 });
    const pdf = pdfOf(mail!);
    const url = await qrOf(pdf);
    const origin = new URL(baseURL).origin.replace('127.0.0.1', 'localhost');
    expect(url).toMatch(new RegExp(`^${origin}/verifier/[A-HJKMNP-Z2-9]{10}$`));
    const text = pdfText(pdf);
    for (const expected of [number, printedShortCode(url!.slice(-10)), 'FR-2019-0042', product.title])
      expect(text).toContain(expected);

    await page.goto(new URL(url!).pathname);
    await expect(page.getByRole('heading', { name: new RegExp(`Rapport ${number}`) })).toBeVisible();
    await expect(page.getByText('Évreux (Logement de plus de 2 ans)')).toBeVisible();
    await expect(page.getByText(/Certibiocide Nuisibles valide le jour de l’intervention/i)).toBeVisible();
    await expect(page.locator('main')).not.toContainText(customer.name);
    const genuine = test.info().outputPath('rapport.pdf');
    writeFileSync(genuine, pdf);
    const upload = page.getByLabel('Fichier PDF du rapport');
    await upload.setInputFiles(genuine);
    await expect(
      page.getByText(`Ce fichier correspond : c’est bien le rapport ${number}, tel qu’il a été scellé.`),
    ).toBeVisible();
    // One byte changed in the AMM number: not the sealed file.
    const edited = Buffer.from(pdf);
    const at = edited.indexOf(Buffer.from('FR-2019-0042'));
    const index = at >= 0 ? at + 11 : Math.floor(edited.length / 2);
    edited[index] = edited[index]! ^ 1;
    await upload.setInputFiles({ name: 'rapport-modifie.pdf', mimeType: 'application/pdf', buffer: edited });
    await expect(page.getByText(/Ce fichier ne correspond pas au rapport scellé/)).toBeVisible();
    await screenshot(page, 'verifier');
    await page.goto('/verifier/ABCDEFGHJK');
    await expect(page.getByRole('alert')).toContainText('Aucun rapport ne correspond à ce code.');

    // The customer finds the report in /compte and downloads the PDF as mailed.
    const account = await request.newContext({
      baseURL,
      extraHTTPHeaders: { origin: new URL(baseURL).origin },
    });
    try {
      expect(
        (await account.post('/api/auth/sign-in/email', { data: { email: customer.email, password } })).ok(),
      ).toBe(true);
      const mine = await query(account, 'reports.mine');
      expect(JSON.stringify(mine)).toContain(number);
    } finally {
      await account.dispose();
    }
  } finally {
    await api.dispose();
  }

  // The owner: the inspection proposed, the intervention « Réalisé », invoiced, the early payment refused.
  const office = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  try {
    const owner = await office.newPage();
    await signInAsAdmin(owner, '/admin/interventions');
    const episode = owner
      .getByTestId('rodenticide-episodes')
      .getByRole('listitem')
      .filter({ hasText: customer.name });
    for (const d of [5, 6, 7])
      await expect(episode.getByRole('button', { name: frenchDay(addDays(today, d)) })).toBeVisible();
    await owner.getByLabel('Rechercher une intervention').fill(customer.email);
    const stages = owner.getByRole('navigation', { name: 'Étapes' });
    await stages.getByRole('button', { name: /^Réalisés/ }).click();
    const row = owner.getByRole('list', { name: 'Interventions' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Réalisé');
    await row.getByRole('button', { name: 'Facturer' }).click();
    await expect(row).toHaveCount(0);
    await stages.getByRole('button', { name: /^Facturés/ }).click();
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('invoice-summary')).toContainText(/Facture FA-/);
    await row.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Enregistrer un paiement' });
    await expect(dialog.getByLabel('Date du paiement')).toHaveValue(today);
    await dialog.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    const firstDay = frenchDay(addDays(today, 8 - SIGNED_DAYS_AGO));
    await expect(dialog.getByRole('alert')).toHaveText(
      `Aucun paiement ne peut être reçu avant le ${firstDay} : contrat conclu hors établissement (article L221-10 du Code de la consommation).`,
    );
    await owner.screenshot({ path: test.info().outputPath('paiement-refuse-1280.png') });
  } finally {
    await office.close();
  }
});
