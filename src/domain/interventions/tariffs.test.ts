import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TARIFFS,
  parseTariffForm,
  quoteSentence,
  servicePrice,
  surchargeLines,
  type Tariffs,
  tariffFormValues,
  tariffsSchema,
  timeCountingSentence,
  travelSentence,
} from './tariffs.js';

const nbsp = (s: string) => s.replace(/\s/g, ' ');
const service = {
  id: '3f1c2a4e-8b1d-4c6a-9e2f-1a2b3c4d5e6f',
  label: 'Destruction de nid de guêpes',
  pests: 'Guêpes, frelons',
  pricing: 'forfait' as const,
  priceCents: 9000,
  defaultMinutes: 45,
};

describe('the published tariff (arrêté du 24 janvier 2017)', () => {
  it('says how time is counted, with the minimum billed', () => {
    expect(timeCountingSentence(DEFAULT_TARIFFS)).toBe(
      'Le temps passé sur place est facturé par quart d’heure entamé, avec un minimum facturé de 1 h.',
    );
    expect(timeCountingSentence({ ...DEFAULT_TARIFFS, timeCounting: 'heure', minimumMinutes: 0 })).toBe(
      'Le temps passé sur place est facturé par heure entamée.',
    );
  });

  it('states the travel fee, free or not, flat or per km', () => {
    expect(nbsp(travelSentence(DEFAULT_TARIFFS))).toBe(
      'Forfait de déplacement : 35,00 € TTC par intervention.',
    );
    expect(travelSentence({ ...DEFAULT_TARIFFS, travelFlatCents: 0 })).toBe('Le déplacement est gratuit.');
    expect(nbsp(travelSentence({ ...DEFAULT_TARIFFS, travelMode: 'km' }))).toBe(
      'Déplacement facturé au-delà des 20 premiers kilomètres (aller), 0,60 € TTC par kilomètre.',
    );
  });

  it('states whether the devis is free, and refuses a paid devis without a price', () => {
    expect(quoteSentence(DEFAULT_TARIFFS)).toBe('Le devis est gratuit.');
    expect(nbsp(quoteSentence({ ...DEFAULT_TARIFFS, quoteFree: false, quotePriceCents: 2500 }))).toContain(
      'Le devis est payant : 25,00 € TTC',
    );
    const paid = tariffsSchema.safeParse({ ...DEFAULT_TARIFFS, quoteFree: false, quotePriceCents: 0 });
    expect(paid.success).toBe(false);
    expect(paid.error?.issues[0]?.message).toBe('Indiquez le prix du devis, ou rendez-le gratuit.');
  });

  it('lists only the surcharges that apply', () => {
    expect(
      surchargeLines({ ...DEFAULT_TARIFFS, nightSurchargePercent: 0, urgencySurchargePercent: 0 }),
    ).toEqual(['Dimanche et jours fériés : + 50 %']);
  });

  it('prices a catalogue service by its rule', () => {
    const t: Tariffs = { ...DEFAULT_TARIFFS, services: [service] };
    expect(nbsp(servicePrice(service, t))).toBe('90,00 € TTC');
    expect(nbsp(servicePrice({ ...service, pricing: 'dispositif', priceCents: 1500 }, t))).toBe(
      '15,00 € TTC par dispositif',
    );
    expect(nbsp(servicePrice({ ...service, pricing: 'horaire', defaultMinutes: 90 }, t))).toBe(
      'Au temps passé (65,00 € TTC / h), environ 1 h 30',
    );
  });

  it('reads the form in euros to the cent and refuses what is not an amount', () => {
    const values = tariffFormValues({ ...DEFAULT_TARIFFS, services: [service] });
    values.hourlyRates[0]!.cents = '65,01';
    values.services[0]!.priceCents = '90,5';
    const parsed = tariffsSchema.parse(parseTariffForm(values));
    expect(parsed.hourlyRates[0]!.cents).toBe(6501);
    expect(parsed.services[0]!.priceCents).toBe(9050);
    values.travelFlatCents = 'trente';
    const bad = tariffsSchema.safeParse(parseTariffForm(values));
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Indiquez un montant en euros (par ex. 65 ou 65,50).',
    ]);
    expect(tariffsSchema.safeParse({ ...DEFAULT_TARIFFS, hourlyRates: [] }).error?.issues[0]?.message).toBe(
      'Indiquez au moins un taux horaire.',
    );
  });
});
