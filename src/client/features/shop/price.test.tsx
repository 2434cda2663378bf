import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Price, PromoBadge } from './price';
import { StockBadge } from './stock-badge';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\u202f|\u00a0/g, ' ');

describe('price display', () => {
  it('shows the struck-through price and the promo price only when the promo applies', () => {
    const html = renderToStaticMarkup(
      <Price product={{ priceCents: 2490, promoPriceCents: 1990, isOnPromotion: true }} />,
    );
    expect(html).toContain('<s');
    expect(text(html)).toBe('Prix promo : 19,90 €au lieu de 24,90 €');
    expect(
      text(
        renderToStaticMarkup(
          <PromoBadge product={{ priceCents: 2490, promoPriceCents: 1990, isOnPromotion: true }} />,
        ),
      ),
    ).toBe('Promo -20%');
  });

  it.each([
    ['not on promotion', { priceCents: 2490, promoPriceCents: 1990, isOnPromotion: false }],
    ['no promo price', { priceCents: 2490, promoPriceCents: null, isOnPromotion: true }],
    ['promo not lower', { priceCents: 2490, promoPriceCents: 2490, isOnPromotion: true }],
  ])('shows the plain price when %s', (_, product) => {
    const html = renderToStaticMarkup(<Price product={product} />);
    expect(html).not.toContain('<s');
    expect(text(html)).toBe('24,90 €');
    expect(renderToStaticMarkup(<PromoBadge product={product} />)).toBe('');
  });
});

describe('stock badge', () => {
  it.each([
    [{ isAvailable: false, infiniteStock: true, stockQuantity: 100 }, 'Rupture de stock'],
    [{ isAvailable: true, infiniteStock: true, stockQuantity: 0 }, 'En stock'],
    [{ isAvailable: true, infiniteStock: false, stockQuantity: 0 }, 'Rupture de stock'],
    [{ isAvailable: true, infiniteStock: false, stockQuantity: 5 }, 'Stock limité'],
    [{ isAvailable: true, infiniteStock: false, stockQuantity: 6 }, 'En stock'],
  ])('labels %o as %s', (product, label) => {
    expect(text(renderToStaticMarkup(<StockBadge product={product} />))).toBe(label);
  });

  it('says « Stock limité » at or under the shop’s own low-stock threshold', () => {
    const product = { isAvailable: true, infiniteStock: false, stockQuantity: 8 };
    const label = (lowStockThreshold: number) =>
      text(renderToStaticMarkup(<StockBadge product={product} lowStockThreshold={lowStockThreshold} />));
    expect(label(10)).toBe('Stock limité');
    expect(label(8)).toBe('Stock limité');
    expect(label(7)).toBe('En stock');
  });
});
