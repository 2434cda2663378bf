import type { PlaceOrderInput as CheckoutInput } from '../../domain/checkout/schema.js';
import { DomainError } from '../../domain/errors.js';
import type { Buyer } from '../../domain/orders/decider.js';
import { actorFromUser } from '../../domain/orders/events.js';
import { checkoutClosure, missingLegalMentions } from '../../domain/settings/readiness.js';
import { type ShopSettings, shopIdentity } from '../../domain/settings/settings.js';
import type { Context } from '../context.js';
import { readIdentity } from '../invoices/identity.js';
import { checkOrderLimits, countAcceptedOrder } from '../limits/abuse.js';
import { logger } from '../logger.js';
import { cachedSettings } from '../settings/store.js';
import { queueOrderConfirmation } from './confirmation-mail.js';
import { orderLinker, orderToken } from './order-link.js';
import { type PlacedOrder, placeOrder } from './place.js';

export const MAINTENANCE_MESSAGE =
  'La boutique est en maintenance : les commandes sont suspendues pour le moment. Merci de réessayer plus tard.';

/**
 * Issue 35: a production shop missing a legally required mention sells nothing (the storefront's
 * checkout and the back-office's « Nouvelle commande » alike); the message is the public one.
 */
export async function refuseWhileLegallyIncomplete(
  ctx: Pick<Context, 'sql' | 'config'>,
  settings?: ShopSettings,
): Promise<void> {
  if (!ctx.config.production) return;
  const [current, { identity }] = await Promise.all([
    settings ?? cachedSettings(ctx.sql, ctx.config).then((s) => s.settings),
    readIdentity(ctx.sql),
  ]);
  const closed = checkoutClosure(true, missingLegalMentions(current, identity));
  if (closed) throw new DomainError('unavailable', 'LEGAL_MENTIONS_MISSING', closed);
}

/**
 * The shop's checkout: refused to visitors while the shop is in maintenance (admins may test), and
 * to everyone in production while a legally required mention is missing (readiness.ts),
 * checks the order limits of the client address and the email (abuse.ts), places the order
 * (placeOrder reloads every price, promo rule, availability, stock and the Commerce settings,
 * computes every amount and appends OrderPlaced with the stock taken and the shop's notifications
 * queued, in one transaction), then queues its confirmation mail. The order is committed by then: a
 * mail that cannot even be queued must not turn it into an error (the outbox sweep queues it
 * later). The customer is the session's.
 */
export async function checkout(
  ctx: Pick<Context, 'sql' | 'config' | 'ip' | 'user' | 'requestId'>,
  input: CheckoutInput,
  /** The session's customer and their Certibiocide (read by the caller from the profile). */
  buyer: Buyer = { signedIn: ctx.user !== null, business: false, certificate: null },
): Promise<PlacedOrder & { orderToken: string }> {
  const { settings } = await cachedSettings(ctx.sql, ctx.config);
  if (settings.maintenanceMode && ctx.user?.role !== 'admin') {
    throw new DomainError('unavailable', 'MAINTENANCE', MAINTENANCE_MESSAGE);
  }
  await refuseWhileLegallyIncomplete(ctx, settings);
  const { lines, notes, idempotencyKey, deliveryMethod, shownTotal, business, ...customer } = input;
  await checkOrderLimits(ctx.sql, ctx.config, ctx.ip, customer.email);
  const order = await placeOrder(
    ctx.sql,
    {
      customerId: ctx.user?.id ?? null,
      customer,
      deliveryMethod,
      lines,
      buyer,
      ...(notes ? { notes } : {}),
      shownTotal,
      business: business ?? null,
    },
    {
      actor: actorFromUser(ctx.user),
      requestId: ctx.requestId,
      idempotencyKey,
      publicUrl: ctx.config.PUBLIC_URL,
    },
  );
  try {
    await countAcceptedOrder(ctx.sql, ctx.config, ctx.ip, customer.email);
  } catch (error) {
    logger.error(`Could not count order ${order.orderNumber} towards the checkout limits`, error);
  }
  try {
    await queueOrderConfirmation(ctx.sql, order, shopIdentity(settings), {
      orderUrl: orderLinker(ctx.config)(order.id),
    });
  } catch (error) {
    logger.error(`Could not queue the confirmation of order ${order.orderNumber}`, error);
  }
  // The confirmation page links to the signed order page, as the mail does.
  return { ...order, orderToken: orderToken(ctx.config.AUTH_SECRET, order.id) };
}
