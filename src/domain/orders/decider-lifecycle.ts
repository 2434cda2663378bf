/**
 * The order's lifecycle in the decider (issue 34: the decider split by capability): placing an
 * order, changing its status, deleting it, an internal note, and how those events fold into the
 * order and move stock. One decide function per command; decider.ts dispatches.
 */

import { certificateRefusal, PROFESSIONAL_ONLY_MESSAGES } from '../catalog/certibiocide.js';
import { effectivePriceCents, orderAmounts } from '../catalog/pricing.js';
import { DELIVERY_METHODS, MISSING_FIELDS_MESSAGE, requiredFields } from '../checkout/fields.js';
import {
  DUPLICATE_LINE_MESSAGE,
  exceedsQuantityCap,
  QUANTITY_CAP_MESSAGE,
  repeatedProduct,
} from '../checkout/lines.js';
import { checkoutFormSchema } from '../checkout/schema.js';
import { checkShownTotal } from '../checkout/total-check.js';
import {
  MAX_CART_LINES,
  NOTES_MAX,
  ORDER_TOTAL_MAX_CENTS,
  ORDER_TOTAL_MAX_MESSAGE,
} from '../common/limits.js';
import { DomainError } from '../errors.js';
import type { EvolvingEvent, OrderCommand, OrderState, ProductSnapshot } from './decider.js';
import { outstandingLines, refuseCancelWhilePaid } from './decider-money.js';
import type { CustomerDetails, DeliveryMethod, OrderEvent, OrderLine, Shipment } from './events.js';
import { EMPTY_LEDGER } from './money.js';
import { isOrderStatus } from './status.js';
import {
  STATUS_REASON_MESSAGE,
  STATUS_REASON_TOO_LONG,
  statusTransition,
  stockMoveOf,
} from './transitions.js';

export const DELIVERY_DISABLED_MESSAGE =
  "La livraison à domicile n'est pas proposée pour le moment : choisissez le retrait en boutique.";

/**
 * Third probe, finding 7: a deleted order's payments could be neither cancelled nor refunded. An
 * order that received money keeps it in the till's journal (CGI art. 286 I 3° bis): it is cancelled
 * and refunded, never deleted, even once its payment was cancelled (the entries stay readable).
 */
export const PAID_DELETE_MESSAGE =
  'Cette commande a reçu un paiement : elle ne peut pas être supprimée. Annulez-la et remboursez-la.';
/** Refusal of deleting an invoiced order (CGI art. 289: an invoice is never deleted). */
export const INVOICED_DELETE_MESSAGE =
  'Cette commande a une facture : elle ne peut pas être supprimée. Annulez-la, un avoir sera émis.';

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

/** PlaceOrder: the lines priced from the products locked, the customer checked, the shown total checked. */
export function decidePlaceOrder(command: Extract<OrderCommand, { type: 'PlaceOrder' }>): OrderEvent[] {
  const customer = validateCustomer(command.customer, command.deliveryMethod);
  if (command.deliveryMethod === 'delivery' && !command.delivery.shippingEnabled) {
    throw new DomainError('invalid', 'DELIVERY_DISABLED', DELIVERY_DISABLED_MESSAGE);
  }
  if (command.lines.length === 0) throw new DomainError('invalid', 'EMPTY_ORDER', 'Votre panier est vide');
  if (command.lines.length > MAX_CART_LINES) throw invalid('trop de lignes');
  for (const line of command.lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw invalid('quantité invalide');
  }
  const repeated = repeatedProduct(command.lines);
  if (repeated) {
    throw new DomainError('invalid', 'DUPLICATE_LINE', DUPLICATE_LINE_MESSAGE, { productId: repeated });
  }
  if (command.itemIds.length < command.lines.length) throw new Error('PlaceOrder needs one item id per line');
  const products = new Map(command.products.map((p) => [p.id, p]));
  const lines: OrderLine[] = [];
  for (const { productId, quantity } of command.lines) {
    const product = products.get(productId);
    if (!product?.isAvailable || !product.isVisibleInShop) {
      throw new DomainError(
        'conflict',
        'PRODUCT_UNAVAILABLE',
        `Le produit « ${product?.title ?? productId} » n'est plus disponible.`,
        { productId },
      );
    }
    if (exceedsQuantityCap(quantity)) {
      throw new DomainError('invalid', 'QUANTITY_CAP', `${QUANTITY_CAP_MESSAGE} (« ${product.title} »)`, {
        productId,
      });
    }
    if (!product.infiniteStock && product.stockQuantity < quantity) {
      throw new DomainError('conflict', 'STOCK_SHORT', `Stock insuffisant pour « ${product.title} »`, {
        productId,
        available: Math.max(0, product.stockQuantity),
      });
    }
    if (product.professionalOnly) {
      // Arrêté of 9 October 2013: sold only to the holder of a valid Certibiocide of the category.
      const refusal = certificateRefusal(
        command.buyer ?? { signedIn: false, business: false, certificate: null },
        product.certibiocideCategory ?? null,
        command.today ?? '9999-12-31',
      );
      if (refusal) {
        throw new DomainError('forbidden', 'CERTIBIOCIDE_REQUIRED', PROFESSIONAL_ONLY_MESSAGES[refusal], {
          productId,
          reason: refusal,
        });
      }
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
      ...(product.biocideType ? { biocideType: product.biocideType } : {}),
      ...(product.professionalOnly ? { professionalOnly: true } : {}),
    });
  }
  // The sales register needs the certificate of a professional-only sale: copied onto the event,
  // and only then (nothing more of the buyer's profile goes into the log).
  const certificate =
    lines.some((l) => l.professionalOnly) && command.buyer?.certificate ? command.buyer.certificate : null;
  const notes = command.notes?.trim() || null;
  if (notes && notes.length > NOTES_MAX) throw invalid('les notes sont trop longues');
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalPriceCents, 0);
  // Prices include VAT; delivery follows the shop's Commerce settings (the cart shows the same).
  const { shippingCostCents, taxCents, totalAmountCents } = orderAmounts(
    subtotalCents,
    command.deliveryMethod,
    command.delivery,
  );
  if (totalAmountCents > ORDER_TOTAL_MAX_CENTS) {
    throw new DomainError('invalid', 'ORDER_TOTAL_TOO_HIGH', ORDER_TOTAL_MAX_MESSAGE, {
      totalAmountCents,
    });
  }
  checkShownTotal(command.shownTotal, { subtotalCents, shippingCostCents, taxCents, totalAmountCents });
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderNumber: command.orderNumber,
        customerId: command.customerId,
        ...(command.cgvVersion ? { cgvVersion: command.cgvVersion } : {}),
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
        ...(certificate ? { certibiocide: certificate } : {}),
        taxRate: command.delivery.taxRate,
        ...(command.business ? { business: command.business } : {}),
      },
    },
  ];
}

export const SHIPMENT_FIELD_MAX = 100;

/** Trimmed carrier and tracking number; undefined when neither is given. Too long: refused. */
export function cleanShipment(shipment: Shipment | undefined): Shipment | undefined {
  const carrier = shipment?.carrier?.trim() ?? '';
  const trackingNumber = shipment?.trackingNumber?.trim() ?? '';
  if (carrier.length > SHIPMENT_FIELD_MAX || trackingNumber.length > SHIPMENT_FIELD_MAX) {
    throw new DomainError(
      'invalid',
      'SHIPMENT_TOO_LONG',
      `Le transporteur et le numéro de suivi font ${SHIPMENT_FIELD_MAX} caractères au plus.`,
    );
  }
  if (!carrier && !trackingNumber) return undefined;
  return { ...(carrier ? { carrier } : {}), ...(trackingNumber ? { trackingNumber } : {}) };
}

/** SetStatus: a transition of the table (domain/orders/transitions.ts), with its reason and stock. */
export function decideSetStatus(
  command: Extract<OrderCommand, { type: 'SetStatus' }>,
  order: OrderState,
): OrderEvent[] {
  if (!isOrderStatus(command.status)) {
    throw new DomainError('invalid', 'UNKNOWN_STATUS', `Statut inconnu : « ${command.status} »`);
  }
  if (command.status === order.status) return [];
  const rule = statusTransition(order.status, command.status);
  if (!rule.allowed) throw new DomainError('conflict', 'STATUS_TRANSITION_REFUSED', rule.message);
  const reason = command.reason?.trim() || null;
  if (rule.needsReason && !reason)
    throw new DomainError('invalid', 'STATUS_REASON_REQUIRED', STATUS_REASON_MESSAGE);
  if (reason && reason.length > NOTES_MAX)
    throw new DomainError('invalid', 'STATUS_REASON_TOO_LONG', STATUS_REASON_TOO_LONG);
  if (command.status === 'cancelled') refuseCancelWhilePaid(order);
  if (rule.stock === 'take') {
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
  const shipment = command.status === 'shipped' ? cleanShipment(command.shipment) : undefined;
  return [
    {
      type: 'OrderStatusChanged',
      data: {
        from: order.status,
        to: command.status,
        ...(reason ? { reason } : {}),
        ...(shipment ? { shipment } : {}),
      },
    },
  ];
}

/** DeleteOrder: never a paid or invoiced order (cancelled and refunded instead). */
export function decideDeleteOrder(
  command: Extract<OrderCommand, { type: 'DeleteOrder' }>,
  order: OrderState,
): OrderEvent[] {
  if (order.invoice) throw new DomainError('conflict', 'ORDER_INVOICED', INVOICED_DELETE_MESSAGE);
  if (order.ledger.payments.length > 0) throw new DomainError('conflict', 'ORDER_PAID', PAID_DELETE_MESSAGE);
  const reason = command.reason?.trim() || null;
  if (reason && reason.length > NOTES_MAX) throw invalid('le motif est trop long');
  return [{ type: 'OrderDeleted', data: { reason } }];
}

/** AddNote: an internal note, on any order that exists. */
export function decideAddNote(
  command: Extract<OrderCommand, { type: 'AddNote' }>,
  state: OrderState | null,
): OrderEvent[] {
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

/** OrderPlaced: the order as placed. */
export function evolvePlaced(event: Extract<EvolvingEvent, { type: 'OrderPlaced' }>): OrderState {
  const at = event.metadata.at;
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
    paymentStatus: 'pending',
    ledger: EMPTY_LEDGER,
    paidCents: 0,
    refundedCents: 0,
    ...(d.cgvVersion ? { cgvVersion: d.cgvVersion } : {}),
    deliveredAt: null,
    withdrawal: null,
    ...(d.taxRate !== undefined ? { taxRate: d.taxRate } : {}),
    ...(d.business ? { business: d.business } : {}),
    deleted: false,
    deletedReason: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** OrderStatusChanged, OrderNoteAdded, OrderDeleted on an existing order. */
export function evolveLifecycle(
  state: OrderState,
  event: Extract<EvolvingEvent, { type: 'OrderStatusChanged' | 'OrderNoteAdded' | 'OrderDeleted' }>,
): OrderState {
  const at = event.metadata.at;
  switch (event.type) {
    case 'OrderStatusChanged':
      // The ledger is unchanged, and so are the figures derived from it (moneySummary's status,
      // paid and refunded amounts do not depend on the order's status): nothing to recompute.
      return {
        ...state,
        status: event.data.to,
        // The first "delivered" starts the withdrawal period (withdrawal.ts).
        deliveredAt: state.deliveredAt ?? (event.data.to === 'delivered' ? at : null),
        version: event.version,
        updatedAt: at,
      };
    case 'OrderNoteAdded':
      // An internal note changes nothing the order shows: only its version moves.
      return { ...state, version: event.version };
    case 'OrderDeleted':
      return {
        ...state,
        deleted: true,
        deletedReason: event.data.reason,
        version: event.version,
        updatedAt: at,
      };
  }
}

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
    // Lines a refund already put back are out of the order's stock: cancelling gives back the rest.
    const outstanding = outstandingLines(before);
    const move = stockMoveOf(event.data.from, event.data.to);
    if (move === 'return') return lines(1, outstanding);
    if (move === 'take') return lines(-1, outstanding);
  }
  if (event.type === 'RefundRecorded' && before && event.data.restock) {
    const byItem = new Map(before.lines.map((line) => [line.itemId, line]));
    return lines(
      1,
      event.data.lines.flatMap((r) => {
        const line = byItem.get(r.itemId);
        return line ? [{ ...line, quantity: r.quantity }] : [];
      }),
    );
  }
  return [];
}

/** Product ids whose stock a command on this order may move (to lock them before deciding). */
export const stockProductIds = (state: OrderState | null): string[] =>
  state ? [...new Set(state.lines.filter((l) => l.stockTracked).map((l) => l.productId))].sort() : [];
