import { randomUUID } from 'node:crypto';
import { type DeliveryChoice, effectivePriceCents, orderAmounts } from '../../src/domain/catalog/pricing.js';
import type { ShownTotal } from '../../src/domain/checkout/total-check.js';
import { DomainError } from '../../src/domain/errors.js';
import { commerceRules } from '../../src/domain/settings/settings.js';
import { parisDay } from '../../src/domain/site/time-zone.js';
import type { Sql } from '../../src/server/db/client.js';
import type { OrderCommandOptions } from '../../src/server/orders/commands.js';
import { type Committed, foldStored } from '../../src/server/orders/commit.js';
import {
  cancelPayment,
  markPaymentFailed,
  recordPayment,
  refundOrder,
} from '../../src/server/orders/money.js';
import {
  type PlacedOrder,
  type PlaceOrderInput,
  placeOrder as placeOrderAsServer,
} from '../../src/server/orders/place.js';
import { readStream } from '../../src/server/orders/store.js';
import { readSettings } from '../../src/server/settings/store.js';

export interface TestProduct {
  id: string;
  title: string;
}

let n = 0;
/** Inserts a product straight into the catalogue table (the catalogue admin is another issue). */
export async function createProduct(
  sql: Sql,
  fields: {
    title?: string;
    priceCents?: number;
    promoPriceCents?: number | null;
    isOnPromotion?: boolean;
    stockQuantity?: number;
    infiniteStock?: boolean;
    isAvailable?: boolean;
    isVisibleInShop?: boolean;
  } = {},
): Promise<TestProduct> {
  n += 1;
  const id = randomUUID();
  const title = fields.title ?? `Piège n°${n}`;
  await sql`
    insert into products (id, title, slug, price_cents, promo_price_cents, is_on_promotion, stock_quantity,
                          infinite_stock, is_available, is_visible_in_shop)
    values (${id}, ${title}, ${`produit-${n}-${id.slice(0, 8)}`}, ${fields.priceCents ?? 1000},
            ${fields.promoPriceCents ?? null}, ${fields.isOnPromotion ?? false}, ${fields.stockQuantity ?? 10},
            ${fields.infiniteStock ?? false}, ${fields.isAvailable ?? true}, ${fields.isVisibleInShop ?? true})`;
  return { id, title };
}

export const stockOf = async (sql: Sql, productId: string): Promise<number> => {
  const [row] = await sql<
    { stockQuantity: number }[]
  >`select stock_quantity from products where id = ${productId}`;
  return row?.stockQuantity ?? Number.NaN;
};

export const customerForm = {
  firstName: 'Marie',
  lastName: 'Lefèvre',
  email: 'marie.lefevre@example.fr',
  phone: '06 11 22 33 44',
  address: '12 rue des Tilleuls',
  city: 'Évreux',
  zipCode: '27000',
};

/** The checkout form as a shopper sends it (delivery to customerForm's address). */
export const checkoutForm = { ...customerForm, deliveryMethod: 'delivery' as 'delivery' | 'pickup' };

/**
 * checkout.place's input: the form, these lines, a fresh idempotency key, then any override. Its
 * shownTotal is added where it is sent: by the test callers (callerAs) or by withShownTotal.
 */
export const placeInput = (
  lines: { productId: string; quantity: number }[],
  extra: Record<string, unknown> = {},
) => ({ ...checkoutForm, lines, idempotencyKey: randomUUID(), ...extra });

type Lines = readonly { productId: string; quantity: number }[];

/**
 * The total the shop's checkout shows beside its button for these lines: the products' prices and
 * the Commerce settings as they are now, priced by the domain's function (the page and the server
 * use the same). Unknown or malformed product ids count for nothing (the server refuses them).
 */
export async function shownTotalFor(
  sql: Sql,
  lines: Lines,
  deliveryMethod: DeliveryChoice = 'delivery',
): Promise<ShownTotal> {
  const ids = lines.map((l) => String(l.productId).toLowerCase());
  const products = await sql<
    {
      id: string;
      priceCents: number;
      promoPriceCents: number | null;
      isOnPromotion: boolean;
      biocideType: string | null;
      referencePriceCents: number | null;
    }[]
  >`select id, price_cents, promo_price_cents, is_on_promotion, biocide_type, reference_price_cents
      from products where id::text = any(${ids}::text[])`;
  const price = new Map(products.map((p) => [p.id, effectivePriceCents(p)]));
  const subtotal = lines.reduce(
    (sum, l) => sum + (price.get(String(l.productId).toLowerCase()) ?? 0) * (Number(l.quantity) || 0),
    0,
  );
  const { settings } = await readSettings(sql);
  const { totalAmountCents, taxCents } = orderAmounts(subtotal, deliveryMethod, commerceRules(settings));
  return { totalAmountCents, taxCents };
}

/**
 * A checkout input with the total its page would have shown, unless it names one (an explicit
 * `shownTotal: undefined` stays: that is an order sent without it).
 */
export async function withShownTotal<T extends { lines?: unknown; deliveryMethod?: unknown }>(
  sql: Sql,
  input: T,
): Promise<T & { shownTotal: ShownTotal }> {
  if (typeof input !== 'object' || input === null || 'shownTotal' in input || !Array.isArray(input.lines)) {
    return input as T & { shownTotal: ShownTotal };
  }
  const method = input.deliveryMethod === 'pickup' ? 'pickup' : 'delivery';
  return { ...input, shownTotal: await shownTotalFor(sql, input.lines as Lines, method) };
}

/**
 * The server's placeOrder as the tests call it: without a shownTotal, the one the checkout would
 * have shown (shownTotalFor); `shownTotal: null` places a back-office order.
 */
export async function placeOrder(
  sql: Sql,
  input: Omit<PlaceOrderInput, 'shownTotal'> & { shownTotal?: ShownTotal | null },
  meta: Parameters<typeof placeOrderAsServer>[2],
): Promise<PlacedOrder> {
  const shownTotal =
    input.shownTotal !== undefined
      ? input.shownTotal
      : await shownTotalFor(sql, Array.isArray(input.lines) ? input.lines : [], input.deliveryMethod);
  return await placeOrderAsServer(sql, { ...input, shownTotal }, meta);
}

export const guest = { actor: { kind: 'guest' as const }, requestId: 'test' };

/** A guest's order of one unit of a product (a new one unless given), collected at the shop. */
export async function placePickup(sql: Sql, productId?: string): Promise<PlacedOrder> {
  const id = productId ?? (await createProduct(sql)).id;
  return await placeOrder(
    sql,
    {
      customerId: null,
      customer: customerForm,
      deliveryMethod: 'pickup',
      lines: [{ productId: id, quantity: 1 }],
    },
    guest,
  );
}

/**
 * Sets an order's payment the way the old select did, through the money commands (issue 24):
 * 'paid' records a cash payment of what is left, 'refunded' refunds everything paid, 'failed' notes
 * a failed attempt, 'pending' cancels every payment still standing. For tests that only need an
 * order in that state; the money tests call the commands themselves.
 */
export async function setPaymentForTest(
  sql: Sql,
  orderId: string,
  to: 'pending' | 'paid' | 'failed' | 'refunded' | string,
  meta: OrderCommandOptions,
): Promise<Committed> {
  const [row] = await sql<{ totalAmountCents: number; paidCents: number; refundedCents: number }[]>`
    select total_amount_cents, paid_cents, refunded_cents from orders where id = ${orderId}`;
  const day = parisDay(new Date(meta.at ?? Date.now()));
  // Every event the steps appended, as one command would report them.
  const events: Committed['events'] = [];
  let state: Committed['state'] = null;
  const step = async (run: Promise<Committed>) => {
    const done = await run;
    events.push(...done.events);
    state = done.state;
  };
  try {
    return await steps();
  } catch (error) {
    // A later step refused (a concurrent command changed the order): report what was appended.
    if (events.length > 0 && error instanceof DomainError && error.kind !== 'concurrency')
      return { state, events };
    throw error;
  }
  async function steps(): Promise<Committed> {
    if (to === 'paid') {
      const left = (row?.totalAmountCents ?? 0) - (row?.paidCents ?? 0);
      await step(recordPayment(sql, orderId, { amountCents: left, method: 'cash', day }, meta));
    } else if (to === 'refunded') {
      // The old select allowed « Remboursée » straight from « En attente »: it meant paid, then refunded.
      let paid = row?.paidCents ?? 0;
      const left = (row?.totalAmountCents ?? 0) - paid;
      if (paid === 0 && left > 0) {
        await step(recordPayment(sql, orderId, { amountCents: left, method: 'cash', day }, meta));
        paid = left;
      }
      const refundable = paid - (row?.refundedCents ?? 0);
      await step(
        refundOrder(
          sql,
          orderId,
          {
            lines: [],
            shipping: false,
            extraCents: refundable,
            method: 'cash',
            reason: 'other',
            restock: false,
          },
          meta,
        ),
      );
    } else if (to === 'failed') {
      await step(markPaymentFailed(sql, orderId, {}, meta));
    } else {
      const order = foldStored(await readStream(sql, orderId));
      state = order;
      for (const payment of order?.ledger.payments ?? []) {
        if (payment.cancelledBy || payment.legacy) continue;
        await step(cancelPayment(sql, orderId, { paymentId: payment.paymentId }, meta));
      }
    }
    return { state, events };
  }
}
