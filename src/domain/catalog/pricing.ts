/** Price rule and stock label of the spec (visitor-site.md §4 and §5). Amounts are integer cents. */
import { discountForbidden } from './discount-ban.js';

export interface Priced {
  priceCents: number;
  promoPriceCents: number | null;
  isOnPromotion: boolean;
  /** The biocide type: TP14 and TP18 are never discounted (C. env. L522-18). */
  biocideType?: string | null;
  /**
   * The lowest price charged in the 30 days before the promotion started (C. conso L112-1-1),
   * computed by the server; the struck price. Null or absent: the regular price.
   */
  referencePriceCents?: number | null;
}

/** The price a reduction is announced against: the 30-day reference when there is one. */
export const struckPriceCents = (product: Priced): number =>
  product.referencePriceCents ?? product.priceCents;

/**
 * The promo price applies only if the product is on promotion, has a promo price, it is lower than
 * the regular price and than the 30-day reference (L112-1-1), and the product may be discounted at
 * all (no TP14 or TP18: C. env. L522-18, R522-16-1).
 */
export function promoApplies(product: Priced): boolean {
  return (
    product.isOnPromotion &&
    product.promoPriceCents !== null &&
    product.promoPriceCents < product.priceCents &&
    product.promoPriceCents < struckPriceCents(product) &&
    !discountForbidden(product.biocideType)
  );
}

/** What one unit costs the shopper today. */
export function effectivePriceCents(product: Priced): number {
  return promoApplies(product) ? (product.promoPriceCents as number) : product.priceCents;
}

/** The default low-stock threshold; the shop sets its own (Paramètres › Notifications). */
export const LOW_STOCK_THRESHOLD = 5;

export interface Stocked {
  isAvailable: boolean;
  infiniteStock: boolean;
  stockQuantity: number | null;
}

export type StockLabel = 'Rupture de stock' | 'Stock limité' | 'En stock';

/** « Stock limité » at or under the shop's low-stock threshold (the setting), else the default. */
export function stockLabel(product: Stocked, lowStockThreshold: number = LOW_STOCK_THRESHOLD): StockLabel {
  if (!product.isAvailable) return 'Rupture de stock';
  if (product.infiniteStock) return 'En stock';
  if (product.stockQuantity === null || product.stockQuantity <= 0) return 'Rupture de stock';
  if (product.stockQuantity <= lowStockThreshold) return 'Stock limité';
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

/** The price before VAT of a price that includes it: the price less its included VAT (one rounding). */
export const excludedTaxCents = (totalCents: number, rate: number): number =>
  totalCents - includedTaxCents(totalCents, rate);

/** Cents as a machine-readable decimal, « 12.90 »: Factur-X amounts and schema.org prices. */
export const decimalEuros = (cents: number): string => (cents / 100).toFixed(2);

/** A VAT rate as documents and screens print it: « 5,5 % ». */
export const formatVatRate = (rate: number): string => `${String(rate).replace('.', ',')} %`;

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

/** The units a net quantity is given in (pre-packed goods). */
export const NET_UNITS = {
  ml: { label: 'ml', base: 'l', factor: 0.001 },
  l: { label: 'l', base: 'l', factor: 1 },
  g: { label: 'g', base: 'kg', factor: 0.001 },
  kg: { label: 'kg', base: 'kg', factor: 1 },
  piece: { label: 'pièce', base: 'pièce', factor: 1 },
} as const;
export type NetUnit = keyof typeof NET_UNITS;
export const NET_UNIT_CODES = Object.keys(NET_UNITS) as NetUnit[];
export const isNetUnit = (v: unknown): v is NetUnit => typeof v === 'string' && Object.hasOwn(NET_UNITS, v);

/**
 * The price per litre, kilogram or piece of a pre-packed product (C. conso L112-1, arrêté of
 * 3 December 1987 art. 4): the price paid today divided by the net quantity in the base unit.
 * Null when no net quantity is set.
 */
export function unitPrice(
  product: Priced & { netQuantity: number | null; netUnit: string | null },
): { cents: number; unit: string } | null {
  const { netQuantity, netUnit } = product;
  if (!netQuantity || netQuantity <= 0 || !isNetUnit(netUnit)) return null;
  const unit = NET_UNITS[netUnit];
  return { cents: Math.round(effectivePriceCents(product) / (netQuantity * unit.factor)), unit: unit.base };
}

/** "12,45 € / l" */
export const formatUnitPrice = (u: { cents: number; unit: string }) => `${formatEuros(u.cents)} / ${u.unit}`;

/** One row of a product's price history: from `at`, the shopper paid `effectivePriceCents`. */
export interface PricePoint {
  at: Date;
  effectivePriceCents: number;
}

export const REFERENCE_PERIOD_DAYS = 30;

/**
 * C. conso L112-1-1 (Omnibus directive 2019/2161): a reduction is announced against the lowest
 * price charged in the 30 days before it. `history` is every change of the price charged, any
 * order; the price in force when the window opens counts, as does each one set inside it, up to
 * (not including) the start of the reduction. `regularPriceCents` is the regular price as the
 * reduction starts: a reference is never above it. No history: the regular price.
 */
export function referencePriceCents(
  history: readonly PricePoint[],
  promotionStart: Date,
  regularPriceCents: number,
  days: number = REFERENCE_PERIOD_DAYS,
): number {
  const windowStart = promotionStart.getTime() - days * 24 * 60 * 60 * 1000;
  const before = [...history]
    .filter((p) => p.at.getTime() < promotionStart.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let inForceAtOpening: PricePoint | undefined;
  const inside: number[] = [];
  for (const point of before) {
    if (point.at.getTime() <= windowStart) inForceAtOpening = point;
    else inside.push(point.effectivePriceCents);
  }
  const charged = inForceAtOpening ? [inForceAtOpening.effectivePriceCents, ...inside] : inside;
  return Math.min(regularPriceCents, ...charged);
}
