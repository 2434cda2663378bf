/** Price rule and stock label of the spec (visitor-site.md §4 and §5). Amounts are integer cents. */

export interface Priced {
  priceCents: number;
  promoPriceCents: number | null;
  isOnPromotion: boolean;
}

/** The promo price applies only if the product is on promotion, has a promo price, and it is lower. */
export function promoApplies(product: Priced): boolean {
  return (
    product.isOnPromotion && product.promoPriceCents !== null && product.promoPriceCents < product.priceCents
  );
}

/** What one unit costs the shopper today. */
export function effectivePriceCents(product: Priced): number {
  return promoApplies(product) ? (product.promoPriceCents as number) : product.priceCents;
}

export const LOW_STOCK_THRESHOLD = 5;

export interface Stocked {
  isAvailable: boolean;
  infiniteStock: boolean;
  stockQuantity: number | null;
}

export type StockLabel = 'Rupture de stock' | 'Stock limité' | 'En stock';

export function stockLabel(product: Stocked): StockLabel {
  if (!product.isAvailable) return 'Rupture de stock';
  if (product.infiniteStock) return 'En stock';
  if (product.stockQuantity === null || product.stockQuantity <= 0) return 'Rupture de stock';
  if (product.stockQuantity <= LOW_STOCK_THRESHOLD) return 'Stock limité';
  return 'En stock';
}

export const isOutOfStock = (product: Stocked) => stockLabel(product) === 'Rupture de stock';

/** Formats cents as the spec's euro amounts with two decimals, French style: "12,90 €". */
export function formatEuros(cents: number): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** The Commerce settings as the pricing rules read them (amounts in cents, VAT in percent). */
export interface DeliveryRules {
  shippingEnabled: boolean;
  defaultShippingCostCents: number;
  freeShippingThresholdCents: number;
  taxRate: number;
}

export type DeliveryChoice = 'delivery' | 'pickup';

/**
 * What delivery costs: the default shipping cost below the free-shipping threshold, nothing from it;
 * pickup is free. Delivery when it is switched off has no price: the server refuses it.
 */
export function shippingCostCents(
  subtotalCents: number,
  method: DeliveryChoice,
  rules: DeliveryRules,
): number {
  if (method === 'pickup') return 0;
  return subtotalCents >= rules.freeShippingThresholdCents ? 0 : rules.defaultShippingCostCents;
}

/** The VAT included in a price that includes it, at `rate` percent, to the cent. */
export const includedTaxCents = (totalCents: number, rate: number): number =>
  Math.round((totalCents * rate) / (100 + rate));

export interface OrderAmounts {
  subtotalCents: number;
  shippingCostCents: number;
  /** The VAT included in the total (prices and delivery are VAT-inclusive). */
  taxCents: number;
  totalAmountCents: number;
}

/** The one pricing of an order: the cart shows it, the server records it in OrderPlaced. */
export function orderAmounts(
  subtotalCents: number,
  method: DeliveryChoice,
  rules: DeliveryRules,
): OrderAmounts {
  const shipping = shippingCostCents(subtotalCents, method, rules);
  const total = subtotalCents + shipping;
  return {
    subtotalCents,
    shippingCostCents: shipping,
    taxCents: includedTaxCents(total, rules.taxRate),
    totalAmountCents: total,
  };
}

/** A delivery cost as the shop shows it: 'Gratuite' when zero. */
export const formatShipping = (cents: number): string => (cents === 0 ? 'Gratuite' : formatEuros(cents));
