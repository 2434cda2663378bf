import { randomBytes } from 'node:crypto';
import { siteWithDevices } from './support/history';
import { drawWithFinger } from './support/interventions';
import { fitsTheScreen } from './support/side-scroll';
import { signInAsTechnician, technicianVisitTomorrow } from './support/technician';
import { expect, test } from './support/test';

/**
 * A restaurant's visit with its 12 bait stations (issue 38, ADR 043): the technician on site opens
 * a device by its label's QR (/admin/tournee?dispositif=CODE) and ticks the others in the
 * checklist, 11 of 12; « Rédiger et signer le rapport »: the seal is refused and names PA-12; back
 * to it, « Inaccessible » needs a reason; with it, the report is sealed.
 */
test.use({ actionTimeout: 20_000 });

test('a visit checks the site’s 12 devices before its report is sealed @phone', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString('hex');
  const customerName = `Restaurant ${tag}`;
  const site = await siteWithDevices(`Le Cygne ${tag}`, 12);
  const tech = await technicianVisitTomorrow(
    {
      name: customerName,
      email: `restaurant-${tag}@example.fr`,
      phone: '+33612345678',
      service: 'deratisation',
      siteType: 'logement_ancien',
      street: '4 rue du Port',
      zipCode: '27500',
      city: 'Pont-Audemer',
      urgency: 'semaine',
      preferredSlots: ['matin'],
      message: 'Contrat : visite de contrôle.',
      callbackConsent: true,
    },
    { siteId: site.id },
  );
  const width = page.viewportSize()?.width ?? 0;
  const shot = (name: string) =>
    page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });

  await signInAsTechnician(page, tech);

  // Not on site yet: the QR says why.
  await page.goto(`/admin/tournee?dispositif=${site.devices[4]!.code}`);
  await expect(page.getByTestId('device-scan')).toContainText('Aucune visite en cours sur le site');
  await page.goto('/admin/tournee?dispositif=ZZZZ0000');
  await expect(page.getByTestId('device-scan')).toContainText('Dispositif inconnu');

  await page.goto('/admin/tournee');
  await page.getByRole('button', { name: 'Jour suivant' }).click();
  const card = page.getByTestId('visit-card').filter({ hasText: customerName });
  await card.getByRole('button', { name: 'Sur place' }).click();
  await expect(card.getByTestId('visit-stage')).toHaveText('Sur place');

  // The QR of PA-05: its visit's day, its row opened; one tap records « Intact ».
  await page.goto(`/admin/tournee?dispositif=${site.devices[4]!.code}`);
  await expect(page.getByTestId('device-scan')).toContainText(
    'PA-05 (Cuisine) : choisissez son état ci-dessous.',
  );
  const row = (label: string) => card.locator(`[data-testid="device-row"][data-device="${label}"]`);
  await expect(row('PA-05').getByRole('button', { name: 'Intact' })).toBeVisible();
  await shot('qr-dispositif');
  await row('PA-05').getByRole('button', { name: 'Intact' }).click();
  await expect(row('PA-05')).toContainText('Intact');

  // The others in the checklist: PA-01 consumed at 40 %, the rest intact; PA-12 left.
  await row('PA-01').getByRole('button', { name: /PA-01/ }).click();
  await row('PA-01').getByRole('button', { name: 'Consommé' }).click();
  await row('PA-01').getByLabel('Consommation (%)').fill('40');
  await row('PA-01').getByRole('button', { name: 'Enregistrer PA-01 : consommé' }).click();
  await expect(row('PA-01')).toContainText('Consommé 40 %');
  for (const n of [2, 3, 4, 6, 7, 8, 9, 10, 11]) {
    const label = `PA-${String(n).padStart(2, '0')}`;
    await row(label)
      .getByRole('button', { name: new RegExp(label) })
      .click();
    await row(label).getByRole('button', { name: 'Intact' }).click();
    await expect(row(label)).toContainText('Intact');
  }
  await expect(card.getByTestId('device-counter')).toContainText('11 / 12 contrôlés');
  await fitsTheScreen(page);
  await shot('checklist-11-sur-12');

  // « Terminé », then the report: the seal is refused and names PA-12.
  await card.getByRole('button', { name: 'Terminé' }).click();
  await expect(card.getByTestId('visit-stage')).toHaveText('Terminé');
  await card.getByRole('link', { name: 'Rédiger et signer le rapport' }).click();
  await expect(page.getByRole('heading', { name: 'Rapport d’intervention' })).toBeVisible();
  await drawWithFinger(page, page.locator('#signature-technicien'));
  await drawWithFinger(page, page.locator('#signature-client'));
  await page.getByRole('button', { name: 'Sceller le rapport' }).click();
  await expect(page.getByText('Dispositif non contrôlé : PA-12.', { exact: false })).toBeVisible();
  await fitsTheScreen(page);
  await shot('rapport-refuse');

  // Back to PA-12: « Inaccessible » needs its reason.
  await page.getByRole('link', { name: 'Contrôler les dispositifs' }).click();
  await expect(page.getByTestId('device-scan')).toContainText('PA-12');
  await row('PA-12').getByRole('button', { name: 'Inaccessible' }).click();
  await row('PA-12').getByRole('button', { name: 'Enregistrer PA-12 : inaccessible' }).click();
  await expect(row('PA-12').getByText('Indiquez pourquoi il est inaccessible.')).toBeVisible();
  await row('PA-12').getByLabel('Raison').fill('Chambre froide fermée à clé');
  await row('PA-12').getByRole('button', { name: 'Enregistrer PA-12 : inaccessible' }).click();
  await expect(row('PA-12')).toContainText('Inaccessible');
  await expect(row('PA-12')).toContainText('Chambre froide fermée à clé');
  await expect(card.getByTestId('device-counter')).toContainText('12 / 12 contrôlés');
  await fitsTheScreen(page);
  await shot('checklist-12-sur-12');

  // Now the report is sealed.
  await card.getByRole('link', { name: 'Rédiger et signer le rapport' }).click();
  await drawWithFinger(page, page.locator('#signature-technicien'));
  await drawWithFinger(page, page.locator('#signature-client'));
  await page.getByRole('button', { name: 'Sceller le rapport' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'scellé le' })).toBeVisible();
  await shot('rapport-scelle');
  if (width >= 1280) {
    await page.goto('/admin/tournee');
    await page.getByRole('button', { name: 'Jour suivant' }).click();
    await page.setViewportSize({ width: 768, height: 1000 });
    await fitsTheScreen(page);
    await shot('tournee-768');
  }
});
