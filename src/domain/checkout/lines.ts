import { MAX_LINE_QUANTITY } from '../common/limits.js';

/*
 * The rules of an order's lines, one definition each, read by the checkout schema (the form and
 * `checkout.place`) and the order decider alike.
 */

/**
 * A cart lists each product once (adding it again raises its quantity, visitor-site.md §2): lines
 * naming one product twice are refused, never merged.
 */
export const DUPLICATE_LINE_MESSAGE = 'Un produit apparaît deux fois dans la commande';

/** The first product named by two lines (null: each product once). */
export function repeatedProduct(lines: readonly { productId: string }[]): string | null {
  const seen = new Set<string>();
  for (const { productId } of lines) {
    if (seen.has(productId)) return productId;
    seen.add(productId);
  }
  return null;
}

/** At most MAX_LINE_QUANTITY (99) of one product per order. */
export const QUANTITY_CAP_MESSAGE = `La quantité est limitée à ${MAX_LINE_QUANTITY}`;

export const exceedsQuantityCap = (quantity: number) => quantity > MAX_LINE_QUANTITY;
