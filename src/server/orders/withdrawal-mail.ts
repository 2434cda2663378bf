/**
 * The withdrawal's acknowledgement (L221-21, D221-5), on a durable medium through the outbox:
 * queued by the order command handler in the transaction that appends the withdrawal
 * (orders/commands.ts), so both commit or neither does.
 */
import { formatEuros, formatShipping } from '../../domain/catalog/pricing.js';
import { WITHDRAWAL_DAYS } from '../../domain/legal/cgv.js';
import type { OrderState } from '../../domain/orders/decider.js';
import { refundLastDay } from '../../domain/orders/withdrawal.js';
import { type ShopIdentity, shopIdentity } from '../../domain/settings/settings.js';
import { frenchCalendarDate, frenchDateTime, frenchLongDate } from '../../domain/site/dates.js';
import type { Tx } from '../db/client.js';
import { contactLine, renderMail } from '../mail/layout.js';
import { enqueueMail, type QueuedMail } from '../mail/outbox.js';
import { readSettings } from '../settings/store.js';
import type { Committed } from './commit.js';

/** The acknowledgement (L221-21, D221-5): on a durable medium, with the content, date and time. */
export function withdrawalAcknowledgement(state: OrderState, shop: ShopIdentity): QueuedMail {
  const w = state.withdrawal;
  if (!w) throw new Error('No withdrawal to acknowledge');
  const lines = state.lines.filter((l) => w.itemIds.includes(l.itemId));
  const content = renderMail({
    subject: `Accusé de réception de votre rétractation – commande ${state.orderNumber}`,
    greeting: `Bonjour ${w.name},`,
    shopName: shop.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `Nous avons bien reçu votre rétractation du contrat de la commande ${state.orderNumber}, le ${frenchDateTime(w.requestedAt)} (heure de Paris).`,
      },
      {
        kind: 'table',
        title: 'Contenu de votre rétractation',
        rows: [
          { label: 'Nom', value: w.name },
          { label: 'Email', value: w.email },
          {
            label: 'Commande',
            value: `${state.orderNumber} du ${frenchLongDate(state.createdAt)}`,
          },
          ...lines.map((l) => ({
            label: `${l.title} × ${l.quantity}`,
            value: formatEuros(l.totalPriceCents),
          })),
          ...(state.deliveryMethod === 'delivery'
            ? [{ label: 'Livraison', value: formatShipping(state.shippingCostCents) }]
            : []),
        ],
      },
      {
        kind: 'paragraph',
        text: `Nous vous remboursons toutes les sommes versées pour ces articles, frais de livraison standard compris, au plus tard le ${frenchCalendarDate(refundLastDay(w.requestedAt))} (${WITHDRAWAL_DAYS} jours après votre rétractation), par le même moyen de paiement que celui utilisé pour la commande. Nous pouvons différer le remboursement jusqu'à la récupération des biens ou jusqu'à ce que vous ayez fourni une preuve de leur expédition.`,
      },
      {
        kind: 'paragraph',
        text: `Renvoyez ou rapportez les articles au plus tard ${WITHDRAWAL_DAYS} jours après cette rétractation, à ${shop.name}${shop.address ? `, ${shop.address}` : ''}.`,
      },
      { kind: 'note', text: 'Conservez ce message : il vaut accusé de réception sur un support durable.' },
      { kind: 'note', text: contactLine(shop) },
    ],
  });
  return {
    dedupeKey: `withdrawal-acknowledgement:${state.id}`,
    kind: 'withdrawal-acknowledgement',
    to: w.email,
    ...content,
  };
}

/** Queues the acknowledgement of a withdrawal the decision appended (none: nothing). */
export async function queueWithdrawalAcknowledgement(tx: Tx, committed: Committed): Promise<void> {
  if (!committed.state || !committed.events.some((e) => e.type === 'WithdrawalRequested')) return;
  const { settings } = await readSettings(tx);
  await enqueueMail(tx, withdrawalAcknowledgement(committed.state, shopIdentity(settings)));
}
