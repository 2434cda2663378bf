/**
 * The last order saved in the browser after checkout (visitor-site.md §3): orderNumber, items,
 * total, customer. /confirmation reads it once, then deletes it. Amounts are the server's.
 */
import type { CheckoutFields } from '@/domain/checkout/fields';
export const LAST_ORDER_STORAGE_KEY = 'lastOrder';

export interface LastOrder {
  orderNumber: string;
  items: {
    productId: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    totalPriceCents: number;
  }[];
  /** Total in cents. */
  total: number;
  /** The server's amounts (absent from orders saved before the shop settings existed). */
  subtotalCents?: number;
  shippingCostCents?: number;
  taxCents?: number;
  customer: CheckoutFields;
  /** The signed order page's token (/commande/{token}), where the withdrawal function is. */
  orderToken?: string;
}

export function saveLastOrder(order: LastOrder) {
  localStorage.setItem(LAST_ORDER_STORAGE_KEY, JSON.stringify(order));
}

/** The saved order, or null when there is none; throws when it cannot be read. */
export function readLastOrder(): LastOrder | null {
  const raw = localStorage.getItem(LAST_ORDER_STORAGE_KEY);
  if (raw === null) return null;
  const data = JSON.parse(raw) as Partial<LastOrder> | null;
  if (
    !data ||
    typeof data.orderNumber !== 'string' ||
    !Array.isArray(data.items) ||
    typeof data.total !== 'number' ||
    !data.customer ||
    typeof data.customer.email !== 'string'
  ) {
    throw new Error('saved order is malformed');
  }
  return data as LastOrder;
}

/** The saved order, or null when there is none or it cannot be read (logged). */
export function loadSavedOrder(): LastOrder | null {
  try {
    return readLastOrder();
  } catch (e) {
    console.error('Error reading the last order from localStorage:', e);
    return null;
  }
}

export function deleteLastOrder() {
  localStorage.removeItem(LAST_ORDER_STORAGE_KEY);
}
