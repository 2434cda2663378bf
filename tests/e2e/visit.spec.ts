import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import sharp from 'sharp';
import { addDays } from '../../src/domain/interventions/appointments';
import { frenchDay } from '../../src/domain/site/french-day';
import { parisDay } from '../../src/domain/site/time-zone';
import { adminApi, ownAddress, signInAsAdmin } from './support/admin';

/**
 * The technician's visit (issue 37, ADR 037) on a 375 px phone: « Je pars », « Sur place », a
 * remark typed offline and sent once when the network comes back, a photo, a rat treatment with a
 * professional anticoagulant (refused once the certificate has expired), advice, « Terminé »; the
 * owner then sees the open episode with the 5-7 day inspection proposed.
 */

// A missing control fails in 20 s with its locator, not at the test's end.
test.use({ actionTimeout: 20_000 });

async function query(api: APIRequestContext, path: string, input?: unknown) {
  const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await api.get(`/api/trpc/${path}${qs}`);
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data;
}
async function mutate(api: APIRequestContext, path: string, input: unknown) {
  const res = await api.post(`/api/trpc/${path}`, { data: input });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data;
}

test('a technician records a rat visit on a phone, offline included; the owner sees the inspection to book', async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = randomBytes(3).toString('hex');
  const tech = { email: `visite-${tag}@example.fr`, password: 'Piege-a-rats-Normandie-2026' };
  const customerName = `Restaurant du Port ${tag}`;
  const tomorrow = addDays(parisDay(new Date()), 1);
  const baseURL = test.info().project.use.baseURL ?? '';
  const origin = new URL(baseURL).origin;

  const api = await adminApi();
  let technicianId: string;
  let interventionId: string;
  const productTitle = `Pâte raticide pro ${tag}`;
  try {
    technicianId = (
      await mutate(api, 'adminCustomers.create', {
        firstName: 'Théo',
        lastName: `Martin ${tag}`,
        ...tech,
        role: 'technician',
      })
    ).id;
    await mutate(api, 'visits.saveCertificate', {
      userId: technicianId,
      number: `CB-2024-${tag}`,
      category: 'nuisibles',
      expiresOn: addDays(parisDay(new Date()), 365),
    });
    await mutate(api, 'adminProducts.create', {
      title: productTitle,
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
    const guest = await request.newContext({
      baseURL,
      extraHTTPHeaders: {
        origin,
        'x-forwarded-for': `198.18.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 254)}`,
      },
    });
    try {
      await mutate(guest, 'interventions.request', {
        name: customerName,
        email: `port-${tag}@example.fr`,
        phone: '0612345678',
        service: 'deratisation',
        siteType: 'logement_ancien',
        street: '3 quai de la Marne',
        zipCode: '27000',
        city: 'Évreux',
        message: 'Rats dans la réserve.',
      });
    } finally {
      await guest.dispose();
    }
    const [row] = await query(api, 'interventions.list', {
      status: null,
      search: customerName,
      urgentOnly: false,
    });
    interventionId = row.id;
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
  } finally {
    await api.dispose();
  }

  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const techPage = await phone.newPage();
    const ip = await ownAddress(techPage);
    expect(
      (
        await techPage.request.post(`${origin}/api/auth/sign-in/email`, {
          headers: { origin, 'x-forwarded-for': ip },
          data: tech,
        })
      ).ok(),
    ).toBe(true);
    await techPage.goto(`${origin}/admin/tournee`);
    await techPage.getByRole('button', { name: 'Jour suivant' }).click();
    const card = techPage.getByTestId('visit-card').filter({ hasText: customerName });
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
    await card.getByRole('button', { name: 'Sur place' }).click();
    await expect(card.getByTestId('visit-stage')).toHaveText('Sur place');

    // Offline: the remark waits on the phone, then goes once when the network comes back.
    await expect(techPage.getByTestId('visit-queue-status')).toBeHidden();
    await phone.setOffline(true);
    await card.getByRole('tab', { name: 'Remarque' }).click();
    await card.getByLabel('Remarque du client').fill('Bruits la nuit côté cuisine.');
    // From the text box to its button by the keyboard, as a phone's « suivant » does.
    await techPage.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Enregistrer la remarque' })).toBeFocused();
    await techPage.keyboard.press('Enter');
    await expect(techPage.getByTestId('visit-queue-status')).toContainText('1 action en attente');
    await expect(card).toContainText('Remarque du client · en attente');
    expect(await techPage.evaluate(() => localStorage.getItem('h27.visit-queue.v1'))).toContain(
      'Bruits la nuit',
    );
    await phone.setOffline(false);
    await expect(techPage.getByTestId('visit-queue-status')).toBeHidden();
    await expect(card).toContainText('Remarque du client : Bruits la nuit côté cuisine.');
    const detail = await query(techPage.request, 'visits.detail', {
      interventionId: interventionId!,
      appointmentId: (await query(techPage.request, 'visits.day', { day: tomorrow })).visits[0].appointmentId,
    });
    expect(detail.visit.remarks).toHaveLength(1);

    // A photo with GPS EXIF goes through the image pipeline.
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#5b4a36' } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 1/1 30/1' } })
      .toBuffer();
    await card.getByRole('tab', { name: 'Observation' }).click();
    await card.getByLabel('Nuisible').fill('Rats');
    await card.getByLabel('Zone').fill('Réserve');
    await card.getByLabel('Niveau').selectOption('forte');
    await card.getByLabel('Indices').fill('Crottes fraîches, sacs rongés.');
    await card
      .getByLabel('Photos')
      .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(card.getByRole('img', { name: 'Observation jointe' })).toBeVisible();
    // Enter in a text field submits its form (the phone keyboard's « OK »).
    await card.getByLabel('Nuisible').press('Enter');
    await expect(card).toContainText('Observation : Rats, Réserve, niveau forte · 1 photo');

    // The rat treatment with the professional anticoagulant.
    const treat = async () => {
      await card.getByRole('tab', { name: 'Traitement' }).click();
      await card
        .getByRole('combobox', { name: 'Produit', exact: true })
        .selectOption({ label: `${productTitle} — AMM FR-2019-0042 (professionnel)` });
      await card.getByLabel('Quantité').fill('150');
      await card.getByLabel('Méthode').fill('Postes sécurisés');
      await card.getByLabel('Zone traitée').fill('Réserve');
      await card.getByLabel('Cible').fill('Rats bruns');
      await card.getByLabel('Espèce visée').selectOption('rats');
      await card.getByLabel('Cible').press('Enter');
    };
    await treat();
    await expect(card).toContainText(`Traitement : ${productTitle} (AMM FR-2019-0042), 150 g, Réserve`);
    await expect(card.getByTestId('episode')).toContainText(
      `Prochaine inspection entre le ${frenchDay(addDays(parisDay(new Date()), 5))} et le ${frenchDay(addDays(parisDay(new Date()), 7))}`,
    );

    await card.getByRole('tab', { name: 'Consignes' }).click();
    await card.getByLabel('Produit appliqué').selectOption({ label: productTitle });
    await card.getByLabel('Aération').fill('Aérer la réserve 30 minutes.');
    await card.getByLabel('Aération').press('Enter');
    await expect(card).toContainText('antidote Vitamine K1');

    await techPage.screenshot({ path: test.info().outputPath('tournee-375.png'), fullPage: true });
    const wide = await techPage.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((e) => e.getBoundingClientRect().right > 376)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className}`.slice(0, 120)),
    );
    expect(wide).toEqual([]);
    expect(await techPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The certificate expires: the same treatment is refused, naming the date.
    const owner = await adminApi();
    try {
      await mutate(owner, 'visits.saveCertificate', {
        userId: technicianId!,
        number: `CB-2024-${tag}`,
        category: 'nuisibles',
        expiresOn: addDays(parisDay(new Date()), -1),
      });
    } finally {
      await owner.dispose();
    }
    await treat();
    await expect(techPage.getByRole('alert').filter({ hasText: 'a expiré le' })).toContainText(
      frenchDay(addDays(parisDay(new Date()), -1)),
    );

    await card.getByRole('button', { name: 'Terminé' }).click();
    await expect(card.getByTestId('visit-stage')).toHaveText('Terminé');
  } finally {
    await phone.close();
  }

  // The owner: the open episode and the proposed inspection days; the day screen at 1280 px.
  await signInAsAdmin(page, '/admin/interventions');
  const episodes = page.getByTestId('rodenticide-episodes');
  const episode = episodes.getByRole('listitem').filter({ hasText: customerName });
  await expect(episode).toContainText('Rats');
  for (const d of [5, 6, 7])
    await expect(
      episode.getByRole('button', { name: frenchDay(addDays(parisDay(new Date()), d)) }),
    ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('episodes-1280.png') });
  await openDay(page, tomorrow);
  await page.screenshot({ path: test.info().outputPath('tournee-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 768, height: 1000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await page.screenshot({ path: test.info().outputPath('tournee-768.png'), fullPage: true });
});

async function openDay(page: Page, day: string) {
  await page.goto('/admin/tournee');
  await page.getByRole('button', { name: 'Jour suivant' }).click();
  await expect(page.getByTestId('visit-card').first()).toBeVisible();
  expect(day).toBeTruthy();
}
