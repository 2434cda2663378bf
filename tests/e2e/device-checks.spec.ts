import { randomBytes } from 'node:crypto';
import { fitsTheScreen } from './support/side-scroll';
import { signInAsTechnician, technicianVisitTomorrow } from './support/technician';
import { expect, test } from './support/test';

/**
 * « Dispositifs » on the technician's day (ADR 037): on site, a device checked by its label while
 * the phone is offline waits in the queue and is recorded once the network is back; the form asks
 * for the % with « Consommé » and a reason with « Inaccessible » before anything is queued.
 */
test.use({ actionTimeout: 20_000 });

test('a technician checks bait stations on site, offline included @phone', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const customerName = `Boulangerie ${tag}`;
  const tech = await technicianVisitTomorrow({
    name: customerName,
    email: `boulangerie-${tag}@example.fr`,
    phone: '+33612345678',
    service: 'deratisation',
    siteType: 'logement_ancien',
    street: '8 rue du Four',
    zipCode: '27000',
    city: 'Évreux',
    urgency: 'semaine',
    preferredSlots: ['matin'],
    message: 'Souris dans le fournil.',
    callbackConsent: true,
  });

  await signInAsTechnician(page, tech);
  await page.getByRole('button', { name: 'Jour suivant' }).click();
  const card = page.getByTestId('visit-card').filter({ hasText: customerName });
  await card.getByRole('button', { name: 'Sur place' }).click();
  await expect(card.getByTestId('visit-stage')).toHaveText('Sur place');

  await card.getByRole('tab', { name: 'Dispositifs' }).click();
  const save = card.getByRole('button', { name: 'Enregistrer le contrôle' });
  // « Inaccessible » without a reason: the form says so, nothing is queued.
  await card.getByLabel('Repère').fill('D1');
  await card.getByRole('combobox', { name: /^Dispositif/ }).selectOption({ label: 'Désinsectiseur' });
  await card.getByLabel('État').selectOption({ label: 'Inaccessible' });
  await save.click();
  await expect(card.getByText('Indiquez pourquoi il est inaccessible.')).toBeVisible();
  await card.getByLabel('Raison').fill('Cuisine fermée à clé');
  await save.click();
  await expect(card).toContainText('Dispositif D1 (Désinsectiseur) : Inaccessible, Cuisine fermée à clé');

  // Offline: the check waits on the phone, then goes once the network is back.
  await page.context().setOffline(true);
  await card.getByLabel('Repère').fill('P12');
  await card.getByRole('combobox', { name: /^Dispositif/ }).selectOption({ label: 'Poste d’appâtage' });
  await card.getByLabel('État').selectOption({ label: 'Consommé' });
  await save.click();
  await expect(card.getByText('Indiquez la consommation en %.')).toBeVisible();
  await card.getByLabel('Consommation (%)').fill('40');
  await card.getByLabel('Captures').fill('2');
  await save.click();
  await expect(page.getByTestId('visit-queue-status')).toContainText('1 action en attente');
  await expect(card).toContainText('Contrôle de dispositif · en attente');
  await page.context().setOffline(false);
  await expect(page.getByTestId('visit-queue-status')).toBeHidden();
  await expect(card).toContainText('Dispositif P12 (Poste d’appâtage) : Consommé 40 % · 2 captures');

  await card.getByLabel('État').selectOption({ label: 'Consommé' });
  await fitsTheScreen(page);
  await card.scrollIntoViewIfNeeded();
  const width = page.viewportSize()?.width ?? 0;
  await card.screenshot({ path: test.info().outputPath(`dispositifs-${width}.png`) });
  if (width >= 1280) {
    await page.setViewportSize({ width: 768, height: 1000 });
    await fitsTheScreen(page);
    await card.screenshot({ path: test.info().outputPath('dispositifs-768.png') });
  }
});
