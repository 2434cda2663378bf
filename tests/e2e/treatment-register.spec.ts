import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/admin';
import { interventionWithTreatments } from './support/history';
import { sealed, treatment } from './support/treatment-events';

/*
 * The biocide usage register (issue 37, point 6; ADR 040): a recorded treatment is listed with
 * everything the register states, filtered, followed live, exported as a French CSV and a PDF.
 */

test('the register lists a recorded treatment, filters it, follows a new one live and exports it', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex');
  const product = {
    productId: `prod-${tag}`,
    productTitle: `Pâte raticide ${tag}`,
    ammNumber: `FR-2024-${tag}`,
  };
  const number = await interventionWithTreatments('Pont-Audemer', (v) => [
    treatment({ ...product, at: '2026-04-14T23:30:00.000Z' }),
    treatment({ at: '2026-04-14T23:40:00.000Z', zone: 'Cave', quantity: 0.5 }),
    sealed(`RI-2026-${tag}`, v + 2),
  ]);

  await signInAsAdmin(page, '/admin/dashboard');
  await page.getByRole('link', { name: 'Registre des traitements' }).first().click();
  await expect(page.getByRole('heading', { name: 'Registre des traitements' })).toBeVisible();
  await page.getByLabel('Produit', { exact: true }).selectOption({ label: product.productTitle });
  const row = page.getByTestId('register-row');
  await expect(row).toHaveCount(1);
  for (const text of [
    '15/04/2026',
    number,
    `RI-2026-${tag}`,
    '4 place du Marché, 27400 Pont-Audemer',
    product.productTitle,
    `AMM ${product.ammNumber}`,
    'TP14 – Rodenticides',
    '1,5 kg',
    'Boîtes d’appâtage sécurisées',
    'Rats bruns · Grenier',
    'Théo Martin',
    'Certibiocide nuisibles n° CB-27-0042',
    'Valide le jour du traitement',
  ])
    await expect(row).toContainText(text);
  await expect(page.getByTestId('register-summary')).toHaveText('1 traitement biocide');

  // Live: a treatment recorded elsewhere appears without a reload.
  await page.getByLabel('Du', { exact: true }).fill('2026-04-15');
  await page.getByLabel('Au', { exact: true }).fill('2026-04-15');
  await expect(page.getByTestId('register-summary')).toHaveText('1 traitement biocide');
  await expect(row).toHaveCount(1);
  await interventionWithTreatments('Bernay', () => [
    treatment({ ...product, at: '2026-04-15T08:00:00.000Z' }),
  ]);
  await expect(row).toHaveCount(2);
  await expect(row.filter({ hasText: '27400 Bernay' })).toHaveCount(1);

  // The period typed backwards is said, not sent.
  await page.getByLabel('Au', { exact: true }).fill('2026-04-01');
  await expect(page.getByRole('alert')).toHaveText('La date de début doit précéder la date de fin.');
  await page.getByLabel('Au', { exact: true }).fill('2026-04-15');
  await expect(row).toHaveCount(2);
  const csvHref = await page.getByRole('link', { name: 'Exporter (CSV)' }).getAttribute('href');
  expect(csvHref).toBe(
    `/api/admin/treatment-register.csv?from=2026-04-15&to=2026-04-15&product=${product.productId}`,
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exporter (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^registre-traitements-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await download.createReadStream()).toArray();
  const text = Buffer.concat((await csv) as Buffer[]).toString('utf8');
  expect(text.startsWith('\uFEFFDate;Intervention;')).toBe(true);
  expect(text).toContain(
    `15/04/2026;${number};4 place du Marché;"=""27400""";Pont-Audemer;${product.productTitle};`,
  );
  expect(text).toContain(';1,5;kg;');
  expect(text.trimEnd().split('\r\n')).toHaveLength(3);
  const pdf = await page.request.get(
    (await page.getByRole('link', { name: 'Exporter (PDF)' }).getAttribute('href')) ?? '',
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId(width >= 1280 ? 'register-table' : 'register-cards')).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`register-${width}.png`), fullPage: true });
  }
});
