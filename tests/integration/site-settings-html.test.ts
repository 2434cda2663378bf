import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/domain/settings/settings.js';
import { BUSINESS } from '../../src/domain/site/business.js';
import { servedShopForFile } from '../support/http-app.js';

/*
 * Issue 26: the shop's identity and delivery claims follow Paramètres in the HTML the server sends,
 * on the marketing pages the build pre-renders as on the shop pages, for a visitor without
 * JavaScript (or a crawler): no deploy, no script. A save clears the rendered pages at once.
 */
const served = servedShopForFile();
const { html } = served;

const save = (changes: Partial<typeof DEFAULT_SETTINGS>) =>
  served.shop.as('admin').settings.update({
    ...DEFAULT_SETTINGS,
    shopEmail: 'boutique@example.fr',
    notificationsEnabled: false,
    ...changes,
  });

const PAGES = ['/', '/boutique', '/cgv', '/mentions-legales'];

describe('the HTML follows the settings (no JavaScript needed)', () => {
  it('after changing the phone and the delivery cost, /, /boutique, /cgv and /mentions-legales carry the new values, not the old', async () => {
    await save({
      shopPhone: '02 32 11 11 11',
      defaultShippingCostCents: 599,
      freeShippingThresholdCents: 5000,
    });
    for (const path of PAGES) {
      const page = await html(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain('02 32 11 11 11');
    }
    expect((await html('/cgv')).text).toContain('La livraison coûte 5,99 € TTC');

    await save({
      shopPhone: '02 32 99 88 77',
      defaultShippingCostCents: 690,
      freeShippingThresholdCents: 10000,
    });
    for (const path of PAGES) {
      const { text } = await html(path);
      expect(text, path).toContain('02 32 99 88 77');
      expect(text, path).toContain('tel:+33232998877');
      for (const old of [
        '02 32 11 11 11',
        BUSINESS.phoneDisplay,
        '5,99 €',
        'Livraison offerte dès 50,00 €',
      ]) {
        expect(text, `${path} still shows ${old}`).not.toContain(old);
      }
      // Hydration renders what the HTML shows: the page carries the settings it was rendered with.
      expect(text, path).toMatch(/<script type="application\/json" id="site-settings">[^<]*02 32 99 88 77/);
    }
    const home = (await html('/')).text;
    expect(home).toContain('Livraison offerte dès 100,00 €, ou retrait en boutique le samedi.');
    // The home's structured data names the phone too.
    expect(home).toContain('"telephone":"+33232998877"');
    expect((await html('/boutique')).text).toContain('Livraison offerte dès 100,00 €');
    expect((await html('/cgv')).text).toContain(
      "La livraison coûte 6,90 € TTC et elle est offerte dès 100,00 € d'achats",
    );
  });

  it('delivery switched off: no page claims delivery, the CGV say pickup only', async () => {
    await save({ shopPhone: '02 32 99 88 77', shippingEnabled: false });
    for (const path of PAGES) {
      const { text } = await html(path);
      expect(text, path).not.toContain('Livraison gratuite');
      expect(text, path).not.toContain('Livraison offerte');
    }
    expect((await html('/cgv')).text).toContain("La livraison à domicile n'est pas proposée pour le moment");
    const boutique = (await html('/boutique')).text;
    expect(boutique).not.toContain('data-testid="delivery-claim"');
    expect(boutique).toContain('Retrait en boutique');
  });

  it('every other page (a screen, the 404) carries the current settings too', async () => {
    await save({ shopPhone: '02 32 44 55 66' });
    const missing = await html('/pas-de-page-ici');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('02 32 44 55 66');
    expect(missing.text).not.toContain(BUSINESS.phoneDisplay);
    const checkout = await html('/checkout');
    expect(checkout.status).toBe(200);
    expect(checkout.text).toMatch(/id="site-settings">[^<]*02 32 44 55 66/);
  });
});
