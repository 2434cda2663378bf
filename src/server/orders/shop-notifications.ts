/**
 * The shop's own notifications (Notifications tab): a mail to the shop's email for each new order,
 * and a low-stock alert when an order leaves a product at the settings' threshold or fewer. Queued in
 * the order's transaction through the outbox, so they exist exactly when the order does.
 */
import { formatEuros, LOW_STOCK_THRESHOLD } from '../../domain/catalog/pricing.js';
import type { OrderState, ProductSnapshot } from '../../domain/orders/decider.js';
import { notificationsWanted, type ShopSettings } from '../../domain/settings/settings.js';
import type { Tx } from '../db/client.js';
import { renderMail } from '../mail/layout.js';
import { enqueueMail } from '../mail/outbox.js';

/** Products of the order whose counted stock is now at or under the threshold. */
export function lowStockAfter(
  order: OrderState,
  before: readonly ProductSnapshot[],
  threshold: number = LOW_STOCK_THRESHOLD,
) {
  const stock = new Map(before.map((p) => [p.id, p]));
  return order.lines.flatMap((line) => {
    const product = stock.get(line.productId);
    if (!line.stockTracked || !product || product.infiniteStock) return [];
    const left = product.stockQuantity - line.quantity;
    return left <= threshold ? [{ productId: product.id, title: product.title, left }] : [];
  });
}

export async function queueShopNotifications(
  tx: Tx,
  order: OrderState,
  before: readonly ProductSnapshot[],
  settings: ShopSettings,
  /** Where the admin screens are (PUBLIC_URL); null (a script, a test): the mails carry no link. */
  publicUrl: string | null,
): Promise<void> {
  const wanted = notificationsWanted(settings);
  const base = publicUrl?.replace(/\/$/, '') ?? null;
  const link = (label: string, path: string) =>
    base ? [{ kind: 'action' as const, label, url: `${base}${path}` }] : [];
  const shopName = settings.shopName;
  if (wanted.newOrder) {
    const c = order.customer;
    const mail = renderMail({
      shopName,
      subject: `Nouvelle commande ${order.orderNumber} (${formatEuros(order.totalAmountCents)})`,
      greeting: 'Bonjour,',
      blocks: [
        ...[
          `Une nouvelle commande vient d'être passée : ${order.orderNumber}, ${formatEuros(order.totalAmountCents)}.`,
          `Client : ${c.firstName} ${c.lastName}, ${c.email}, ${c.phone}.`,
          order.deliveryMethod === 'delivery'
            ? `Livraison à domicile : ${c.address}, ${c.zipCode} ${c.city}.`
            : 'Retrait en boutique.',
          ...order.lines.map((l) => `${l.title} × ${l.quantity} : ${formatEuros(l.totalPriceCents)}`),
        ].map((text) => ({ kind: 'paragraph' as const, text })),
        ...link('Voir les commandes', '/admin/orders'),
        {
          kind: 'note',
          text: 'Vous recevez ce message car les notifications de nouvelles commandes sont activées.',
        },
      ],
    });
    await enqueueMail(tx, {
      ...mail,
      dedupeKey: `shop-new-order:${order.id}`,
      kind: 'shop-new-order',
      to: settings.shopEmail,
    });
  }
  const low = wanted.lowStock ? lowStockAfter(order, before, settings.lowStockThreshold) : [];
  if (low.length > 0) {
    const mail = renderMail({
      shopName,
      subject: `Alerte stock faible : ${low.map((p) => p.title).join(', ')}`,
      greeting: 'Bonjour,',
      blocks: [
        ...[
          `Après la commande ${order.orderNumber}, ${low.length > 1 ? 'ces produits sont' : 'ce produit est'} à ${settings.lowStockThreshold} unités ou moins :`,
          ...low.map((p) => `${p.title} : ${p.left} en stock`),
        ].map((text) => ({ kind: 'paragraph' as const, text })),
        ...link('Gérer les produits', '/admin/products'),
        { kind: 'note', text: 'Vous recevez ce message car les alertes de stock faible sont activées.' },
      ],
    });
    await enqueueMail(tx, {
      ...mail,
      dedupeKey: `shop-low-stock:${order.id}`,
      kind: 'shop-low-stock',
      to: settings.shopEmail,
    });
  }
}
