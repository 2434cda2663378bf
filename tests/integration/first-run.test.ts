/**
 * Issue 35, « Mise en service »: a production shop missing a legally required mention sells nothing
 * (checkout.place and the back-office's « Nouvelle commande » refuse with a French message and a
 * typed error, and change nothing); its public view says the checkout is closed; the dashboard's
 * checklist says why. Complete the mentions and the same shop sells.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEGAL_NOTICES, DEMO_PAYMENT, DEMO_SELLER } from '../../src/domain/settings/readiness.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { settingsDefaults, storeInitialSettings } from '../../src/server/settings/store.js';
import { SELLER } from '../support/invoices.js';
import { createProduct, placeInput } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await testShop({ NODE_ENV: 'production', AUTH_SECRET: randomBytes(48).toString('base64url') });
  // A fresh shop: the spec's defaults, no legal notices, no Facturation identity.
  await storeInitialSettings(shop.sql, {
    ...settingsDefaults(shop.services.config),
    notificationsEnabled: false,
  });
});
afterAll(async () => {
  await shop.drop();
});

const orderCount = async () =>
  (await shop.sql<{ n: number }[]>`select count(*)::int as n from orders`)[0]?.n ?? -1;

describe('a production shop with missing legal mentions', () => {
  it('is a production configuration', () => {
    expect(shop.services.config.production).toBe(true);
  });

  it('refuses every order, admins included, with the French message and a typed error', async () => {
    const product = await createProduct(shop.sql, {
      title: 'Piège à rats',
      priceCents: 1490,
      stockQuantity: 5,
    });
    for (const role of ['anonymous', 'customerA', 'admin'] as const) {
      const refused = shop.as(role).checkout.place(placeInput([{ productId: product.id, quantity: 1 }]));
      await expect(refused).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/^Les commandes en ligne sont momentanément suspendues/),
      });
    }
    expect(await orderCount()).toBe(0);
  });

  it('tells the storefront the checkout is closed, and the back-office why', async () => {
    const view = await shop.as('anonymous').settings.shop();
    expect(view.orderingClosed).toMatch(/^Les commandes en ligne sont momentanément suspendues/);
    const readiness = await shop.as('admin').dashboard.readiness();
    expect(readiness.closedBecause).toMatch(/des mentions légales obligatoires manquent \(Raison sociale, /);
    expect(readiness.closedBecause).toContain('Nom du médiateur');
    expect(readiness.items.find((i) => i.key === 'company')?.done).toBe(false);
  });

  it('sells once every mention is there (the demo identity, then the owner’s own)', async () => {
    await storeInitialSettings(shop.sql, settingsDefaults(shop.services.config)); // no-op: a row exists
    await shop.as('admin').settings.update({
      ...(await shop.as('admin').settings.get()).settings,
      ...DEMO_LEGAL_NOTICES,
      ...DEMO_PAYMENT,
    });
    // Only the legal entity is missing now: still closed.
    const product = await createProduct(shop.sql, { title: 'Tapette', priceCents: 990, stockQuantity: 5 });
    await expect(
      shop.as('anonymous').checkout.place(placeInput([{ productId: product.id, quantity: 1 }])),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await saveIdentity(shop.sql, DEMO_SELLER, null);
    expect((await shop.as('anonymous').settings.shop()).orderingClosed).toBeNull();
    const placed = await shop
      .as('anonymous')
      .checkout.place(placeInput([{ productId: product.id, quantity: 1 }]));
    expect(placed.orderNumber).toMatch(/^CMD-/);
    const readiness = await shop.as('admin').dashboard.readiness();
    expect(readiness.closedBecause).toBeNull();
    // Complete but fictitious: the checklist says so.
    expect(readiness.items.find((i) => i.key === 'company')).toMatchObject({ done: false, fictitious: true });
    await saveIdentity(shop.sql, SELLER, null);
    expect(
      (await shop.as('admin').dashboard.readiness()).items.find((i) => i.key === 'company'),
    ).toMatchObject({ done: true, fictitious: false });
  });

  it('sends the payment instructions with the confirmation mail', async () => {
    const [mail] = await shop.sql<{ text: string }[]>`
      select text_body as text from mail_outbox where kind = 'order-confirmation' order by id desc limit 1`;
    expect(mail?.text).toContain('Par virement : IBAN FR76 3000 6000 0112 3456 7890 189, BIC AGRIFRPP882');
    expect(mail?.text).toContain("Par chèque : à l'ordre de");
  });
});
