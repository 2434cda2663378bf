import { effectivePriceCents } from '../../../domain/catalog/pricing';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../domain/common/limits';

/**
 * The cart of the spec (visitor-site.md §3, §4): items, total and itemCount, changed only by the
 * actions below. Pure, so it is tested without a browser. Prices here are for display only: the
 * server reloads every price when the order is placed. It caps lines and quantities at the order's
 * own limits, so that a cart can always be ordered.
 */
export interface CartItem {
  /** Always `cart-{productId}`. */
  id: string;
  productId: string;
  name: string;
  priceCents: number;
  promoPriceCents: number | null;
  isOnPromotion: boolean;
  /** Base URL of the product's main image (`/images/<id>`), or null. */
  image: string | null;
  quantity: number;
  /** A biocide's type: its line carries the mandatory sentence (Reg. 528/2012 art. 72). */
  biocideType?: string | null;
  /** The 30-day reference price a reduction is shown against. */
  referencePriceCents?: number | null;
  /** Sold only to Certibiocide holders: the cart says so before checkout. */
  professionalOnly?: boolean;
}

export interface CartState {
  items: CartItem[];
  /** Sum of effective price × quantity, in cents. */
  total: number;
  /** Sum of quantities. */
  itemCount: number;
}

/** What add-to-cart receives: a product as the catalogue returns it. */
export interface CartProduct {
  id: string;
  title: string;
  priceCents: number;
  promoPriceCents: number | null;
  isOnPromotion: boolean;
  mainImage: string | null;
  biocideType?: string | null;
  referencePriceCents?: number | null;
  professionalOnly?: boolean;
}

export type CartAction =
  | { type: 'add'; product: CartProduct }
  | { type: 'remove'; id: string }
  | { type: 'updateQuantity'; id: string; quantity: number }
  | { type: 'clear' }
  | { type: 'load'; items: CartItem[] };

export const emptyCart: CartState = { items: [], total: 0, itemCount: 0 };

export const cartItemId = (productId: string) => `cart-${productId}`;

export const lineTotalCents = (item: CartItem) => effectivePriceCents(item) * item.quantity;

function withTotals(items: CartItem[]): CartState {
  let total = 0;
  let itemCount = 0;
  for (const item of items) {
    total += lineTotalCents(item);
    itemCount += item.quantity;
  }
  return { items, total, itemCount };
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const { product } = action;
      const id = cartItemId(product.id);
      if (state.items.some((i) => i.id === id)) {
        return withTotals(
          state.items.map((i) =>
            i.id === id ? { ...i, quantity: Math.min(i.quantity + 1, MAX_LINE_QUANTITY) } : i,
          ),
        );
      }
      if (state.items.length >= MAX_CART_LINES) return state;
      const item: CartItem = {
        id,
        productId: product.id,
        name: product.title,
        priceCents: product.priceCents,
        promoPriceCents: product.promoPriceCents,
        isOnPromotion: product.isOnPromotion,
        image: product.mainImage,
        quantity: 1,
        // Only what applies: a plain product's line stays as it was before issue 27.
        ...(product.biocideType ? { biocideType: product.biocideType } : {}),
        ...(product.referencePriceCents != null ? { referencePriceCents: product.referencePriceCents } : {}),
        ...(product.professionalOnly ? { professionalOnly: true } : {}),
      };
      return withTotals([...state.items, item]);
    }
    case 'remove':
      return withTotals(state.items.filter((i) => i.id !== action.id));
    case 'updateQuantity':
      if (action.quantity <= 0) return withTotals(state.items.filter((i) => i.id !== action.id));
      return withTotals(
        state.items.map((i) =>
          i.id === action.id
            ? { ...i, quantity: Math.min(Math.floor(action.quantity), MAX_LINE_QUANTITY) }
            : i,
        ),
      );
    case 'clear':
      return emptyCart;
    case 'load':
      return withTotals(action.items);
  }
}

const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * Reads a saved cart (the JSON stored under `cart`). Throws on anything that is not a list of cart
 * items, so the caller can log it and start empty, as the spec says.
 */
export function parseSavedCart(raw: string | null): CartItem[] {
  if (raw === null) return [];
  const data: unknown = JSON.parse(raw);
  if (!Array.isArray(data)) throw new Error('saved cart is not a list');
  return data.map((entry, index) => {
    const i = entry as Partial<CartItem> | null;
    if (
      !i ||
      typeof i.productId !== 'string' ||
      typeof i.name !== 'string' ||
      !isCents(i.priceCents) ||
      !(i.promoPriceCents === null || isCents(i.promoPriceCents)) ||
      typeof i.isOnPromotion !== 'boolean' ||
      !(i.image === null || typeof i.image === 'string') ||
      !Number.isInteger(i.quantity) ||
      (i.quantity as number) < 1
    ) {
      throw new Error(`saved cart item ${index} is malformed`);
    }
    return {
      id: cartItemId(i.productId),
      productId: i.productId,
      name: i.name,
      priceCents: i.priceCents,
      promoPriceCents: i.promoPriceCents,
      isOnPromotion: i.isOnPromotion,
      image: i.image,
      quantity: i.quantity as number,
      ...(typeof i.biocideType === 'string' ? { biocideType: i.biocideType } : {}),
      ...(isCents(i.referencePriceCents) ? { referencePriceCents: i.referencePriceCents } : {}),
      ...(i.professionalOnly === true ? { professionalOnly: true } : {}),
    };
  });
}

/**
 * The most of one product the cart may hold: its counted stock (none when out of stock or off sale),
 * else the order's own line limit. Unknown stock (not loaded yet) is the line limit: the server
 * decides at checkout anyway.
 */
export function quantityCap(
  product: { isAvailable: boolean; infiniteStock: boolean; stockQuantity: number | null } | undefined,
): number {
  if (!product || product.infiniteStock) return MAX_LINE_QUANTITY;
  if (!product.isAvailable) return 0;
  return Math.max(0, Math.min(product.stockQuantity ?? 0, MAX_LINE_QUANTITY));
}
