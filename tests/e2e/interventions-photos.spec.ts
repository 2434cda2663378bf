import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { ownAddress, signInAsAdmin } from './support/admin';
import { expect, test } from './support/test';

/**
 * Issue 36: a visitor asks for a wasp-nest removal with two real photos (a JPEG and a PNG made here)
 * and consents to be called back; the owner sees both photos on the request and opens one full size.
 */
test('a wasp-nest request with two photos, seen by the owner @phone', async ({ page }, testInfo) => {
  const name = `Camille Photos ${randomInt(1e6)}`;
  await ownAddress(page);
  const jpeg = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#8a6d3b',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c9a646' } })
    .png()
    .toBuffer();

  await page.goto('/#contact');
  const form = page.locator('#contact form');
  await form.getByLabel('Nom complet *').fill(name);
  await form.getByLabel('Téléphone *').fill('06 98 76 54 32');
  await form.getByLabel('Email *').fill(`photos-${randomInt(1e9)}@example.fr`);
  await form.getByLabel('Service souhaité *').selectOption('guepe');
  await form.getByLabel('Type de lieu *').selectOption('logement_ancien');
  await form.getByLabel("Adresse de l'intervention *").fill('12 rue des Lilas');
  await form.getByLabel('Code postal *').fill('27000');
  await form.getByLabel('Ville *').fill('Évreux');
  await form.getByLabel('Votre message').fill('Nid de guêpes sous le toit, photos jointes.');
  await form.getByLabel('Ajouter des photos').setInputFiles([
    { name: 'nid-toit.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    { name: 'nid-pres.png', mimeType: 'image/png', buffer: png },
  ]);
  await expect(form.getByRole('img', { name: /Pièce jointe/ })).toHaveCount(2);
  await form.getByLabel('J’accepte d’être rappelé(e) par téléphone au sujet de cette demande.').check();
  await form.scrollIntoViewIfNeeded();
  await form.screenshot({ path: testInfo.outputPath('request-photos-form.png') });
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByText('Message envoyé !', { exact: true })).toBeVisible();
  await expect(form.getByRole('img', { name: /Pièce jointe/ })).toHaveCount(0);

  await signInAsAdmin(page, '/admin/interventions');
  await page.getByLabel('Rechercher une intervention').fill(name);
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByTestId('callback-consent')).toContainText('Accepte d’être rappelé(e)');
  const thumbs = card.getByRole('img', { name: /Pièce jointe \d de la demande/ });
  await expect(thumbs).toHaveCount(2);
  // Both really load (served by the image pipeline), not just an <img> with a broken address.
  for (const thumb of await thumbs.all()) {
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  }
  await card.screenshot({ path: testInfo.outputPath('request-photos-card.png') });
  await card.getByRole('button', { name: 'Agrandir la photo 1' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Photo 1 sur 2' })).toBeVisible();
  const full = dialog.getByRole('img', { name: /en grand/ });
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
  await page.screenshot({ path: testInfo.outputPath('request-photos-dialog.png') });
});
