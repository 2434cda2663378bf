import { describe, expect, it } from 'vitest';
import {
  effectivePriceCents,
  formatEuros,
  includedTaxCents,
  orderAmounts,
  promoApplies,
  stockLabel,
} from './pricing.js';

describe('price rule', () => {
  const base = { priceCents: 2000, promoPriceCents: 1500, isOnPromotion: true };
  it('applies the promo price only when on promotion, set and lower', () => {
    expect(effectivePriceCents(base)).toBe(1500);
    expect(promoApplies({ ...base, isOnPromotion: false })).toBe(false);
    expect(effectivePriceCents({ ...base, promoPriceCents: null })).toBe(2000);
    expect(effectivePriceCents({ ...base, promoPriceCents: 2000 })).toBe(2000);
    expect(effectivePriceCents({ ...base, promoPriceCents: 2500 })).toBe(2000);
  });
});

describe('stock label', () => {
  const p = { isAvailable: true, infiniteStock: false, stockQuantity: 10 };
  it('follows the thresholds of the spec', () => {
    expect(stockLabel({ ...p, isAvailable: false, infiniteStock: true })).toBe('Rupture de stock');
    expect(stockLabel({ ...p, infiniteStock: true, stockQuantity: 0 })).toBe('En stock');
    expect(stockLabel({ ...p, stockQuantity: null })).toBe('Rupture de stock');
    expect(stockLabel({ ...p, stockQuantity: 0 })).toBe('Rupture de stock');
    expect(stockLabel({ ...p, stockQuantity: 5 })).toBe('Stock limité');
    expect(stockLabel({ ...p, stockQuantity: 1 })).toBe('Stock limité');
    expect(stockLabel({ ...p, stockQuantity: 6 })).toBe('En stock');
    // The shop's own threshold (Paramètres › Notifications) when given.
    expect(stockLabel({ ...p, stockQuantity: 12 }, 12)).toBe('Stock limité');
    expect(stockLabel({ ...p, stockQuantity: 13 }, 12)).toBe('En stock');
    expect(stockLabel({ ...p, stockQuantity: 3 }, 2)).toBe('En stock');
  });
});

describe('euro formatting', () => {
  it('shows two decimals', () => {
    expect(formatEuros(1290).replace(/\s/g, ' ')).toBe('12,90 €');
  });
});

describe('VAT included in a price, to the cent', () => {
  it('is total × rate / (100 + rate), rounded to the nearest cent (half up), never truncated', () => {
    // 5,99 € at 20 %: 99,83 cents of VAT → 1,00 € (a truncation would say 0,99 €).
    expect(includedTaxCents(599, 20)).toBe(100);
    // 10,99 € at 10 %: 99,91 → 1,00 €.
    expect(includedTaxCents(1099, 10)).toBe(100);
    // 10,00 € at 5,5 %: 52,13 → 0,52 € (rounding up would say 0,53 €).
    expect(includedTaxCents(1000, 5.5)).toBe(52);
    // Half a cent goes up: 0,03 € at 20 % is 0,5 cent of VAT.
    expect(includedTaxCents(3, 20)).toBe(1);
    expect(includedTaxCents(2599, 20)).toBe(433);
    expect(includedTaxCents(0, 20)).toBe(0);
    expect(includedTaxCents(1000, 0)).toBe(0);
  });

  it('is taken from the whole total, delivery included, once (not summed line by line)', () => {
    const rules = {
      shippingEnabled: true,
      defaultShippingCostCents: 599,
      freeShippingThresholdCents: 5000,
      taxRate: 20,
    };
    // Lines of 0,03 € each would give 1 cent of VAT each; the order's 0,06 € + 5,99 € gives 1,01 €.
    expect(orderAmounts(6, 'delivery', rules)).toEqual({
      subtotalCents: 6,
      shippingCostCents: 599,
      taxCents: 101,
      totalAmountCents: 605,
    });
  });
});
