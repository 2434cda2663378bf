import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { SELLER } from '../support/invoices.js';
import { signInAsAdmin } from './support/admin';
import { expect, test } from './support/test';

/**
 * The order dialog's « Factures et avoirs » follows the money (issue 34): the invoice a payment
 * issues and the credit note a refund issues appear at once, without a reload, and « Émettre la
 * facture » is no longer offered once the order is invoiced. The spec owns its product and order,
 * and puts Paramètres › Facturation back as it found it.
 */

async function query(request: APIRequestContext, path: string, input?: unknown) {
  const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await request.get(`/api/trpc/${path}${qs}`);
  expect(res.ok(), path).toBe(true);
  return (await res.json()).result.data;
}

async function mutate(request: APIRequestContext, baseURL: string, path: string, input: unknown) {
  const res = await request.post(`/api/trpc/${path}`, { data: input, headers: { origin: baseURL } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data;
}

test('a payment shows the invoice it issued in the open dialog, without a reload; « Émettre la facture » goes', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const url = baseURL as string;
  const before = (await query(page.request, 'invoices.identity')).identity;
  try {
    await mutate(page.request, url, 'invoices.saveIdentity', {
      ...SELLER,
      siren: (SELLER.siren ?? '').replace(/\s/g, ''),
    });
    const title = `Nasse à guêpes documents ${randomInt(1e9)}`;
    const product = await mutate(page.request, url, 'adminProducts.create', {
      title,
      price: 19.9,
      stockQuantity: 5,
    });
    const order = await mutate(page.request, url, 'orders.create', {
      firstName: 'Anaïs',
      lastName: 'Roussel',
      email: `documents-${randomInt(1e9)}@example.fr`,
      phone: '06 12 34 56 78',
      address: '',
      city: '',
      zipCode: '',
      deliveryMethod: 'pickup',
      customerId: null,
      lines: [{ productId: product.id, quantity: 1 }],
      idempotencyKey: randomUUID(),
    });

    await page.goto(`/admin/orders?order=${order.id}`);
    const dialog = page.getByRole('dialog', { name: `Commande ${order.orderNumber}` });
    const documents = dialog.getByTestId('order-documents');
    await expect(documents).toContainText('Aucune facture émise.');

    await dialog.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    const payment = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
    await payment.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await expect(page.getByText('Paiement enregistré.', { exact: true })).toBeVisible();
    // The invoice the payment issued, in the same dialog, no reload; nothing left to issue.
    await expect(documents).toContainText(/Facture FA-\d{4}-\d{6}/);
    await expect(documents).not.toContainText('Aucune facture émise.');
    await expect(documents.getByRole('button', { name: 'Émettre la facture' })).toHaveCount(0);
  } finally {
    await mutate(page.request, url, 'invoices.saveIdentity', before);
  }
});
