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
