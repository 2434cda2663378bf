import { describe, expect, it } from 'vitest';
import { effectivePriceCents, formatEuros, promoApplies, stockLabel } from './pricing.js';

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
  });
});

describe('euro formatting', () => {
  it('shows two decimals', () => {
    expect(formatEuros(1290).replace(/\s/g, ' ')).toBe('12,90 €');
  });
});
