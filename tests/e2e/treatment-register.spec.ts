import { randomBytes } from 'node:crypto';
import { treatmentAction } from '../support/treatments';
import { adminApi, signInAsAdmin } from './support/admin';
import { ownProduct } from './support/catalogue';
import { interventionVisited } from './support/history';
import { expect, test } from './support/test';
import { mutate } from './support/trpc';

/*
 * The biocide usage register (issue 37, point 6; ADR 040): a recorded treatment is listed with
 * everything the register states, filtered, followed live, exported as a French CSV and a PDF.
 */

test('the register lists a recorded treatment, filters it, follows a new one live and exports it', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex');
  // The technician of this test, certified on the day of the treatments, and two biocides of its own.
  const api = await adminApi();
  const certificateNumber = `CB-27-${tag}`;
  let technician = { id: '', name: `Théo Martin${tag}` };
  try {
    const { id } = await mutate(api, 'adminCustomers.create', {
      firstName: 'Théo',
      lastName: `Martin${tag}`,
      email: `theo.registre.${tag}@example.fr`,
      password: 'Technicien-du-registre-2026',
      role: 'technician',
    });
    technician = { ...technician, id };
    await mutate(api, 'visits.saveCertificate', {
      userId: id,
      number: certificateNumber,
      category: 'nuisibles',
      expiresOn: '2027-06-30',
    });
  } finally {
    await api.dispose();
  }
  const rodenticide = {
    price: 39,
    stockQuantity: 10,
    biocideType: 'TP14' as const,
    professionalOnly: true,
    certibiocideCategory: 'nuisibles' as const,
    anticoagulantRodenticide: true,
    isVisibleInShop: false,
  };
  const ammNumber = `FR-2024-${tag}`;
  const product = await ownProduct('Pâte raticide', { ...rodenticide, ammNumber });
  const other = await ownProduct('Pâte raticide témoin', { ...rodenticide, ammNumber: `FR-2025-${tag}` });
  const bait = (
    productId: string,
    minutes: number,
    over: Partial<Parameters<typeof treatmentAction>[2]> = {},
  ) =>
    treatmentAction(productId, minutes, {
      quantity: 1.5,
      unit: 'kg',
      method: 'Boîtes d’appâtage sécurisées',
      zone: 'Grenier',
      target: 'Rats bruns',
      ...over,
    });
  // 23:30 UTC on 14 April is 15 April in Paris (summer time): the register's day is Paris'.
  const { number, reportNumber } = await interventionVisited(
    'Pont-Audemer',
    {
      technician,
      arrivedAt: '2026-04-14T23:20:00.000Z',
      actions: [bait(product.id, 10), bait(other.id, 20, { zone: 'Cave', quantity: 0.5 })],
    },
    true,
  );

  await signInAsAdmin(page, '/admin/dashboard');
  await page.getByRole('link', { name: 'Registre des traitements' }).first().click();
  await expect(page.getByRole('heading', { name: 'Registre des traitements' })).toBeVisible();
  await page.getByLabel('Produit', { exact: true }).selectOption({ label: product.title });
  const row = page.getByTestId('register-row');
  await expect(row).toHaveCount(1);
  for (const text of [
    '15/04/2026',
    number,
    reportNumber!,
    '4 place du Marché, 27400 Pont-Audemer',
    product.title,
    `AMM ${ammNumber}`,
    'TP14 – Rodenticides',
    '1,5 kg',
    'Boîtes d’appâtage sécurisées',
    'Rats bruns · Grenier',
    technician.name,
    `Certibiocide nuisibles n° ${certificateNumber}`,
    'Valide le jour du traitement',
  ])
    await expect(row).toContainText(text);
  await expect(page.getByTestId('register-summary')).toHaveText('1 traitement biocide');

  // Live: a treatment recorded elsewhere appears without a reload.
  await page.getByLabel('Du', { exact: true }).fill('2026-04-15');
  await page.getByLabel('Au', { exact: true }).fill('2026-04-15');
  await expect(page.getByTestId('register-summary')).toHaveText('1 traitement biocide');
  await expect(row).toHaveCount(1);
  await interventionVisited(
    'Bernay',
    { technician, arrivedAt: '2026-04-15T07:50:00.000Z', slot: '09:30', actions: [bait(product.id, 10)] },
    false,
  );
  await expect(row).toHaveCount(2);
  await expect(row.filter({ hasText: '27400 Bernay' })).toHaveCount(1);

  // The period typed backwards is said, not sent.
  await page.getByLabel('Au', { exact: true }).fill('2026-04-01');
  await expect(page.getByRole('alert')).toHaveText('La date de début doit précéder la date de fin.');
  await page.getByLabel('Au', { exact: true }).fill('2026-04-15');
  await expect(row).toHaveCount(2);
  const csvHref = await page.getByRole('link', { name: 'Exporter (CSV)' }).getAttribute('href');
  expect(csvHref).toBe(
    `/api/admin/treatment-register.csv?from=2026-04-15&to=2026-04-15&product=${product.id}`,
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
    `15/04/2026;${number};4 place du Marché;"=""27400""";Pont-Audemer;${product.title};`,
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
