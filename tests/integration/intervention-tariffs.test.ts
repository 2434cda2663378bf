import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS, type Tariffs } from '../../src/domain/interventions/tariffs.js';
import { servedShopForFile } from '../support/http-app.js';

/*
 * Issue 36: Paramètres › Interventions publishes the tariff (arrêté du 24 janvier 2017); the public
 * « Tarifs » page is rendered by the server from it, so its HTML carries the saved values.
 */
const served = servedShopForFile();
const { html } = served;

const wasps: Tariffs['services'][number] = {
  id: randomUUID(),
  label: 'Destruction de nid de guêpes',
  pests: 'Guêpes, frelons',
  pricing: 'forfait',
  priceCents: 9000,
  defaultMinutes: 45,
};

describe('Paramètres › Interventions and the « Tarifs » page', () => {
  it('shows the defaults before any save', async () => {
    const page = await html('/tarifs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('65,00 € TTC / heure');
    expect(page.text).toContain('Le devis est gratuit.');
    expect(page.text).toContain('<link rel="canonical" href="https://');
  });

  it('publishes what the owner saves: rates, time counting, travel, paid devis, surcharges, catalogue', async () => {
    await served.shop.as('admin').interventions.saveTariffs({
      ...DEFAULT_TARIFFS,
      hourlyRates: [
        { label: 'Taux normal', cents: 7200 },
        { label: 'Taux technicien confirmé', cents: 8400 },
      ],
      timeCounting: 'demi_heure',
      minimumMinutes: 30,
      travelMode: 'km',
      travelPerKmCents: 55,
      travelFreeKm: 10,
      quoteFree: false,
      quotePriceCents: 3000,
      urgencySurchargePercent: 0,
      services: [wasps],
    });
    const { text } = await html('/tarifs');
    expect(text).toContain('Taux technicien confirmé');
    expect(text).toContain('84,00 € TTC / heure');
    expect(text).toContain('facturé par demi-heure entamée, avec un minimum facturé de 30 min.');
    expect(text).toContain('au-delà des 10 premiers kilomètres (aller), 0,55 € TTC par kilomètre');
    expect(text).toContain('Le devis est payant : 30,00 € TTC');
    expect(text).toContain('Intervention de nuit (20 h - 8 h) : + 50 %');
    expect(text).not.toContain('Urgence (intervention sous 24 h');
    expect(text).toContain('Destruction de nid de guêpes');
    expect(text).toContain('90,00 € TTC');
    expect(text).not.toContain('65,00 € TTC / heure');
  });

  it('refuses a paid devis without its price, in French, and changes nothing', async () => {
    const before = await served.shop.as('admin').interventions.tariffSettings();
    await expect(
      served.shop
        .as('admin')
        .interventions.saveTariffs({ ...DEFAULT_TARIFFS, quoteFree: false, quotePriceCents: 0 }),
    ).rejects.toThrow('Indiquez le prix du devis, ou rendez-le gratuit.');
    expect(await served.shop.as('admin').interventions.tariffSettings()).toEqual(before);
  });

  it('is linked from the footer of every public page and from the service pages and the contact section', async () => {
    for (const path of ['/', '/rubriques/guepe-frelon', '/mentions-legales']) {
      expect((await html(path)).text, path).toContain('href="/tarifs"');
    }
    expect((await html('/rubriques/guepe-frelon')).text).toContain('Nos tarifs');
    expect((await html('/')).text).toContain('consultez nos tarifs');
  });
});
