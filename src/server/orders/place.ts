/**
 * Placing an order: one transaction loads and locks the products, lets the domain decide (prices,
 * totals, stock), takes the next order number, appends OrderPlaced, writes the read tables and
 * takes the stock. A retried request with the same idempotency key returns the first order.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { ShownTotal } from '../../domain/checkout/total-check.js';
import { DomainError } from '../../domain/errors.js';
import type { BusinessCustomer } from '../../domain/invoices/business.js';
import { CGV_VERSION } from '../../domain/legal/cgv.js';
import { type Buyer, decide, type OrderState } from '../../domain/orders/decider.js';
import type { Actor, CustomerDetails, DeliveryMethod } from '../../domain/orders/events.js';
import type { OrderStatus, PaymentStatus } from '../../domain/orders/status.js';
import { commerceRules } from '../../domain/settings/settings.js';
import { parisDay } from '../../domain/site/time-zone.js';
import { afterCommit } from '../db/after-commit.js';
import type { Sql, Tx } from '../db/client.js';
import { mailTransaction } from '../mail/outbox.js';
import { readSettings } from '../settings/store.js';
import { canonicalJson } from './canonical.js';
import { type CommandMeta, commitDecision, foldStored, lockProducts, NEW_STREAM } from './commit.js';
import { nextOrderNumber } from './order-number.js';
import { queueShopNotifications } from './shop-notifications.js';
import { readStream } from './store.js';

export interface PlaceOrderInput {
  customerId: string | null;
  customer: CustomerDetails;
  deliveryMethod: DeliveryMethod;
  lines: { productId: string; quantity: number }[];
  notes?: string;
  /** Needed for professional-only biocides; absent: a buyer without certificate. */
  buyer?: Buyer;
  /**
   * The total the checkout showed: a different total refuses the order (total-check.ts). null only
   * for an order the back-office places itself.
   */
  shownTotal: ShownTotal | null;
  /** A business buyer, parsed by businessCustomerSchema. */
  business?: BusinessCustomer | null;
}

export interface PlacedOrder {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  items: {
    productId: string;
    title: string;
    quantity: number;
    unitPriceCents: number;
    totalPriceCents: number;
    biocideType?: string;
  }[];
  subtotalCents: number;
  shippingCostCents: number;
  taxCents: number;
  totalAmountCents: number;
  customer: CustomerDetails;
  deliveryMethod: DeliveryMethod;
  /** ISO time. */
  createdAt: string;
}

export function placedOrder(state: OrderState): PlacedOrder {
  return {
    id: state.id,
    orderNumber: state.orderNumber,
    status: state.status,
    paymentStatus: state.paymentStatus,
    items: state.lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      totalPriceCents: l.totalPriceCents,
      ...(l.biocideType ? { biocideType: l.biocideType } : {}),
    })),
    subtotalCents: state.subtotalCents,
    shippingCostCents: state.shippingCostCents,
    taxCents: state.taxCents,
    totalAmountCents: state.totalAmountCents,
    customer: state.customer,
    deliveryMethod: state.deliveryMethod,
    createdAt: state.createdAt,
  };
}

class KeyTaken extends Error {}

/**
 * What a request asked, as a hash salted with its key: a replay answers with the first order (the
 * customer's name, email, phone and address included) only to a request asking the very same thing,
 * which proves its sender knew all of it. Anyone else holding the key (a guest's key is the only
 * thing that names a guest order) learns nothing.
 */
function requestHash(key: string, input: PlaceOrderInput): string {
  const asked = {
    customerId: input.customerId,
    customer: input.customer,
    deliveryMethod: input.deliveryMethod,
    lines: input.lines,
    notes: input.notes ?? null,
    business: input.business ?? null,
  };
  return createHmac('sha256', key).update(canonicalJson(asked)).digest('base64url');
}

async function orderForKey(sql: Tx, key: string, input: PlaceOrderInput): Promise<PlacedOrder | null> {
  const [row] = await sql<{ orderId: string; customerId: string | null; requestHash: string | null }[]>`
    select order_id, customer_id, request_hash from order_idempotency_keys where key = ${key}`;
  if (!row) return null;
  if (row.customerId !== input.customerId || row.requestHash !== requestHash(key, input)) {
    throw new DomainError(
      'conflict',
      'IDEMPOTENCY_KEY_REUSED',
      'Cette demande a déjà été utilisée pour une autre commande.',
    );
  }
  const state = foldStored(await readStream(sql, row.orderId));
  if (!state) throw new Error(`Idempotency key ${key} points to a missing order`);
  return placedOrder(state);
}

export async function placeOrder(
  sql: Sql,
  input: PlaceOrderInput,
  meta: {
    actor: Actor;
    requestId: string;
    idempotencyKey?: string;
    at?: string;
    /** Where the shop's notification mails link to (the admin screens; the checkout gives PUBLIC_URL). */
    publicUrl?: string;
  },
): Promise<PlacedOrder> {
  // The command's time, taken once: a retry after a version conflict records the same time.
  const at = meta.at ?? new Date().toISOString();
  const key = meta.idempotencyKey?.slice(0, 200);
  if (key) {
    const earlier = await orderForKey(sql, key, input);
    if (earlier) return earlier;
  }
  try {
    const placed = await mailTransaction(sql, async (tx) => {
      const orderId = randomUUID();
      if (key) {
        // A concurrent request with the same key waits here until the first one commits.
        const [taken] = await tx`
          insert into order_idempotency_keys (key, order_id, customer_id, request_hash)
          values (${key}, ${orderId}, ${input.customerId}, ${requestHash(key, input)})
          on conflict (key) do nothing
          returning key`;
        if (!taken) throw new KeyTaken();
      }
      const lines = Array.isArray(input.lines) ? input.lines : [];
      const products = await lockProducts(
        tx,
        lines.map((l) => l.productId),
      );
      // The counter row is taken last among the locks: checkouts only queue on it for the end of
      // their transaction (see docs/decisions/001-order-log.md).
      // The Commerce settings as they are now, in this transaction: new orders only; placed ones
      // keep what their event recorded.
      const { settings } = await readSettings(tx);
      const orderNumber = await nextOrderNumber(tx, new Date());
      const decided = decide(
        {
          type: 'PlaceOrder',
          orderNumber,
          customerId: input.customerId,
          customer: input.customer,
          deliveryMethod: input.deliveryMethod,
          lines,
          notes: input.notes ?? null,
          business: input.business ?? null,
          products,
          itemIds: lines.map(() => randomUUID()),
          delivery: commerceRules(settings),
          buyer: input.buyer ?? { signedIn: input.customerId !== null, business: false, certificate: null },
          today: parisDay(new Date(at)),
          shownTotal: input.shownTotal,
          // The CGV the checkout page showed (one version live at a time).
          cgvVersion: CGV_VERSION,
        },
        null,
      );
      const commandMeta: CommandMeta = {
        actor: meta.actor,
        at,
        requestId: meta.requestId,
        idempotencyKey: key,
      };
      const { state } = await commitDecision(tx, orderId, NEW_STREAM, decided, commandMeta, products);
      if (!state) throw new Error('OrderPlaced folded to nothing');
      await queueShopNotifications(tx, state, products, settings, meta.publicUrl ?? null);
      return placedOrder(state);
    });
    // After the commit, through the port the app wired (db/after-commit.ts): live screens read the log.
    afterCommit.ordersCommitted(sql);
    return placed;
  } catch (error) {
    if (error instanceof KeyTaken && key) {
      const earlier = await orderForKey(sql, key, input);
      if (earlier) return earlier;
    }
    throw error;
  }
}
