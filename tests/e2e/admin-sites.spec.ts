import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { signInAsAdmin } from './support/admin';
import { expect, test } from './support/test';

/*
 * The owner's sites screen (issue 38, ADR 042): a restaurant, its kitchen zone, a real PNG plan,
 * twelve bait stations placed by tapping the plan, one moved by the keyboard, and the label sheet
 * whose text names them all.
 * Then the screen at 1280, 768 and 375 px: nothing wider than the screen, the markers still tappable.
 */

/** A floor plan as an owner would scan one: walls, rooms and their names, 1600 × 1000 px. */
async function floorPlanPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <rect width="1600" height="1000" fill="#fbfaf7"/>
    <g fill="none" stroke="#333" stroke-width="10">
      <rect x="40" y="40" width="1520" height="920"/>
      <line x1="900" y1="40" x2="900" y2="600"/><line x1="40" y1="600" x2="1560" y2="600"/>
      <line x1="1250" y1="600" x2="1250" y2="960"/>
    </g>
    <g font-family="sans-serif" font-size="48" fill="#555">
      <text x="360" y="320">Cuisine</text><text x="1120" y="320">Salle</text>
      <text x="520" y="800">Réserve</text><text x="1300" y="800">Cave</text>
    </g></svg>`;
  return await sharp(Buffer.from(svg)).png().toBuffer();
}

const pdfText = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'site-labels-')), 'labels.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

test('the owner creates a restaurant, its kitchen, uploads its plan, places 12 bait stations and prints their labels', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/dashboard');
  await page.getByRole('link', { name: 'Sites', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Sites', exact: true })).toBeVisible();

  // « Nouveau site »: the form refuses a wrong zip code in French, then creates the site.
  await page.getByRole('button', { name: 'Nouveau site' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom du site').fill('Restaurant Le Vieux Port');
  await dialog.getByLabel('Adresse').fill('12 quai de la Ville');
  await dialog.getByLabel('Code postal').fill('275');
  await dialog.getByLabel('Commune').fill('Pont-Audemer');
  await dialog.getByLabel('Type de site').selectOption({ label: 'Restauration' });
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(dialog.getByText('Le code postal compte 5 chiffres.')).toBeVisible();
  await dialog.getByLabel('Code postal').fill('27500');
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByRole('heading', { name: 'Restaurant Le Vieux Port' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/sites\?site=/);

  // Zone « Cuisine ».
  await page.getByRole('tab', { name: 'Zones' }).click();
  await page.getByPlaceholder('Nom de la zone (ex. Cuisine)').fill('Cuisine');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.getByTestId('zone-row')).toHaveText(/Cuisine/);
  // The same name again: the server's refusal (ZONE_TAKEN) under the field, focused; nothing added.
  const zoneName = page.getByRole('textbox', { name: 'Nouvelle zone' });
  await zoneName.fill('cuisine');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await expect(zoneName).toHaveAccessibleDescription('Une zone porte déjà ce nom sur ce site.');
  await expect(zoneName).toBeFocused();
  await expect(page.getByTestId('zone-row')).toHaveCount(1);
  await zoneName.fill('');

  // The plan: a real PNG through the image pipeline, recorded as version 1.
  await page.getByRole('tab', { name: 'Plan et dispositifs' }).click();
  await page.getByTestId('plan-file').setInputFiles({
    name: 'plan-vieux-port.png',
    mimeType: 'image/png',
    buffer: await floorPlanPng(),
  });
  await expect(page.getByTestId('plan-version')).toHaveText(/^Version 1 du /);
  const plan = page.getByTestId('site-plan');
  await expect(plan.getByRole('img', { name: 'Plan du site, version 1' })).toBeVisible();

  // Twelve bait stations in the kitchen, each placed by a tap on the plan.
  await page.getByLabel('Type de dispositif').selectOption({ label: 'Poste d’appâtage' });
  await page.getByLabel('Zone', { exact: true }).selectOption({ label: 'Cuisine' });
  await page.getByRole('button', { name: 'Placer sur le plan' }).click();
  const markers = page.getByTestId('device-marker');
  const box = (await plan.boundingBox())!;
  for (let i = 0; i < 12; i++) {
    const col = i % 4;
    const row = Math.floor(i / 4);
    await plan.click({
      position: { x: box.width * (0.1 + col * 0.22), y: box.height * (0.15 + row * 0.25) },
    });
    await expect(markers).toHaveCount(i + 1);
  }
  await page.getByRole('button', { name: 'Terminer le placement' }).click();
  const rows = page.getByTestId('device-row');
  await expect(rows).toHaveCount(12);
  await expect(rows.first()).toContainText('PA-01');
  await expect(rows.last()).toContainText('PA-12');
  await expect(rows.last()).toContainText('Cuisine');

  // By keyboard: PA-01 focused, three steps right and a large step down (Shift), each saved on
  // release like a drag and said in the live region; the plan shows it there after a reload.
  const pa01 = markers.filter({ hasText: 'PA-01' });
  await expect(pa01).toHaveAccessibleName('PA-01, Poste d’appâtage, Cuisine');
  await expect(pa01).toHaveAccessibleDescription(
    'Flèches : déplacer le dispositif sur le plan ; Maj + flèches : par grands pas.',
  );
  await pa01.focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Shift+ArrowDown'])
    await page.keyboard.press(key);
  await expect(page.getByTestId('plan-position')).toHaveText(
    'PA-01 enregistré à 13 % de la gauche et 20 % du haut du plan.',
  );
  await page.reload();
  await page.getByRole('tab', { name: 'Plan et dispositifs' }).click();
  await expect(markers).toHaveCount(12);
  const at = async () => {
    const [p, m] = [(await plan.boundingBox())!, (await pa01.boundingBox())!];
    return [(m.x + m.width / 2 - p.x) / p.width, (m.y + m.height / 2 - p.y) / p.height].map((v) =>
      Math.round(v * 100),
    );
  };
  await expect.poll(at).toEqual([13, 20]);

  // « Imprimer les étiquettes »: one label per station, PA-01 to PA-12.
  const href = await page.getByRole('link', { name: 'Imprimer les étiquettes' }).getAttribute('href');
  expect(href).toMatch(/^\/api\/admin\/sites\/[0-9a-f-]{36}\/labels\.pdf$/);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdf.body());
  for (let n = 1; n <= 12; n++) expect(text).toContain(`PA-${String(n).padStart(2, '0')}`);
  expect(text.match(/Poste d’appâtage/g)).toHaveLength(12);
  expect(text).toContain('Cuisine');

  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(markers).toHaveCount(12);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`admin-sites-${width}.png`), fullPage: true });
  }
  // On a phone the markers stay a finger's size and open their device.
  const marker = markers.filter({ hasText: 'PA-07' });
  const size = (await marker.boundingBox())!;
  expect(size.height).toBeGreaterThanOrEqual(24);
  await marker.click();
  await expect(page.getByTestId('selected-device')).toContainText('PA-07');
  await page.screenshot({ path: test.info().outputPath('admin-sites-375-selected.png'), fullPage: true });

  // The list finds the site by its town and says what it holds.
  await page.getByRole('link', { name: 'Tous les sites' }).click();
  await page.getByRole('searchbox', { name: 'Rechercher un site' }).fill('pont-audemer');
  const card = page.getByRole('link', { name: /Restaurant Le Vieux Port/ });
  await expect(card).toContainText('12 dispositifs · plan v1');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`admin-sites-list-${width}.png`), fullPage: true });
  }
});
