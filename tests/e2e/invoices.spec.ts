import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { SELLER } from '../support/invoices.js';
import { signInAsAdmin } from './support/admin';
import { addToCart, type OwnProduct, ownProduct } from './support/catalogue';
import { confirmCheckout, GUEST } from './support/checkout';
import { findMail } from './support/mail';
import { expect, test } from './support/test';

/**
 * Invoices (issue 25) in the browser: the legal notices name the legal entity of Paramètres ›
 * Facturation; a guest downloads the invoice of a paid order from the signed order link of the
 * confirmation mail; the Factures screen's totals fit a phone. Each test puts the identity back.
 */

/** The Facturation tab's form takes the SIREN as typed digits. */
const IDENTITY = { ...SELLER, siren: (SELLER.siren ?? '').replace(/\s/g, '') };

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

/** A guest's order through the shop; returns the signed link of its confirmation mail. */
async function guestOrder(page: Page, trap: OwnProduct, email: string): Promise<string> {
  await addToCart(page, trap);
  await page.goto('/checkout');
  await confirmCheckout(page, { ...GUEST, email });
  await expect.poll(() => findMail(email, '/commande/'), { timeout: 20_000 }).not.toBeNull();
  const mail = (await findMail(email, '/commande/')) as string;
  const link = /\/commande\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  return link as string;
}

/** The order id a signed link names (its first part is the id, base64url). */
const orderIdOf = (link: string) => {
  const hex = Buffer.from(link.split('/').pop()!.split('.')[0]!, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

test('the legal notices name the Facturation identity; a guest downloads the invoice from the signed order link', async ({
  page,
  browser,
  baseURL,
}) => {
  // A bound for a stuck test, not a timing: a shop order, a payment, a download; at load 20 on two
  // cores this took just over two minutes.
  test.setTimeout(240_000);
  await signInAsAdmin(page);
  const before = (await query(page.request, 'invoices.identity')).identity;
  const legalName = `Nuisibles Normandie ${randomInt(1e6)} SARL`;
  try {
    await mutate(page.request, baseURL as string, 'invoices.saveIdentity', { ...IDENTITY, legalName });

    // The legal notices read the same fields as the invoices.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/mentions-legales');
    const notices = visitor.locator('article');
    await expect(notices).toContainText(`Raison sociale : ${legalName}`);
    await expect(notices).toContainText('Forme juridique : SARL au capital de 10 000 €');
    await expect(notices).toContainText('SIREN : 732829320');
    await expect(notices).toContainText('Immatriculation : RCS Évreux 732 829 320');
    await expect(notices).toContainText('Numéro de TVA intracommunautaire : FR44732829320');
    await expect(notices).toContainText('dont le siège est situé 4 rue de la Harpe, 27000 Évreux');
    await expect(visitor.locator('footer')).toContainText('SIRET 73282932000074');

    // A guest's order, paid in full in the back-office: the invoice is issued.
    const guest = await (await browser.newContext({ acceptDownloads: true })).newPage();
    const trap = await ownProduct('Piège à rats de la facture');
    const link = await guestOrder(guest, trap, `facture-${randomInt(1e9)}@example.fr`);
    const orderId = orderIdOf(link);
    const order = await query(page.request, 'orders.byId', { orderId });
    await mutate(page.request, baseURL as string, 'orders.recordPayment', {
      orderId,
      amountCents: order.totalAmountCents,
      method: 'cash',
      day: new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }),
    });

    // The guest, without an account, opens the signed link and downloads the invoice.
    await guest.goto(link);
    const invoices = guest.getByRole('region', { name: 'Factures' });
    await expect(invoices).toContainText(/Facture FA-\d{4}-\d{6}/);
    const number = /FA-\d{4}-\d{6}/.exec((await invoices.textContent()) ?? '')?.[0] as string;
    const [download] = await Promise.all([
      guest.waitForEvent('download'),
      invoices.getByRole('link', { name: 'Télécharger la facture' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`facture-${number}.pdf`);
    const text = execFileSync('pdftotext', ['-layout', (await download.path()) as string, '-'], {
      encoding: 'utf8',
    }).replace(/[\s\u00a0\u202f]+/g, ' ');
    expect(text).toContain(`N° ${number}`);
    expect(text).toContain(legalName);
    expect(text).toContain(trap.title);
  } finally {
    await mutate(page.request, baseURL as string, 'invoices.saveIdentity', before);
  }
});

test('the Factures screen fits 375, 768 and 1280 px: its totals table needs no sideways scroll', async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/invoices');
    const totals = page.getByTestId('invoice-totals');
    await expect(totals).toBeVisible();
    await expect(totals.getByText('Total (avoirs déduits)').filter({ visible: true })).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath(`factures-${width}.png`), fullPage: true });
    const overflow = await totals.evaluate((el) => ({
      // The block itself, and any sideways scroller in it (the table's wrapper) that has to scroll.
      box: Math.max(
        ...[el, ...el.querySelectorAll('*')]
          .filter((e) => e === el || ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
          .map((e) => e.scrollWidth - e.clientWidth),
      ),
      page: document.documentElement.scrollWidth - window.innerWidth,
    }));
    expect(overflow, `at ${width} px`).toEqual({ box: 0, page: 0 });
  }
});
