import { describe, expect, it } from 'vitest';
import { placeOrderInputSchema } from '../../../domain/checkout/schema';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../domain/common/limits';
import {
  type CartProduct,
  type CartState,
  cartReducer,
  emptyCart,
  parseSavedCart,
  quantityCap,
} from './cart-state';

const trap: CartProduct = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Piège à rats',
  priceCents: 1490,
  promoPriceCents: null,
  isOnPromotion: false,
  mainImage: '/images/a',
};
const station: CartProduct = {
  id: '22222222-2222-4222-8222-222222222222',
  title: "Station d'appâtage",
  priceCents: 2490,
  promoPriceCents: 1990,
  isOnPromotion: true,
  mainImage: null,
};

const run = (...actions: Parameters<typeof cartReducer>[1][]): CartState =>
  actions.reduce(cartReducer, emptyCart);

describe('cart reducer', () => {
  it('adds a new product with quantity 1 and the id cart-{productId}', () => {
    const state = run({ type: 'add', product: trap });
    expect(state.items).toEqual([
      {
        id: `cart-${trap.id}`,
        productId: trap.id,
        name: 'Piège à rats',
        priceCents: 1490,
        promoPriceCents: null,
        isOnPromotion: false,
        image: '/images/a',
        quantity: 1,
      },
    ]);
    expect(state.total).toBe(1490);
    expect(state.itemCount).toBe(1);
  });

  it('adds one to the quantity when the product is already there', () => {
    const state = run({ type: 'add', product: trap }, { type: 'add', product: trap });
    expect(state.items).toHaveLength(1);
    expect(state.items[0]?.quantity).toBe(2);
    expect(state.total).toBe(2980);
    expect(state.itemCount).toBe(2);
  });

  it('uses the effective (promo) price for the total and sums quantities for the count', () => {
    const state = run(
      { type: 'add', product: trap },
      { type: 'add', product: station },
      { type: 'add', product: station },
    );
    expect(state.total).toBe(1490 + 2 * 1990);
    expect(state.itemCount).toBe(3);
  });

  it('ignores a promo price that is not lower, or not on promotion', () => {
    const notLower = run({ type: 'add', product: { ...station, promoPriceCents: 2490 } });
    expect(notLower.total).toBe(2490);
    const notOn = run({ type: 'add', product: { ...station, isOnPromotion: false } });
    expect(notOn.total).toBe(2490);
  });

  it('removes an item by id', () => {
    const state = run(
      { type: 'add', product: trap },
      { type: 'add', product: station },
      { type: 'remove', id: `cart-${trap.id}` },
    );
    expect(state.items.map((i) => i.productId)).toEqual([station.id]);
    expect(state.total).toBe(1990);
    expect(state.itemCount).toBe(1);
  });

  it('updates a quantity, and removes the item at 0 or less', () => {
    const id = `cart-${trap.id}`;
    const five = run({ type: 'add', product: trap }, { type: 'updateQuantity', id, quantity: 5 });
    expect(five.items[0]?.quantity).toBe(5);
    expect(five.total).toBe(7450);
    expect(cartReducer(five, { type: 'updateQuantity', id, quantity: 0 })).toEqual(emptyCart);
    expect(cartReducer(five, { type: 'updateQuantity', id, quantity: -3 })).toEqual(emptyCart);
  });

  it('caps quantities and lines at what one order accepts, so the checkout never refuses the cart', () => {
    const id = `cart-${trap.id}`;
    const many = run({ type: 'add', product: trap }, { type: 'updateQuantity', id, quantity: 5000 });
    expect(many.items[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(cartReducer(many, { type: 'add', product: trap }).items[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    const products = Array.from({ length: MAX_CART_LINES + 5 }, (_, n) => ({
      ...trap,
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    }));
    const full = run(...products.map((product) => ({ type: 'add' as const, product })));
    expect(full.items).toHaveLength(MAX_CART_LINES);
    // The same limits the checkout schema applies.
    const order = placeOrderInputSchema.safeParse({
      firstName: 'Marie',
      lastName: 'Durand',
      email: 'marie@example.fr',
      phone: '0612345678',
      deliveryMethod: 'pickup',
      idempotencyKey: '7d1c1b2e-0c53-4a43-9d2e-2b1f7f1d0a01',
      lines: full.items.map((i) => ({ productId: i.productId, quantity: MAX_LINE_QUANTITY })),
      shownTotal: { totalAmountCents: 0, taxCents: 0 },
    });
    expect(order.success).toBe(true);
  });

  it('clears everything to zero', () => {
    const state = run({ type: 'add', product: trap }, { type: 'add', product: station }, { type: 'clear' });
    expect(state).toEqual({ items: [], total: 0, itemCount: 0 });
  });

  it('loads a saved list and recomputes the totals', () => {
    const saved = run({ type: 'add', product: trap }, { type: 'add', product: station }).items;
    const state = cartReducer(emptyCart, { type: 'load', items: saved.map((i) => ({ ...i, quantity: 3 })) });
    expect(state.total).toBe(3 * 1490 + 3 * 1990);
    expect(state.itemCount).toBe(6);
  });
});

describe('saved cart', () => {
  it('reads back what the cart saves', () => {
    const items = run({ type: 'add', product: trap }, { type: 'add', product: station }).items;
    expect(parseSavedCart(JSON.stringify(items))).toEqual(items);
    expect(parseSavedCart(null)).toEqual([]);
  });

  it('throws on unreadable or malformed data, so the caller can log it and start empty', () => {
    expect(() => parseSavedCart('{not json')).toThrow();
    expect(() => parseSavedCart('{"items":[]}')).toThrow();
    expect(() => parseSavedCart('[{"productId":"x","name":"a","priceCents":-1}]')).toThrow();
    expect(() =>
      parseSavedCart(
        '[{"productId":"x","name":"a","priceCents":100,"promoPriceCents":null,"isOnPromotion":false,"image":null,"quantity":0}]',
      ),
    ).toThrow();
  });
});

describe('the quantity cap of /panier (walk defect 9)', () => {
  it('stops "+" at the counted stock', () => {
    expect(quantityCap({ isAvailable: true, infiniteStock: false, stockQuantity: 3 })).toBe(3);
    expect(quantityCap({ isAvailable: false, infiniteStock: false, stockQuantity: 3 })).toBe(0);
    expect(quantityCap({ isAvailable: true, infiniteStock: true, stockQuantity: 0 })).toBe(MAX_LINE_QUANTITY);
    expect(quantityCap({ isAvailable: true, infiniteStock: false, stockQuantity: 10_000 })).toBe(
      MAX_LINE_QUANTITY,
    );
    expect(quantityCap(undefined)).toBe(MAX_LINE_QUANTITY);
  });
});
