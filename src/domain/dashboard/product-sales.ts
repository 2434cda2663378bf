import type { OrderState } from '../orders/decider.js';
import { countsAsRevenue } from './revenue.js';

/**
 * What one order adds to the daily product sales (best sellers, revenue by category): nothing unless
 * the order counts as revenue (revenue.ts), else each line with a product, net of what refunds took
 * back of it (quantity and amount), merged by (product, title) and sorted so that concurrent orders
 * touch the aggregate's rows in the same order. A refund of the delivery or of a plain amount (a
 * gesture) is tied to no product: it lowers the order's revenue, not a product's.
 */
export interface ProductSale {
  productId: string;
  title: string;
  quantity: number;
  revenueCents: number;
}

export function productSales(order: OrderState | null): ProductSale[] {
  if (!order || order.deleted || !countsAsRevenue(order)) return [];
  const refunded = new Map<string, { quantity: number; cents: number }>();
  for (const refund of order.ledger.refunds) {
    for (const line of refund.lines) {
      const sum = refunded.get(line.itemId) ?? { quantity: 0, cents: 0 };
      refunded.set(line.itemId, {
        quantity: sum.quantity + line.quantity,
        cents: sum.cents + line.amountCents,
      });
    }
  }
  const merged = new Map<string, ProductSale>();
  for (const line of order.lines) {
    if (!line.productId) continue;
    const back = refunded.get(line.itemId) ?? { quantity: 0, cents: 0 };
    const key = `${line.productId}\u0000${line.title}`;
    const sale = merged.get(key) ?? {
      productId: line.productId,
      title: line.title,
      quantity: 0,
      revenueCents: 0,
    };
    sale.quantity += line.quantity - back.quantity;
    sale.revenueCents += line.totalPriceCents - back.cents;
    merged.set(key, sale);
  }
  return [...merged.values()].sort(compareSales);
}

/** What an event changes: the order's sales after it, less those before (entries that change only). */
export function productSalesChange(before: OrderState | null, after: OrderState | null): ProductSale[] {
  // Nothing productSales reads changed (a status change that keeps the order in or out of revenue,
  // a note, a document): no sale changed. Every order command asks this before its append.
  if (
    before &&
    after &&
    before.lines === after.lines &&
    before.ledger.refunds === after.ledger.refunds &&
    before.deleted === after.deleted &&
    countsAsRevenue(before) === countsAsRevenue(after)
  )
    return [];
  const out = new Map<string, ProductSale>();
  const add = (sales: ProductSale[], sign: 1 | -1) => {
    for (const sale of sales) {
      const key = `${sale.productId}\u0000${sale.title}`;
      const entry = out.get(key) ?? { ...sale, quantity: 0, revenueCents: 0 };
      entry.quantity += sign * sale.quantity;
      entry.revenueCents += sign * sale.revenueCents;
      out.set(key, entry);
    }
  };
  add(productSales(after), 1);
  add(productSales(before), -1);
  return [...out.values()].filter((s) => s.quantity !== 0 || s.revenueCents !== 0).sort(compareSales);
}

const compareSales = (a: ProductSale, b: ProductSale) =>
  a.productId === b.productId
    ? a.title < b.title
      ? -1
      : a.title > b.title
        ? 1
        : 0
    : a.productId < b.productId
      ? -1
      : 1;
