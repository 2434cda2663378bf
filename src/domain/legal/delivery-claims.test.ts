import { describe, expect, it } from 'vitest';
import { deliveryClaim, deliveryTerms } from './delivery-claims.js';

const rules = {
  shippingEnabled: true,
  defaultShippingCostCents: 690,
  freeShippingThresholdCents: 5000,
  taxRate: 20,
};

const plain = (s: string) => s.replace(/\u202f|\u00a0/g, ' ');

describe('delivery claims follow the Commerce settings', () => {
  it('claims free delivery only when it is free', () => {
    expect(plain(deliveryClaim(rules))).toBe('Livraison offerte dès 50,00 €');
    expect(deliveryClaim({ ...rules, defaultShippingCostCents: 0 })).toBe('Livraison gratuite');
    expect(plain(deliveryTerms(rules))).toContain('La livraison coûte 6,90 € TTC');
    expect(deliveryTerms(rules)).not.toContain('gratuite');
  });

  it('says pickup only when delivery is off', () => {
    expect(deliveryClaim({ ...rules, shippingEnabled: false })).toBe('Retrait en boutique le samedi');
    expect(deliveryTerms({ ...rules, shippingEnabled: false })).not.toMatch(/gratuite|offerte/);
  });
});
