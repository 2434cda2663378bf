import { describe, expect, it } from 'vitest';
import {
  formatUnitPrice,
  promoApplies,
  referencePriceCents,
  struckPriceCents,
  unitPrice,
} from './pricing.js';

const day = 86_400_000;
/** Intl puts a no-break space before €. */
const plain = (s: string) => s.replace(/\s/g, ' ');
const start = new Date('2026-11-25T09:00:00Z');
const ago = (days: number) => new Date(start.getTime() - days * day);

describe('C. conso L112-1-1: the struck price is the lowest of the 30 days before the reduction', () => {
  it('30 € for a month, then 25 €, then a promotion at 20 €: « au lieu de 25 € »', () => {
    const history = [
      { at: ago(45), effectivePriceCents: 3000 },
      { at: ago(10), effectivePriceCents: 2500 },
    ];
    expect(referencePriceCents(history, start, 2500)).toBe(2500);
  });

  it('counts a price set inside the window even when raised since', () => {
    const history = [
      { at: ago(60), effectivePriceCents: 3000 },
      { at: ago(20), effectivePriceCents: 2200 },
      { at: ago(5), effectivePriceCents: 3000 },
    ];
    expect(referencePriceCents(history, start, 3000)).toBe(2200);
  });

  it('counts the price in force when the window opens, not older ones', () => {
    const history = [
      { at: ago(90), effectivePriceCents: 1000 },
      { at: ago(40), effectivePriceCents: 2800 },
    ];
    expect(referencePriceCents(history, start, 3000)).toBe(2800);
  });

  it('ignores the promotion itself and what comes after its start', () => {
    const history = [
      { at: ago(40), effectivePriceCents: 3000 },
      { at: start, effectivePriceCents: 2000 },
    ];
    expect(referencePriceCents(history, start, 3000)).toBe(3000);
  });

  it('shows the reference struck, and no reduction that is not one against it', () => {
    const p = { priceCents: 3000, promoPriceCents: 2000, isOnPromotion: true, referencePriceCents: 2500 };
    expect(struckPriceCents(p)).toBe(2500);
    expect(promoApplies(p)).toBe(true);
    expect(promoApplies({ ...p, referencePriceCents: 2000 })).toBe(false);
  });
});

describe('unit prices of pre-packed goods', () => {
  it('per litre and per kilogram, from the price paid', () => {
    const spray = {
      priceCents: 1190,
      promoPriceCents: null,
      isOnPromotion: false,
      netQuantity: 750,
      netUnit: 'ml',
    };
    expect(plain(formatUnitPrice(unitPrice(spray)!))).toBe('15,87 € / l');
    const paste = { ...spray, priceCents: 1690, netQuantity: 500, netUnit: 'g' };
    expect(plain(formatUnitPrice(unitPrice(paste)!))).toBe('33,80 € / kg');
    expect(unitPrice({ ...spray, netQuantity: null })).toBeNull();
  });
});
