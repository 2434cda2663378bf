import { describe, expect, it } from 'vitest';
import {
  emptyProductForm,
  PRODUCT_MESSAGES as M,
  matchesProductSearch,
  parseDecimal,
  parseProductForm,
  parseTags,
  productFormValues,
  productSchema,
  productStatusLabel,
  slugify,
  toProductRecord,
} from './product';
import { validateProduct } from './product-messages.test-support.js';

const valid = { title: 'Piège à rats', price: 14.9 };
const form = (fields: Partial<typeof emptyProductForm>) =>
  parseProductForm({ ...emptyProductForm, ...fields });

describe('slugify', () => {
  it('lowercases, strips accents and punctuation, turns spaces and underscores into hyphens', () => {
    expect(slugify("Piège à rats : l'original !")).toBe('piege-a-rats-loriginal');
    expect(slugify('Station_d appâtage  PRO')).toBe('station-d-appatage-pro');
    expect(slugify('  --Lot de 10--  ')).toBe('lot-de-10');
    expect(slugify('!!!')).toBe('');
  });
});

describe('parsing rules of the form', () => {
  it('reads decimals with a comma or a point, NaN otherwise', () => {
    expect(parseDecimal('12,90')).toBe(12.9);
    expect(parseDecimal(' 12.5 ')).toBe(12.5);
    expect(parseDecimal('-3')).toBe(-3);
    expect(parseDecimal('douze')).toBeNaN();
    expect(parseDecimal('1e3')).toBeNaN();
  });

  it('turns an unreadable price, stock or shipping cost into 0', () => {
    const input = form({ title: 'x', price: 'abc', stockQuantity: 'beaucoup', shippingCost: '' });
    expect(input).toMatchObject({ price: 0, stockQuantity: 0, shippingCost: 0 });
  });

  it('turns a blank promo price or weight into null, and numbers when given', () => {
    expect(form({ promoPrice: ' ', weight: '' })).toMatchObject({ promoPrice: null, weight: null });
    expect(form({ promoPrice: '9,90', weight: '1.5' })).toMatchObject({ promoPrice: 9.9, weight: 1.5 });
  });

  it('splits tags on commas, trims, drops empties, null when none', () => {
    expect(parseTags(' rats, souris ,, ')).toEqual(['rats', 'souris']);
    expect(parseTags(' , ')).toBeNull();
    expect(form({ tags: '' }).tags).toBeNull();
  });
});

describe('validation rules (back-office.md §5)', () => {
  it('accepts a product with a title and a price, with the spec defaults', () => {
    expect(validateProduct(valid)).toEqual([]);
    expect(productSchema.parse(valid)).toMatchObject({
      promoPrice: null,
      isOnPromotion: false,
      stockQuantity: 0,
      infiniteStock: false,
      isAvailable: true,
      isVisibleInShop: true,
      shippingCost: 0,
      weight: null,
      images: [],
    });
  });

  it('requires a title', () => {
    expect(validateProduct({ ...valid, title: '   ' })).toEqual([M.titleRequired]);
  });

  it('requires a price above 0, and refuses one sent as text', () => {
    expect(validateProduct({ ...valid, price: 0 })).toEqual([M.pricePositive]);
    expect(validateProduct({ ...valid, price: -5 })).toEqual([M.pricePositive]);
    expect(validateProduct({ ...valid, price: '14.90' })).toEqual([M.pricePositive]);
  });

  it('requires the promo price below the normal price', () => {
    expect(validateProduct({ ...valid, promoPrice: 14.9 })).toEqual([M.promoBelowPrice]);
    expect(validateProduct({ ...valid, promoPrice: 20 })).toEqual([M.promoBelowPrice]);
    expect(validateProduct({ ...valid, promoPrice: 9.9 })).toEqual([]);
  });

  it('requires a stock quantity not negative unless the stock is unlimited', () => {
    expect(validateProduct({ ...valid, stockQuantity: -1 })).toEqual([M.stockPositive]);
    expect(validateProduct({ ...valid, stockQuantity: -1, infiniteStock: true })).toEqual([]);
    expect(validateProduct({ ...valid, stockQuantity: 1.5 })).toEqual([M.stockPositive]);
  });

  it('refuses a negative weight and negative shipping costs', () => {
    expect(validateProduct({ ...valid, weight: -0.1 })).toEqual([M.weightPositive]);
    expect(validateProduct({ ...valid, shippingCost: -1 })).toEqual([M.shippingPositive]);
  });

  it('lists every broken rule once, in the order of the rules', () => {
    expect(
      validateProduct(
        form({
          title: '',
          price: '0',
          promoPrice: '5',
          stockQuantity: '-2',
          weight: '-1',
          shippingCost: '-3',
        }),
      ),
    ).toEqual([
      M.titleRequired,
      M.pricePositive,
      M.shippingPositive,
      M.weightPositive,
      M.promoBelowPrice,
      M.stockPositive,
    ]);
  });

  it('allows at most 5 images, all from the image pipeline', () => {
    const url = (n: number) => `/images/00000000-0000-4000-8000-00000000000${n}`;
    expect(validateProduct({ ...valid, images: [1, 2, 3, 4, 5].map(url) })).toEqual([]);
    expect(validateProduct({ ...valid, images: [1, 2, 3, 4, 5, 6].map(url) })).toEqual([M.tooManyImages]);
    expect(validateProduct({ ...valid, images: ['https://evil.example/x.png'] })).toEqual([M.imageInvalid]);
  });
});

describe('record and form', () => {
  it('generates the slug from the title when empty, keeps a typed one made URL-safe', () => {
    expect(toProductRecord(productSchema.parse({ ...valid, slug: '' })).slug).toBe('piege-a-rats');
    expect(toProductRecord(productSchema.parse({ ...valid, slug: 'Mon Piège' })).slug).toBe('mon-piege');
    expect(validateProduct({ ...valid, title: '???' })).toEqual([M.slugInvalid]);
  });

  it('stores cents, the first image as main image, the rest as additional images', () => {
    const images = ['a', 'b', 'c'].map((c) => `/images/00000000-0000-4000-8000-00000000000${c}`);
    const record = toProductRecord(
      productSchema.parse({ ...valid, promoPrice: 9.99, shippingCost: 4.5, images, tags: ['rats'] }),
    );
    expect(record).toMatchObject({
      priceCents: 1490,
      promoPriceCents: 999,
      shippingCostCents: 450,
      mainImage: images[0],
      additionalImages: images.slice(1),
      tags: ['rats'],
    });
    // And back into the form, as the owner typed it.
    expect(productFormValues(record)).toMatchObject({
      price: '14.9',
      promoPrice: '9.99',
      images,
      tags: 'rats',
    });
  });

  it('searches the loaded list by title, category or brand, case-insensitive', () => {
    const p = { title: 'Piège à rats', category: 'Rongeurs', brand: 'Protecta' };
    expect(matchesProductSearch(p, 'PIÈGE')).toBe(true);
    expect(matchesProductSearch(p, 'rongeurs')).toBe(true);
    expect(matchesProductSearch(p, 'protec')).toBe(true);
    expect(matchesProductSearch(p, 'frelon')).toBe(false);
    expect(matchesProductSearch({ ...p, category: null, brand: null }, '')).toBe(true);
  });
});

describe('the back-office status badge (walk defect 11)', () => {
  it('says a shown product that is off sale is not available, not "Visible"', () => {
    expect(productStatusLabel({ isVisibleInShop: true, isAvailable: false })).toBe('Non disponible');
    expect(productStatusLabel({ isVisibleInShop: true, isAvailable: true })).toBe('Visible');
    expect(productStatusLabel({ isVisibleInShop: false, isAvailable: true })).toBe('Masqué');
    expect(productStatusLabel({ isVisibleInShop: false, isAvailable: false })).toBe('Masqué');
  });
});

describe('text limits (walk defect 12)', () => {
  it('says the limit a text broke', () => {
    const result = productSchema.safeParse({ title: 'x'.repeat(201), price: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Ce texte est trop long (200 caractères maximum)');
  });
});

describe('the price typed with a French decimal comma (walk defect 14)', () => {
  it('reads "1,5" as 1.5 euros, never 15', () => {
    expect(parseProductForm({ ...emptyProductForm, title: 'x', price: '1,5' }).price).toBe(1.5);
  });
});
