import { readFileSync } from 'node:fs';
import { formatEuros } from '../../src/domain/catalog/pricing';
import { createSql } from '../../src/server/db/client';
import { invoicedIntervention } from '../support/intervention-documents';
import { customerForm, placeOrder } from '../support/orders';
import { signUp, uniqueEmail } from './support/account';
import { adminApi, ownAddress } from './support/admin';
import { ownProduct } from './support/catalogue';
import { shopDatabaseUrl } from './support/history';
import { expect, test } from './support/test';
import { mutate } from './support/trpc';

/*
 * /compte's intervention documents (issue 37 point 7): a customer with an order, a sealed report
 * and the invoice from it sees both under « Rapports et factures d’intervention », with the
 * invoice's amount and status, and downloads each PDF. The order is placed and the intervention
 * made through the server's own commands (tests/support/intervention-documents.ts) in the shop's
 * database: no page makes a sealed report for a customer yet.
 */
test('the customer sees and downloads their report and intervention invoice in /compte', async ({ page }) => {
  await ownAddress(page);
  const email = uniqueEmail('ines');
  await signUp(page, { firstName: 'Inès', lastName: 'Garnier', email });
  const product = await ownProduct('Piège à souris');
  const api = await adminApi();
  const technician = await mutate(api, 'adminCustomers.create', {
    firstName: 'Théo',
    lastName: 'Documents',
    email: uniqueEmail('theo.documents'),
    password: 'Technicien-des-documents-2026',
    role: 'technician',
  }).finally(() => api.dispose());
  const sql = createSql(await shopDatabaseUrl(), 1);
  const made = await (async () => {
    try {
      const [user] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
      await placeOrder(
        sql,
        {
          customerId: user!.id,
          customer: { ...customerForm, firstName: 'Inès', lastName: 'Garnier', email },
          deliveryMethod: 'pickup',
          lines: [{ productId: product.id, quantity: 1 }],
        },
        { actor: { kind: 'user', userId: user!.id }, requestId: 'e2e-documents' },
      );
      return await invoicedIntervention(
        sql,
        { id: user!.id, email, name: 'Inès Garnier' },
        { PUBLIC_URL: 'http://localhost', AUTH_SECRET: 'e2e-fixture-links-only-0123456789' },
        { id: technician.id, name: 'Théo Documents' },
      );
    } finally {
      await sql.end({ timeout: 2 });
    }
  })();

  await page.goto('/compte');
  await expect(page.getByRole('heading', { name: 'Mes commandes' })).toBeVisible();
  const documents = page.getByRole('region', { name: 'Rapports et factures d’intervention' });
  const report = documents
    .getByRole('listitem')
    .filter({ hasText: `Rapport d’intervention ${made.reportNumber}` });
  const invoice = documents.getByRole('listitem').filter({ hasText: `Facture ${made.invoiceNumber}` });
  await expect(report).toContainText(`Intervention ${made.number}`);
  await expect(invoice).toContainText(`${formatEuros(made.totalInclCents)} TTC`);
  await expect(invoice).toContainText('À régler');

  for (const [item, label, filename] of [
    [report, 'Télécharger le rapport', `rapport-${made.reportNumber}.pdf`],
    [invoice, 'Télécharger la facture', `facture-${made.invoiceNumber}.pdf`],
  ] as const) {
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: label }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(filename);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }
});
