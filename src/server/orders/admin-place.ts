/**
 * "Nouvelle commande" in the back-office: an order taken by phone or at the counter. The same
 * placeOrder as the shop's checkout (server prices, stock taken, OrderPlaced with the shop's
 * notifications, then the customer's confirmation), with the admin as the event's actor (the
 * history says who placed it). Not subject to the shop's per-address and per-email limits, which
 * the shop's own computer would hit; subject to the admin's own (limits/abuse.ts).
 */

import { PROFESSIONAL_ONLY_STAFF_MESSAGES } from '../../domain/catalog/certibiocide.js';
import type { AdminOrderInput } from '../../domain/checkout/schema.js';
import { DomainError, isDomainError } from '../../domain/errors.js';
import type { Buyer } from '../../domain/orders/decider.js';
import { shopIdentity } from '../../domain/settings/settings.js';
import type { Context, SessionUser } from '../context.js';
import { checkAdminOrderLimit } from '../limits/abuse.js';
import { logger } from '../logger.js';
import { cachedSettings } from '../settings/store.js';
import { queueOrderConfirmation } from './confirmation-mail.js';
import { orderLinker } from './order-link.js';
import { type PlacedOrder, placeOrder } from './place.js';

export async function placeAdminOrder(
  ctx: Pick<Context, 'sql' | 'config' | 'requestId'> & { user: SessionUser },
  input: AdminOrderInput,
  /** The picked customer as a buyer of professional-only biocides (their profile; none: a guest). */
  buyer?: Buyer,
): Promise<PlacedOrder> {
  const { lines, notes, idempotencyKey, deliveryMethod, customerId, business, ...customer } = input;
  if (customerId) {
    const [account] = await ctx.sql<{ id: string }[]>`select id from users where id = ${customerId}`;
    if (!account) throw new DomainError('not_found', 'CUSTOMER_NOT_FOUND', 'Client introuvable.');
  }
  await checkAdminOrderLimit(ctx.sql, ctx.user.id);
  const order = await placeOrder(
    ctx.sql,
    // No customer's screen showed a total: the admin reads the server's once placed.
    {
      customerId,
      customer,
      deliveryMethod,
      lines,
      shownTotal: null,
      // The company the invoice is made out to: its SIREN and the B2B mentions (C. com. L441-9).
      business: business ?? null,
      ...(buyer ? { buyer } : {}),
      ...(notes ? { notes } : {}),
    },
    {
      actor: { kind: 'admin', userId: ctx.user.id },
      requestId: ctx.requestId,
      idempotencyKey,
      publicUrl: ctx.config.PUBLIC_URL,
    },
  ).catch((error: unknown) => staffRefusal(ctx, error));
  try {
    const { settings } = await cachedSettings(ctx.sql, ctx.config);
    // The phone customer gets the signed link too: withdrawal and documents online, no account.
    await queueOrderConfirmation(ctx.sql, order, shopIdentity(settings), {
      orderUrl: orderLinker(ctx.config)(order.id),
    });
  } catch (error) {
    logger.error(`Could not queue the confirmation of order ${order.orderNumber}`, error);
  }
  return order;
}

/**
 * A professional-only product refused: said to the owner with the product's name and the reason for
 * this customer, not in the words the shop's checkout says to the customer. Anything else as it was.
 */
async function staffRefusal(ctx: Pick<Context, 'sql'>, error: unknown): Promise<never> {
  if (!isDomainError(error) || error.code !== 'CERTIBIOCIDE_REQUIRED') throw error;
  const reason = error.details?.reason as keyof typeof PROFESSIONAL_ONLY_STAFF_MESSAGES | undefined;
  const message = reason ? PROFESSIONAL_ONLY_STAFF_MESSAGES[reason] : undefined;
  if (!message) throw error;
  const [product] = await ctx.sql<{ title: string }[]>`
    select title from products where id = ${String(error.details?.productId)}`;
  throw new DomainError(error.kind, error.code, message(product?.title ?? 'Ce produit'), error.details);
}
