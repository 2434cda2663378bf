/**
 * The order decider: `decide(command, state)` returns the events a command causes (or throws a
 * typed error), `evolve(state, event)` folds one event into the state. Both are pure: products,
 * stock, ids and the order number are loaded or chosen before deciding and passed in, because a
 * version conflict re-runs the decision on fresh data.
 *
 * Split by capability (issue 34), one decide function per command: the order's lifecycle
 * (decider-lifecycle.ts: place, status, delete, note, stock), money (decider-money.ts: payments,
 * refunds), the withdrawal (decider-withdrawal.ts) and the documents (decider-documents.ts). This
 * file holds the state, the commands and the two dispatches.
 */

import type { Certibiocide } from '../catalog/certibiocide.js';
import type { DeliveryRules } from '../catalog/pricing.js';
import type { ShownTotal } from '../checkout/total-check.js';
import { DomainError } from '../errors.js';
import type { BusinessCustomer } from '../invoices/business.js';
import { evolveDocument } from './decider-documents.js';
import {
  decideAddNote,
  decideDeleteOrder,
  decidePlaceOrder,
  decideSetStatus,
  evolveLifecycle,
  evolvePlaced,
} from './decider-lifecycle.js';
import {
  decideCancelAndRefund,
  decideCancelPayment,
  decideMarkPaymentFailed,
  decideRecordPayment,
  decideRefundOrder,
  evolveLedger,
  type MoneyCommand,
  withLedger,
} from './decider-money.js';
import {
  decideRecordWithdrawalException,
  decideRequestWithdrawal,
  evolveWithdrawal,
} from './decider-withdrawal.js';
import type {
  CustomerDetails,
  DeliveryMethod,
  EventMetadata,
  OrderEvent,
  OrderPlacedData,
  Shipment,
} from './events.js';
import { type Ledger, legacyLedger } from './money.js';
import type { PaymentStatus } from './status.js';
import type { WithdrawalFacts } from './withdrawal.js';

export { documentsMayBeDue } from './decider-documents.js';
export {
  cleanShipment,
  DELIVERY_DISABLED_MESSAGE,
  INVOICED_DELETE_MESSAGE,
  PAID_DELETE_MESSAGE,
  SHIPMENT_FIELD_MAX,
  stockMovements,
  stockProductIds,
} from './decider-lifecycle.js';
export { type MoneyCommand, outstandingLines } from './decider-money.js';

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

/** An event with what evolve needs from the store. */
export type EvolvingEvent = OrderEvent & {
  streamId: string;
  version: number;
  metadata: Pick<EventMetadata, 'at'> & Partial<Pick<EventMetadata, 'actor'>>;
};

function existing(state: OrderState | null): OrderState {
  if (!state) throw new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.');
  if (state.deleted) throw new DomainError('conflict', 'ORDER_DELETED', 'Cette commande a été supprimée.');
  return state;
}

type Decide<C extends OrderCommand> = (command: C, state: OrderState | null) => OrderEvent[];

/** One decide function per command; the order must exist (and not be deleted) unless said. */
const DECIDERS: { [T in OrderCommand['type']]: Decide<Extract<OrderCommand, { type: T }>> } = {
  PlaceOrder: (command, state) => {
    if (state) throw new DomainError('conflict', 'ORDER_EXISTS', 'Cette commande existe déjà.');
    return decidePlaceOrder(command);
  },
  SetStatus: (command, state) => decideSetStatus(command, existing(state)),
  DeleteOrder: (command, state) => decideDeleteOrder(command, existing(state)),
  // Notes stay on deleted orders too: the log keeps them forever, and an admin may explain.
  AddNote: decideAddNote,
  RequestWithdrawal: (command, state) => decideRequestWithdrawal(command, existing(state)),
  RecordWithdrawalException: (command, state) => decideRecordWithdrawalException(command, existing(state)),
  RecordPayment: (command, state) => decideRecordPayment(command, existing(state)),
  CancelPayment: (command, state) => decideCancelPayment(command, existing(state)),
  RefundOrder: (command, state) => decideRefundOrder(command, existing(state)),
  CancelAndRefund: (command, state) => decideCancelAndRefund(command, existing(state)),
  MarkPaymentFailed: (command, state) => decideMarkPaymentFailed(command, existing(state)),
};

export function decide(command: OrderCommand, state: OrderState | null): OrderEvent[] {
  return (DECIDERS[command.type] as Decide<OrderCommand>)(command, state);
}

export function evolve(state: OrderState | null, event: EvolvingEvent): OrderState | null {
  if (event.type === 'OrderPlaced') return evolvePlaced(event);
  if (!state) return null;
  const at = event.metadata.at;
  switch (event.type) {
    case 'OrderStatusChanged':
    case 'OrderNoteAdded':
    case 'OrderDeleted':
      return evolveLifecycle(state, event);
    case 'OrderPaymentStatusChanged':
      // Legacy: upcast into the ledger the chosen status meant (money.ts legacyLedger).
      return withLedger(
        { ...state, version: event.version, updatedAt: at },
        legacyLedger(event.data.to, state.totalAmountCents, at, event.version),
      );
    case 'PaymentRecorded':
    case 'PaymentCancelled':
    case 'RefundRecorded':
    case 'PaymentFailed':
      return withLedger(
        { ...state, version: event.version, updatedAt: at },
        evolveLedger(state.ledger, event),
      );
    case 'InvoiceIssued':
    case 'CreditNoteIssued':
      return evolveDocument(state, event);
    case 'WithdrawalRequested':
    case 'WithdrawalExceptionRecorded':
      return evolveWithdrawal(state, event);
  }
}

export const fold = (events: readonly EvolvingEvent[], state: OrderState | null = null): OrderState | null =>
  events.reduce<OrderState | null>(evolve, state);
