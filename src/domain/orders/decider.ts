/**
 * The order decider: `decide(command, state)` returns the events a command causes (or throws a
 * typed error), `evolve(state, event)` folds one event into the state. Both are pure: products,
 * stock, ids and the order number are loaded or chosen before deciding and passed in, because a
 * version conflict re-runs the decision on fresh data.
 */
import { type DeliveryRules, effectivePriceCents, orderAmounts } from '../catalog/pricing.js';
import { DELIVERY_METHODS, MISSING_FIELDS_MESSAGE, requiredFields } from '../checkout/fields.js';
import { checkoutFormSchema } from '../checkout/schema.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, NOTES_MAX } from '../common/limits.js';
import { DomainError } from '../errors.js';
import type { BusinessCustomer } from '../invoices/business.js';
import type {
  CustomerDetails,
  DeliveryMethod,
  EventMetadata,
  OrderEvent,
  OrderLine,
  OrderPlacedData,
} from './events.js';
import { isOrderStatus, isPaymentStatus } from './status.js';

/** What the decider needs to know about a product, read in the command's transaction. */
export interface ProductSnapshot {
  id: string;
  title: string;
  image: string | null;
  priceCents: number;
  promoPriceCents: number | null;
  isOnPromotion: boolean;
  isAvailable: boolean;
  isVisibleInShop: boolean;
  infiniteStock: boolean;
  stockQuantity: number;
}

/** An order as folded from its events: what OrderPlaced said, as later events changed it. */
export interface OrderState extends OrderPlacedData {
  id: string;
  version: number;
  deleted: boolean;
  deletedReason: string | null;
  createdAt: string;
  updatedAt: string;
  /** The order's invoice once issued (set by InvoiceIssued only, so older states compare equal). */
  invoice?: { number: string; issuedAt: string; totalInclCents: number };
  /** What its credit notes gave back so far, VAT included. */
  creditedCents?: number;
}

/** Refusal of deleting an invoiced order (CGI art. 289: an invoice is never deleted). */
export const INVOICED_DELETE_MESSAGE =
  'Cette commande a une facture : elle ne peut pas être supprimée. Annulez-la, un avoir sera émis.';

export type OrderCommand =
  | {
      type: 'PlaceOrder';
      orderNumber: string;
      customerId: string | null;
      customer: CustomerDetails;
      deliveryMethod: DeliveryMethod;
      lines: { productId: string; quantity: number }[];
      notes?: string | null;
      /** The products of the lines, as locked in the transaction (missing: unknown product). */
      products: ProductSnapshot[];
      /** Fresh ids for the order_items rows, at least one per line. */
      itemIds: string[];
      /** The shop's Commerce settings as read in the command's transaction. */
      delivery: DeliveryRules;
      /** A business buyer, already parsed by businessCustomerSchema. */
      business?: BusinessCustomer | null;
    }
  | {
      type: 'SetStatus';
      status: string;
      /** Current stock of the order's products: needed when leaving "cancelled". */
      products: ProductSnapshot[];
    }
  | { type: 'SetPaymentStatus'; paymentStatus: string }
  | { type: 'DeleteOrder'; reason?: string | null }
  | { type: 'AddNote'; note: string };

/** An event with what evolve needs from the store. */
export type EvolvingEvent = OrderEvent & {
  streamId: string;
  version: number;
  metadata: Pick<EventMetadata, 'at'>;
};

export const DELIVERY_DISABLED_MESSAGE =
  "La livraison à domicile n'est pas proposée pour le moment : choisissez le retrait en boutique.";

const invalid = (detail: string) =>
  new DomainError('invalid', 'INVALID_ORDER', `Données de commande invalides: ${detail}`);

/**
 * The customer details as the checkout form's own schema checks them (one rule for the form, the
 * procedure and the decider): required fields first, with the spec's notice, then the formats. The
 * phone comes back normalised (E.164), as it is recorded.
 */
function validateCustomer(
  input: CustomerDetails | undefined,
  deliveryMethod: DeliveryMethod,
): CustomerDetails {
  if (!(DELIVERY_METHODS as readonly string[]).includes(deliveryMethod)) {
    throw invalid('mode de livraison inconnu');
  }
  const customer = (input ?? {}) as Partial<Record<keyof CustomerDetails, unknown>>;
  const text = (value: unknown) => String(value ?? '').trim();
  const form = {
    firstName: text(customer.firstName),
    lastName: text(customer.lastName),
    email: text(customer.email),
    phone: text(customer.phone),
    address: text(customer.address),
    city: text(customer.city),
    zipCode: text(customer.zipCode),
    deliveryMethod,
  };
  const missing = requiredFields(deliveryMethod).filter((field) => form[field] === '');
  if (missing.length > 0) {
    throw new DomainError('invalid', 'MISSING_FIELDS', MISSING_FIELDS_MESSAGE, { fields: missing });
  }
  const parsed = checkoutFormSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(`${issue?.message ?? 'formulaire invalide'}`.toLocaleLowerCase('fr-FR'));
  }
  const { deliveryMethod: _method, ...details } = parsed.data;
  return details;
}

function placeOrder(command: Extract<OrderCommand, { type: 'PlaceOrder' }>): OrderEvent[] {
  const customer = validateCustomer(command.customer, command.deliveryMethod);
  if (command.deliveryMethod === 'delivery' && !command.delivery.shippingEnabled) {
    throw new DomainError('invalid', 'DELIVERY_DISABLED', DELIVERY_DISABLED_MESSAGE);
  }
  if (command.lines.length === 0) throw new DomainError('invalid', 'EMPTY_ORDER', 'Votre panier est vide');
  if (command.lines.length > MAX_CART_LINES) throw invalid('trop de lignes');
  // The same product twice in a cart counts as one line with the summed quantity.
  const merged = new Map<string, number>();
  for (const line of command.lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw invalid('quantité invalide');
    merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  }
  if (command.itemIds.length < merged.size) throw new Error('PlaceOrder needs one item id per line');
  const products = new Map(command.products.map((p) => [p.id, p]));
  const lines: OrderLine[] = [];
  for (const [productId, quantity] of merged) {
    const product = products.get(productId);
    if (!product?.isAvailable || !product.isVisibleInShop) {
      throw new DomainError(
        'conflict',
        'PRODUCT_UNAVAILABLE',
        `Le produit « ${product?.title ?? productId} » n'est plus disponible.`,
        { productId },
      );
    }
    if (quantity > MAX_LINE_QUANTITY) throw invalid(`quantité trop grande pour « ${product.title} »`);
    if (!product.infiniteStock && product.stockQuantity < quantity) {
      throw new DomainError('conflict', 'STOCK_SHORT', `Stock insuffisant pour « ${product.title} »`, {
        productId,
        available: Math.max(0, product.stockQuantity),
      });
    }
    const unitPriceCents = effectivePriceCents(product);
    lines.push({
      itemId: command.itemIds[lines.length] as string,
      productId,
      title: product.title,
      image: product.image,
      quantity,
      unitPriceCents,
      totalPriceCents: unitPriceCents * quantity,
      stockTracked: !product.infiniteStock,
    });
  }
  const notes = command.notes?.trim() || null;
  if (notes && notes.length > NOTES_MAX) throw invalid('les notes sont trop longues');
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalPriceCents, 0);
  // Prices include VAT; delivery follows the shop's Commerce settings (the cart shows the same).
  const { shippingCostCents, taxCents, totalAmountCents } = orderAmounts(
    subtotalCents,
    command.deliveryMethod,
    command.delivery,
  );
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderNumber: command.orderNumber,
        customerId: command.customerId,
        customer,
        deliveryMethod: command.deliveryMethod,
        lines,
        subtotalCents,
        shippingCostCents,
        taxCents,
        totalAmountCents,
        notes,
        status: 'pending',
        paymentStatus: 'pending',
        taxRate: command.delivery.taxRate,
        ...(command.business ? { business: command.business } : {}),
      },
    },
  ];
}

function existing(state: OrderState | null): OrderState {
  if (!state) throw new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.');
  if (state.deleted) throw new DomainError('conflict', 'ORDER_DELETED', 'Cette commande a été supprimée.');
  return state;
}

export function decide(command: OrderCommand, state: OrderState | null): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      if (state) throw new DomainError('conflict', 'ORDER_EXISTS', 'Cette commande existe déjà.');
      return placeOrder(command);
    case 'SetStatus': {
      const order = existing(state);
      if (!isOrderStatus(command.status)) {
        throw new DomainError('invalid', 'UNKNOWN_STATUS', `Statut inconnu : « ${command.status} »`);
      }
      if (command.status === order.status) return [];
      if (order.status === 'cancelled') {
        // Leaving "cancelled" takes the stock again: refused when a line is short.
        const products = new Map(command.products.map((p) => [p.id, p]));
        for (const line of order.lines) {
          const product = products.get(line.productId);
          if (!line.stockTracked || !product || product.infiniteStock) continue;
          if (product.stockQuantity < line.quantity) {
            throw new DomainError('conflict', 'STOCK_SHORT', `Stock insuffisant pour « ${product.title} »`, {
              productId: product.id,
              available: Math.max(0, product.stockQuantity),
            });
          }
        }
      }
      return [{ type: 'OrderStatusChanged', data: { from: order.status, to: command.status } }];
    }
    case 'SetPaymentStatus': {
      const order = existing(state);
      if (!isPaymentStatus(command.paymentStatus)) {
        throw new DomainError(
          'invalid',
          'UNKNOWN_PAYMENT_STATUS',
          `Statut de paiement inconnu : « ${command.paymentStatus} »`,
        );
      }
      if (command.paymentStatus === order.paymentStatus) return [];
      return [
        { type: 'OrderPaymentStatusChanged', data: { from: order.paymentStatus, to: command.paymentStatus } },
      ];
    }
    case 'DeleteOrder': {
      const order = existing(state);
      if (order.invoice) throw new DomainError('conflict', 'ORDER_INVOICED', INVOICED_DELETE_MESSAGE);
      const reason = command.reason?.trim() || null;
      if (reason && reason.length > NOTES_MAX) throw invalid('le motif est trop long');
      return [{ type: 'OrderDeleted', data: { reason } }];
    }
    case 'AddNote': {
      // Notes stay on deleted orders too: the log keeps them forever, and an admin may explain.
      if (!state) throw new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.');
      const note = command.note.trim();
      if (!note) throw new DomainError('invalid', 'EMPTY_NOTE', 'La note ne peut pas être vide.');
      if (note.length > NOTES_MAX) {
        throw new DomainError(
          'invalid',
          'NOTE_TOO_LONG',
          `La note ne peut pas dépasser ${NOTES_MAX} caractères.`,
        );
      }
      return [{ type: 'OrderNoteAdded', data: { note } }];
    }
  }
}

export function evolve(state: OrderState | null, event: EvolvingEvent): OrderState | null {
  const at = event.metadata.at;
  switch (event.type) {
    case 'OrderPlaced': {
      const d = event.data;
      return {
        id: event.streamId,
        version: event.version,
        orderNumber: d.orderNumber,
        customerId: d.customerId,
        customer: d.customer,
        deliveryMethod: d.deliveryMethod,
        lines: d.lines,
        subtotalCents: d.subtotalCents,
        shippingCostCents: d.shippingCostCents,
        taxCents: d.taxCents,
        totalAmountCents: d.totalAmountCents,
        notes: d.notes,
        status: d.status,
        paymentStatus: d.paymentStatus,
        ...(d.taxRate !== undefined ? { taxRate: d.taxRate } : {}),
        ...(d.business ? { business: d.business } : {}),
        deleted: false,
        deletedReason: null,
        createdAt: at,
        updatedAt: at,
      };
    }
    case 'OrderStatusChanged':
      return state && { ...state, status: event.data.to, version: event.version, updatedAt: at };
    case 'OrderPaymentStatusChanged':
      return state && { ...state, paymentStatus: event.data.to, version: event.version, updatedAt: at };
    case 'OrderNoteAdded':
      // An internal note changes nothing the order shows: only its version moves.
      return state && { ...state, version: event.version };
    case 'InvoiceIssued': {
      const doc = event.data.document;
      return (
        state && {
          ...state,
          invoice: { number: doc.number, issuedAt: doc.issuedAt, totalInclCents: doc.totalInclCents },
          version: event.version,
        }
      );
    }
    case 'CreditNoteIssued':
      return (
        state && {
          ...state,
          creditedCents: (state.creditedCents ?? 0) + event.data.document.totalInclCents,
          version: event.version,
        }
      );
    case 'OrderDeleted':
      return (
        state && {
          ...state,
          deleted: true,
          deletedReason: event.data.reason,
          version: event.version,
          updatedAt: at,
        }
      );
  }
}

export const fold = (events: readonly EvolvingEvent[], state: OrderState | null = null): OrderState | null =>
  events.reduce<OrderState | null>(evolve, state);

/**
 * Stock each event moves, for the products that still exist with a counted stock: placing takes,
 * cancelling gives back, leaving "cancelled" takes again. Deleting moves nothing.
 */
export function stockMovements(
  before: OrderState | null,
  event: OrderEvent,
  products: readonly Pick<ProductSnapshot, 'id' | 'infiniteStock'>[],
): { productId: string; delta: number }[] {
  const counted = new Set(products.filter((p) => !p.infiniteStock).map((p) => p.id));
  const lines = (sign: number, list: readonly OrderLine[]) =>
    list
      .filter((line) => line.stockTracked && counted.has(line.productId))
      .map((line) => ({ productId: line.productId, delta: sign * line.quantity }));
  if (event.type === 'OrderPlaced') return lines(-1, event.data.lines);
  if (event.type === 'OrderStatusChanged' && before) {
    if (event.data.to === 'cancelled' && event.data.from !== 'cancelled') return lines(1, before.lines);
    if (event.data.from === 'cancelled' && event.data.to !== 'cancelled') return lines(-1, before.lines);
  }
  return [];
}

/** Product ids whose stock a command on this order may move (to lock them before deciding). */
export const stockProductIds = (state: OrderState | null): string[] =>
  state ? [...new Set(state.lines.filter((l) => l.stockTracked).map((l) => l.productId))].sort() : [];
