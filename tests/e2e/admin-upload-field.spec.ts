import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { adminApi, signInAsAdmin } from './support/admin';
import { expect, test } from './support/test';

/**
 * The one upload field (UploadField) where it serves: the product's safety data sheet and label
 * image, and the technician's Certibiocide scan. A real PDF is stored and linked, a real image
 * stored; a file that is not a PDF gets the server's French message and changes nothing.
 */

/** A minimal real PDF (one empty page), and a text file named like one. */
function files(dir: string) {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  ].join('\n');
  const xref = body.length + 1;
  const pdf = `${body}\nxref\n0 4\n0000000000 65535 f \ntrailer << /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  mkdirSync(dir, { recursive: true });
  const good = `${dir}/fiche.pdf`;
  const bad = `${dir}/pas-un-pdf.pdf`;
  writeFileSync(good, pdf);
  writeFileSync(bad, 'Ceci est un texte, pas un PDF.');
  return { good, bad };
}

test('a PDF and an image upload in the product dialog, a PDF in the technician’s certificate; a non-PDF is refused', async ({
  page,
}, testInfo) => {
  const { good, bad } = files(testInfo.outputDir);
  const tag = randomBytes(3).toString('hex');
  const api = await adminApi();
  try {
    const created = await api.post('/api/trpc/adminCustomers.create', {
      data: {
        firstName: 'Théo',
        lastName: `Scan ${tag}`,
        email: `technicien-scan-${tag}@example.fr`,
        password: 'Piege-a-rats-Normandie-2026',
        role: 'technician',
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
  } finally {
    await api.dispose();
  }

  await signInAsAdmin(page, '/admin/products');
  await page.getByRole('button', { name: 'Nouveau produit' }).click();
  const product = page.getByRole('dialog');
  const sheet = product.getByLabel('Fiche de données de sécurité (PDF)');
  await sheet.setInputFiles(bad);
  await expect(product.getByText("Le fichier n'est pas un PDF valide.")).toBeVisible();
  await expect(product.getByRole('link', { name: 'Voir la fiche' })).toHaveCount(0);
  await sheet.setInputFiles(good);
  await expect(product.getByRole('link', { name: 'Voir la fiche' })).toHaveAttribute(
    'href',
    /^\/documents\//,
  );
  await expect(product.getByText('Une fiche est enregistrée.')).toBeVisible();
  await product.getByLabel("Image de l'étiquette").setInputFiles('public/og-image.png');
  await expect(product.getByText('Une étiquette est enregistrée.')).toBeVisible();
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await sheet.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`product-sheet-${width}.png`) });
  }
  await product.getByRole('button', { name: 'Retirer la fiche' }).click();
  await expect(product.getByRole('link', { name: 'Voir la fiche' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/admin/customers');
  await page.getByLabel('Rechercher des clients').fill(`Scan ${tag}`);
  const row = page.getByTestId('customer-row').filter({ hasText: `technicien-scan-${tag}` });
  await row.getByRole('button', { name: /^Modifier/ }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le client' });
  const scan = edit.getByLabel('Scan du certificat (PDF)');
  await scan.setInputFiles(bad);
  await expect(edit.getByText("Le fichier n'est pas un PDF valide.")).toBeVisible();
  await expect(edit.getByRole('link', { name: 'Voir le scan' })).toHaveCount(0);
  await scan.setInputFiles(good);
  await expect(edit.getByRole('link', { name: 'Voir le scan' })).toHaveAttribute('href', /^\/documents\//);
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await scan.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`technician-scan-${width}.png`) });
  }
});
