/**
 * The order decider: `decide(command, state)` returns the events a command causes (or throws a
 * typed error), `evolve(state, event)` folds one event into the state. Both are pure: products,
 * stock, ids and the order number are loaded or chosen before deciding and passed in, because a
 * version conflict re-runs the decision on fresh data.
 */

import {
  type Certibiocide,
  certificateRefusal,
  PROFESSIONAL_ONLY_MESSAGES,
} from '../catalog/certibiocide.js';
import { type DeliveryRules, effectivePriceCents, formatEuros, orderAmounts } from '../catalog/pricing.js';
import { DELIVERY_METHODS, MISSING_FIELDS_MESSAGE, requiredFields } from '../checkout/fields.js';
import {
  DUPLICATE_LINE_MESSAGE,
  exceedsQuantityCap,
  QUANTITY_CAP_MESSAGE,
  repeatedProduct,
} from '../checkout/lines.js';
import { checkoutFormSchema } from '../checkout/schema.js';
import { checkShownTotal, type ShownTotal } from '../checkout/total-check.js';
import {
  MAX_CART_LINES,
  MONEY_NOTE_MAX,
  NOTES_MAX,
  ORDER_TOTAL_MAX_CENTS,
  ORDER_TOTAL_MAX_MESSAGE,
  PAYMENT_REFERENCE_MAX,
} from '../common/limits.js';
import { DomainError } from '../errors.js';
import type { BusinessCustomer } from '../invoices/business.js';
import { frenchDay } from '../site/dates.js';
import { buyerErased, ERASED_BUYER_PAYMENT_MESSAGE } from './erased-buyer.js';
import type {
  CustomerDetails,
  DeliveryMethod,
  EventMetadata,
  OrderEvent,
  OrderLine,
  OrderPlacedData,
  Shipment,
} from './events.js';
import {
  EMPTY_LEDGER,
  type Ledger,
  legacyLedger,
  moneySummary,
  movementVatCents,
  orderVatRate,
  PAYMENT_METHODS,
  type PaymentMethod,
  REFUND_REASONS,
  type RefundReason,
  refundAmountCents,
  refundableShippingCents,
  refundedQuantities,
  refundLineCents,
  refundTooHighMessage,
} from './money.js';
import { PAYMENT_DAY_MESSAGES, paymentDayProblem } from './payment-day.js';
import { isOrderStatus, type PaymentStatus } from './status.js';
import {
  STATUS_REASON_MESSAGE,
  STATUS_REASON_TOO_LONG,
  statusTransition,
  stockMoveOf,
} from './transitions.js';
import { WITHDRAWAL_TEXTS, type WithdrawalFacts, withdrawalWindow } from './withdrawal.js';

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
  /** Absent on snapshots of older callers: not a biocide. */
  biocideType?: string | null;
  professionalOnly?: boolean;
  certibiocideCategory?: string | null;
  referencePriceCents?: number | null;
}

/** Who buys, as far as professional-only biocides care: read from the session and the profile. */
export interface Buyer {
  signedIn: boolean;
  /** A business customer: company name and valid SIREN in the profile (isBusinessProfile). */
  business: boolean;
  certificate: Certibiocide | null;
}

/** An order as folded from its events: what OrderPlaced said, as later events changed it. */
export interface OrderState extends Omit<OrderPlacedData, 'paymentStatus'>, WithdrawalFacts {
  /** Derived from the ledger (money.ts moneySummary), never chosen. */
  paymentStatus: PaymentStatus;
  /** Payments, corrections and refunds, as the money events recorded them. */
  ledger: Ledger;
  paidCents: number;
  refundedCents: number;
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
      /** The buyer's Certibiocide, needed for a professional-only product (absent: a guest). */
      buyer?: Buyer;
      /** The Paris day of the order (YYYY-MM-DD): a certificate is valid until its last day. */
      today?: string;
      /**
       * The total the checkout showed beside its button: a different one refuses the order. null
       * only for the back-office's own orders (checkShownTotal).
       */
      shownTotal: ShownTotal | null;
      /** The version of the CGV the customer accepted (recorded in OrderPlaced). */
      cgvVersion?: string;
      /** A business buyer, already parsed by businessCustomerSchema. */
      business?: BusinessCustomer | null;
    }
  | {
      type: 'SetStatus';
      status: string;
      /** Why: required where the transition table says so (domain/orders/transitions.ts). */
      reason?: string | null;
      /** Carrier and tracking number, kept only on the change to "shipped". */
      shipment?: Shipment;
      /** Current stock of the order's products: needed when leaving "cancelled". */
      products: ProductSnapshot[];
    }
  | { type: 'DeleteOrder'; reason?: string | null }
  | { type: 'AddNote'; note: string }
  // Withdrawal (issue 26): the command carries its time, the period depends on it.
  | { type: 'RequestWithdrawal'; at: string; name: string; email: string; itemIds: string[] }
  | { type: 'RecordWithdrawalException'; itemIds: string[]; note: string | null }
  | MoneyCommand;

// --- Money commands (issue 24) -------------------------------------------------------------------

/** What every money command carries: the Paris day it is given on, and the days already closed. */
interface MoneyContext {
  /** Today's Paris day: refunds and corrections are dated on it; a payment may not be later. */
  today: string;
  /** Whether the movement's day is covered by a closure (read in the command's transaction). */
  dayClosed: boolean;
}

export type MoneyCommand =
  | (MoneyContext & {
      type: 'RecordPayment';
      paymentId: string;
      amountCents: number;
      method: string;
      /** The Paris day the money was received. */
      day: string;
      reference?: string | null;
    })
  | (MoneyContext & {
      type: 'CancelPayment';
      paymentId: string;
      cancelsPaymentId: string;
      note?: string | null;
    })
  | (MoneyContext & {
      type: 'RefundOrder';
      refundId: string;
      lines: { itemId: string; quantity: number }[];
      /** Refund what is left of the delivery cost. */
      shipping: boolean;
      extraCents: number;
      method: string;
      reason: string;
      note?: string | null;
      restock: boolean;
    })
  | (MoneyContext & {
      /** Point 3: cancel a paid order, refunding everything still paid, in one decision. */
      type: 'CancelAndRefund';
      refundId: string;
      method: string;
      note?: string | null;
    })
  | { type: 'MarkPaymentFailed'; note?: string | null };
// --- End of money commands ----------------------------------------------------------------------

/** An event with what evolve needs from the store. */
export type EvolvingEvent = OrderEvent & {
  streamId: string;
  version: number;
  metadata: Pick<EventMetadata, 'at'> & Partial<Pick<EventMetadata, 'actor'>>;
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
    case 'RecordPayment':
    case 'CancelPayment':
    case 'RefundOrder':
    case 'CancelAndRefund':
    case 'MarkPaymentFailed':
      return decideMoney(command, existing(state));
    case 'DeleteOrder': {
      const order = existing(state);
      if (order.invoice) throw new DomainError('conflict', 'ORDER_INVOICED', INVOICED_DELETE_MESSAGE);
      if (order.ledger.payments.length > 0)
        throw new DomainError('conflict', 'ORDER_PAID', PAID_DELETE_MESSAGE);
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
    case 'RequestWithdrawal':
    case 'RecordWithdrawalException':
      return decideWithdrawal(command, existing(state));
  }
}

// --- Withdrawal (issue 26), kept in one block: rules in withdrawal.ts ----------------------------

function decideWithdrawal(
  command: Extract<OrderCommand, { type: 'RequestWithdrawal' | 'RecordWithdrawalException' }>,
  order: OrderState,
): OrderEvent[] {
  const known = new Set(order.lines.map((l) => l.itemId));
  const itemIds = [...new Set(command.itemIds)];
  if (itemIds.length === 0 || itemIds.some((id) => !known.has(id))) {
    throw new DomainError('invalid', 'UNKNOWN_LINE', WITHDRAWAL_TEXTS.unknownLine);
  }
  if (command.type === 'RecordWithdrawalException') {
    if (!order.withdrawal) {
      throw new DomainError(
        'conflict',
        'NO_WITHDRAWAL',
        "Aucune rétractation n'a été demandée pour cette commande.",
      );
    }
    return [
      {
        type: 'WithdrawalExceptionRecorded',
        data: { reason: 'hygiene_seal_broken', itemIds, note: command.note?.trim() || null },
      },
    ];
  }
  const window = withdrawalWindow(order, new Date(command.at));
  if (window.kind === 'requested')
    throw new DomainError('conflict', 'WITHDRAWAL_EXISTS', WITHDRAWAL_TEXTS.already);
  if (window.kind === 'closed') {
    throw window.reason === 'expired' && window.lastDay
      ? new DomainError('conflict', 'WITHDRAWAL_EXPIRED', WITHDRAWAL_TEXTS.expired(window.lastDay))
      : new DomainError('conflict', 'WITHDRAWAL_CLOSED', WITHDRAWAL_TEXTS.cancelled);
  }
  return [{ type: 'WithdrawalRequested', data: { name: command.name, email: command.email, itemIds } }];
}

function evolveWithdrawal(
  state: OrderState,
  event: Extract<EvolvingEvent, { type: 'WithdrawalRequested' | 'WithdrawalExceptionRecorded' }>,
): OrderState {
  const at = event.metadata.at;
  if (event.type === 'WithdrawalRequested') {
    const { name, email, itemIds } = event.data;
    return {
      ...state,
      withdrawal: { requestedAt: at, name, email, itemIds, exception: null },
      version: event.version,
      updatedAt: at,
    };
  }
  return {
    ...state,
    withdrawal: state.withdrawal && { ...state.withdrawal, exception: { ...event.data, at } },
    version: event.version,
    updatedAt: at,
  };
}
// --- end of the withdrawal block ------------------------------------------------------------------

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
    case 'OrderStatusChanged':
      return (
        state &&
        withLedger(
          {
            ...state,
            status: event.data.to,
            // The first "delivered" starts the withdrawal period (withdrawal.ts).
            deliveredAt: state.deliveredAt ?? (event.data.to === 'delivered' ? at : null),
            version: event.version,
            updatedAt: at,
          },
          state.ledger,
        )
      );
    case 'OrderPaymentStatusChanged':
      // Legacy: upcast into the ledger the chosen status meant (money.ts legacyLedger).
      return (
        state &&
        withLedger(
          { ...state, version: event.version, updatedAt: at },
          legacyLedger(event.data.to, state.totalAmountCents, at, event.version),
        )
      );
    case 'PaymentRecorded':
    case 'PaymentCancelled':
    case 'RefundRecorded':
    case 'PaymentFailed':
      return (
        state &&
        withLedger({ ...state, version: event.version, updatedAt: at }, evolveLedger(state.ledger, event))
      );
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
    case 'WithdrawalRequested':
    case 'WithdrawalExceptionRecorded':
      return state && evolveWithdrawal(state, event);
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

// --- Money (issue 24): decisions and folding of the money events --------------------------------

const moneyInvalid = (code: string, message: string, details?: Record<string, unknown>) =>
  new DomainError('invalid', code, message, details);

/** The order's state with its ledger and the figures derived from it. */
function withLedger(state: OrderState, ledger: Ledger): OrderState {
  const summary = moneySummary(ledger, state.totalAmountCents, state.status === 'cancelled');
  return {
    ...state,
    ledger,
    paymentStatus: summary.status,
    paidCents: summary.paidCents,
    refundedCents: summary.refundedCents,
  };
}

function evolveLedger(
  ledger: Ledger,
  event: Extract<
    EvolvingEvent,
    { type: 'PaymentRecorded' | 'PaymentCancelled' | 'RefundRecorded' | 'PaymentFailed' }
  >,
): Ledger {
  const at = event.metadata.at;
  const actor = event.metadata.actor;
  const by = actor && 'userId' in actor ? actor.userId : null;
  switch (event.type) {
    case 'PaymentRecorded': {
      const d = event.data;
      return {
        ...ledger,
        failed: false,
        payments: [
          ...ledger.payments,
          {
            paymentId: d.paymentId,
            amountCents: d.amountCents,
            method: d.method,
            day: d.day,
            reference: d.reference,
            at,
            by,
            cancelledBy: null,
            legacy: false,
          },
        ],
      };
    }
    case 'PaymentCancelled': {
      const d = event.data;
      return {
        ...ledger,
        payments: ledger.payments.map((p) =>
          p.paymentId === d.cancelsPaymentId ? { ...p, cancelledBy: d.paymentId } : p,
        ),
        corrections: [
          ...ledger.corrections,
          {
            paymentId: d.paymentId,
            cancelsPaymentId: d.cancelsPaymentId,
            amountCents: d.amountCents,
            method: d.method,
            day: d.day,
            note: d.note,
            at,
            by,
          },
        ],
      };
    }
    case 'RefundRecorded': {
      const d = event.data;
      return {
        ...ledger,
        refunds: [
          ...ledger.refunds,
          {
            refundId: d.refundId,
            amountCents: d.amountCents,
            method: d.method,
            day: d.day,
            lines: d.lines,
            shippingCents: d.shippingCents,
            extraCents: d.extraCents,
            reason: d.reason,
            note: d.note,
            restock: d.restock,
            at,
            by,
            legacy: false,
          },
        ],
      };
    }
    case 'PaymentFailed':
      return { ...ledger, failed: true };
  }
}

/** The order's lines less the quantities a refund put back into stock. */
export function outstandingLines(order: OrderState): OrderLine[] {
  const restocked = new Map<string, number>();
  for (const refund of order.ledger.refunds) {
    if (!refund.restock) continue;
    for (const line of refund.lines)
      restocked.set(line.itemId, (restocked.get(line.itemId) ?? 0) + line.quantity);
  }
  return order.lines
    .map((line) => ({ ...line, quantity: line.quantity - (restocked.get(line.itemId) ?? 0) }))
    .filter((line) => line.quantity > 0);
}

/** Point 3: a paid order is cancelled together with its refund, never on its own. */
function refuseCancelWhilePaid(order: OrderState) {
  const { refundableCents } = moneySummary(order.ledger, order.totalAmountCents);
  if (refundableCents > 0) {
    throw new DomainError(
      'conflict',
      'REFUND_REQUIRED',
      `Cette commande a été payée : remboursez ${formatEuros(refundableCents)} pour l'annuler.`,
      { refundableCents },
    );
  }
}

function checkNote(note: string | null | undefined): string | null {
  const text = note?.trim() || null;
  if (text && text.length > MONEY_NOTE_MAX) {
    throw moneyInvalid('NOTE_TOO_LONG', `Le commentaire ne peut pas dépasser ${MONEY_NOTE_MAX} caractères.`);
  }
  return text;
}

function checkMethod(method: string): PaymentMethod {
  if (!(PAYMENT_METHODS as readonly string[]).includes(method)) {
    throw moneyInvalid('UNKNOWN_METHOD', 'Choisissez un moyen de paiement.');
  }
  return method as PaymentMethod;
}

/** Article 286 I 3° bis CGI (conservation): a closed day receives no movement. */
function checkOpenDay(command: MoneyContext, day: string) {
  if (command.dayClosed) {
    throw new DomainError(
      'conflict',
      'PERIOD_CLOSED',
      `La journée du ${frenchDay(day)} est clôturée : aucun mouvement ne peut y être enregistré. Enregistrez-le à la date du jour.`,
      { day },
    );
  }
}

function movement(order: OrderState, day: string, method: PaymentMethod, amountCents: number) {
  return {
    day,
    method,
    amountCents,
    vatRate: orderVatRate(order),
    vatCents: movementVatCents(amountCents, order),
  };
}

function decideMoney(command: MoneyCommand, order: OrderState): OrderEvent[] {
  const summary = moneySummary(order.ledger, order.totalAmountCents, order.status === 'cancelled');
  switch (command.type) {
    case 'RecordPayment': {
      const method = checkMethod(command.method);
      if (!Number.isInteger(command.amountCents) || command.amountCents <= 0) {
        throw moneyInvalid('INVALID_AMOUNT', 'Le montant doit être supérieur à 0.', { field: 'amount' });
      }
      const dayProblem = paymentDayProblem(command.day, order.createdAt, command.today);
      if (dayProblem) throw moneyInvalid('INVALID_DATE', PAYMENT_DAY_MESSAGES[dayProblem], { field: 'day' });
      if (order.status === 'cancelled') {
        throw new DomainError(
          'conflict',
          'ORDER_CANCELLED',
          'Cette commande est annulée : aucun paiement ne peut être enregistré.',
        );
      }
      if (buyerErased(order.customer)) {
        throw new DomainError('conflict', 'BUYER_ERASED', ERASED_BUYER_PAYMENT_MESSAGE);
      }
      if (command.amountCents > summary.leftCents) {
        throw moneyInvalid(
          'AMOUNT_TOO_HIGH',
          summary.leftCents === 0
            ? 'Cette commande est déjà entièrement payée.'
            : `Le montant dépasse le reste à payer (${formatEuros(summary.leftCents)}).`,
          { field: 'amount', leftCents: summary.leftCents },
        );
      }
      const reference = command.reference?.trim() || null;
      if (reference && reference.length > PAYMENT_REFERENCE_MAX) {
        throw moneyInvalid(
          'REFERENCE_TOO_LONG',
          `La référence ne peut pas dépasser ${PAYMENT_REFERENCE_MAX} caractères.`,
          {
            field: 'reference',
          },
        );
      }
      checkOpenDay(command, command.day);
      return [
        {
          type: 'PaymentRecorded',
          data: {
            paymentId: command.paymentId,
            ...movement(order, command.day, method, command.amountCents),
            reference,
          },
        },
      ];
    }
    case 'CancelPayment': {
      const payment = order.ledger.payments.find((p) => p.paymentId === command.cancelsPaymentId);
      if (!payment || payment.legacy) {
        throw new DomainError('not_found', 'PAYMENT_NOT_FOUND', 'Paiement introuvable.');
      }
      if (payment.cancelledBy) {
        throw new DomainError('conflict', 'PAYMENT_ALREADY_CANCELLED', 'Ce paiement a déjà été annulé.');
      }
      if (payment.amountCents > summary.refundableCents) {
        throw new DomainError(
          'conflict',
          'PAYMENT_REFUNDED',
          'Une partie de ce paiement a déjà été remboursée : il ne peut plus être annulé.',
        );
      }
      checkOpenDay(command, command.today);
      return [
        {
          type: 'PaymentCancelled',
          data: {
            paymentId: command.paymentId,
            cancelsPaymentId: payment.paymentId,
            ...movement(order, command.today, payment.method as PaymentMethod, payment.amountCents),
            note: checkNote(command.note),
          },
        },
      ];
    }
    case 'RefundOrder': {
      const method = checkMethod(command.method);
      if (!(REFUND_REASONS as readonly string[]).includes(command.reason)) {
        throw moneyInvalid('UNKNOWN_REASON', 'Choisissez un motif de remboursement.', { field: 'reason' });
      }
      const already = refundedQuantities(order.ledger);
      const byItem = new Map(order.lines.map((line) => [line.itemId, line]));
      const seen = new Set<string>();
      const lines = command.lines
        .filter((l) => l.quantity !== 0)
        .map((l) => {
          const line = byItem.get(l.itemId);
          if (!line || seen.has(l.itemId)) throw moneyInvalid('UNKNOWN_LINE', 'Ligne de commande inconnue.');
          seen.add(l.itemId);
          const left = line.quantity - (already.get(l.itemId) ?? 0);
          if (!Number.isInteger(l.quantity) || l.quantity < 0 || l.quantity > left) {
            throw moneyInvalid(
              'QUANTITY_TOO_HIGH',
              `Quantité à rembourser invalide pour « ${line.title} » (au plus ${left}).`,
              { itemId: l.itemId, left },
            );
          }
          return { itemId: l.itemId, quantity: l.quantity, unitPriceCents: line.unitPriceCents };
        });
      const shippingCents = command.shipping
        ? refundableShippingCents(order.ledger, order.shippingCostCents)
        : 0;
      if (!Number.isInteger(command.extraCents) || command.extraCents < 0) {
        throw moneyInvalid('INVALID_AMOUNT', 'Le montant doit être positif.', { field: 'extra' });
      }
      const amountCents = refundAmountCents({ lines, shippingCents, extraCents: command.extraCents });
      if (amountCents <= 0) {
        throw moneyInvalid(
          'EMPTY_REFUND',
          'Choisissez des articles, la livraison ou un montant à rembourser.',
        );
      }
      const tooHigh = refundTooHighMessage(amountCents, summary.refundableCents);
      if (tooHigh) {
        throw moneyInvalid('REFUND_TOO_HIGH', tooHigh, { refundableCents: summary.refundableCents });
      }
      checkOpenDay(command, command.today);
      return [
        {
          type: 'RefundRecorded',
          data: {
            refundId: command.refundId,
            ...movement(order, command.today, method, amountCents),
            lines: lines.map((l) => ({
              itemId: l.itemId,
              quantity: l.quantity,
              amountCents: refundLineCents(l),
            })),
            shippingCents,
            extraCents: command.extraCents,
            reason: command.reason as RefundReason,
            note: checkNote(command.note),
            // A cancelled order's stock is already back: its refund puts nothing back twice.
            restock: command.restock && order.status !== 'cancelled' && lines.length > 0,
          },
        },
      ];
    }
    case 'CancelAndRefund': {
      if (order.status === 'cancelled') {
        throw new DomainError('conflict', 'ORDER_CANCELLED', 'Cette commande est déjà annulée.');
      }
      const events: OrderEvent[] = [];
      if (summary.refundableCents > 0) {
        const method = checkMethod(command.method);
        checkOpenDay(command, command.today);
        events.push({
          type: 'RefundRecorded',
          data: {
            refundId: command.refundId,
            ...movement(order, command.today, method, summary.refundableCents),
            lines: [],
            shippingCents: 0,
            extraCents: summary.refundableCents,
            reason: 'cancelled',
            note: checkNote(command.note),
            // The cancellation itself gives the stock back.
            restock: false,
          },
        });
      }
      events.push({ type: 'OrderStatusChanged', data: { from: order.status, to: 'cancelled' } });
      return events;
    }
    case 'MarkPaymentFailed': {
      if (summary.paidCents > 0) {
        throw new DomainError(
          'conflict',
          'ALREADY_PAID',
          'Un paiement est enregistré : annulez-le plutôt que de marquer le paiement comme échoué.',
        );
      }
      if (order.ledger.failed) return [];
      return [{ type: 'PaymentFailed', data: { note: checkNote(command.note) } }];
    }
  }
}
