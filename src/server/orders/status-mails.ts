/**
 * The customer's mails when an order reaches a status they care about (Confirmée, Expédiée with the
 * carrier and tracking number given at that change, Livrée, Annulée with what happens to their
 * money), switchable in Paramètres › Notifications ("Suivi de commande"). Queued through the outbox
 * with the change: in the append's own statement when the change is one event (prepareStatusMail:
 * rendered before, only inserted there), else in its transaction (queueStatusMailWith). Committed
 * with the event or not at all, so no crash between the two can lose it; once per event (the dedupe
 * key is the event's version).
 */

import { formatEuros } from '../../domain/catalog/pricing.js';
import { REFUND_DAYS } from '../../domain/legal/cgv.js';
import type { OrderState } from '../../domain/orders/decider.js';
import type { OrderEvent, Shipment } from '../../domain/orders/events.js';
import type { OrderStatus } from '../../domain/orders/status.js';
import { notificationsWanted, type ShopSettings, shopIdentity } from '../../domain/settings/settings.js';
import type { Sql, Tx } from '../db/client.js';
import { logger } from '../logger.js';
import { contactLine, type MailBlock, renderMail } from '../mail/layout.js';
import { enqueueMail, mailsCommitted, outboxInsert, type QueuedMail } from '../mail/outbox.js';
import { cachedSettings, readSettings } from '../settings/store.js';
import type { Committed } from './commit.js';
import type { WithAppend } from './store.js';

/** The statuses that send the customer a mail. */
export const CUSTOMER_MAIL_STATUSES: readonly OrderStatus[] = [
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
];

/** What the customer is told about their money when the order is cancelled. */
export function refundNotice(order: Pick<OrderState, 'paidCents' | 'refundedCents'>): string {
  // What was paid and not yet given back is due within REFUND_DAYS (the money ledger, domain/orders/money.ts).
  const left = order.paidCents - order.refundedCents;
  if (left > 0)
    return `Votre paiement de ${formatEuros(left)} vous sera remboursé dans les ${REFUND_DAYS} jours, par le moyen de paiement utilisé.`;
  if (order.refundedCents > 0)
    return `Votre paiement de ${formatEuros(order.refundedCents)} vous a été remboursé.`;
  return "Aucun paiement n'a été encaissé pour cette commande : vous n'avez rien à régler.";
}

function shipmentBlocks(shipment: Shipment | undefined): MailBlock[] {
  if (!shipment) return [];
  return [
    {
      kind: 'table',
      title: 'Suivi de votre colis',
      rows: [
        ...(shipment.carrier ? [{ label: 'Transporteur', value: shipment.carrier }] : []),
        ...(shipment.trackingNumber ? [{ label: 'Numéro de suivi', value: shipment.trackingNumber }] : []),
      ],
    },
  ];
}

/** The mail for an order that just reached `status`, or null when that status sends none. */
export function orderStatusMail(
  order: OrderState,
  status: OrderStatus,
  shipment: Shipment | undefined,
  settings: ShopSettings,
): Omit<QueuedMail, 'dedupeKey'> | null {
  const shop = shopIdentity(settings);
  const n = order.orderNumber;
  const pickup = order.deliveryMethod === 'pickup';
  const c = order.customer;
  const content = (subject: string, blocks: MailBlock[]) =>
    renderMail({
      subject,
      greeting: `Bonjour ${c.firstName} ${c.lastName},`,
      shopName: shop.name,
      blocks: [...blocks, { kind: 'note', text: contactLine(shop) }],
    });
  let mail: ReturnType<typeof renderMail>;
  switch (status) {
    case 'confirmed':
      mail = content(`Votre commande ${n} est confirmée`, [
        { kind: 'paragraph', text: `Bonne nouvelle : nous avons confirmé votre commande ${n}.` },
        {
          kind: 'paragraph',
          text: pickup
            ? 'Nous vous prévenons dès qu’elle est prête à retirer en boutique (le samedi).'
            : 'Nous la préparons et vous prévenons dès son expédition.',
        },
      ]);
      break;
    case 'shipped':
      mail = content(pickup ? `Votre commande ${n} est prête` : `Votre commande ${n} est expédiée`, [
        {
          kind: 'paragraph',
          text: pickup
            ? `Votre commande ${n} est prête : vous pouvez la retirer en boutique le samedi.`
            : `Votre commande ${n} est en route vers ${c.address}, ${c.zipCode} ${c.city}.`,
        },
        ...shipmentBlocks(shipment),
      ]);
      break;
    case 'delivered':
      mail = content(`Votre commande ${n} est livrée`, [
        {
          kind: 'paragraph',
          text: pickup
            ? `Vous avez retiré votre commande ${n}. Merci pour votre confiance !`
            : `Votre commande ${n} a été livrée. Merci pour votre confiance !`,
        },
        {
          kind: 'paragraph',
          text: 'Un souci avec un article ? Répondez-nous ou appelez-nous, nous trouvons une solution.',
        },
      ]);
      break;
    case 'cancelled':
      mail = content(`Votre commande ${n} est annulée`, [
        { kind: 'paragraph', text: `Votre commande ${n} a été annulée.` },
        { kind: 'paragraph', text: refundNotice(order) },
      ]);
      break;
    default:
      return null;
  }
  return { kind: `order-status-${status}`, to: c.email, ...mail };
}

/**
 * The customer's mail for a committed status change, when the settings want it, with its dedupe
 * key: the event's version, so a retried request never mails twice and a later change mails again.
 */
export function statusMailOf(committed: Committed, settings: ShopSettings): QueuedMail | null {
  const event = committed.events.find((e) => e.type === 'OrderStatusChanged');
  return event ? statusMailFor(committed.state, event, event.version, settings) : null;
}

/** The mail of one status-change event of version `version`, given the order once it is folded. */
export function statusMailFor(
  order: OrderState | null,
  event: OrderEvent,
  version: number,
  settings: ShopSettings,
): QueuedMail | null {
  if (event.type !== 'OrderStatusChanged') return null;
  if (!order || order.deleted || !CUSTOMER_MAIL_STATUSES.includes(event.data.to)) return null;
  if (!notificationsWanted(settings).customerStatus) return null;
  const mail = orderStatusMail(order, event.data.to, event.data.shipment, settings);
  if (!mail || !order.customer.email) return null;
  return { ...mail, dedupeKey: `order-status:${order.id}:${version}` };
}

/** A status mail rendered before its change's one statement (prepareStatusMail). */
export interface PreparedStatusMail {
  /** The statement's writes, given the order once it is folded: the mail's insert, or none. */
  alongsideOf: (after: OrderState, version: number) => WithAppend[];
  /** Once the statement committed: wakes the outbox's workers if it queued a mail. */
  committed: (sql: Sql) => void;
}

/**
 * The status mail of a change about to be appended in one statement, rendered before it (no
 * transaction, no lock held): the statement only inserts it, and only if the event is appended
 * (orders/commit.ts commitSingle); the workers are woken after the commit, never inside it
 * (mail/outbox.ts mailsCommitted). The settings come through their short cache. A mail that
 * cannot be rendered must not undo the change the owner made: logged, and the change stands.
 */
export async function prepareStatusMail(
  sql: Sql,
  event: OrderEvent,
): Promise<PreparedStatusMail | undefined> {
  if (event.type !== 'OrderStatusChanged') return undefined;
  const { settings } = await cachedSettings(sql);
  let written = false;
  return {
    alongsideOf: (after, version) => {
      let mail: QueuedMail | null;
      try {
        mail = statusMailFor(after, event, version, settings);
      } catch (error) {
        logger.error(`Status mail of order ${after.id} not written`, error);
        return [];
      }
      if (!mail) return [];
      written = true;
      return [(tx, appended) => outboxInsert(tx, mail, appended)];
    },
    committed: (committedWith) => {
      if (written) mailsCommitted(committedWith);
    },
  };
}

/**
 * Queues the status mail of a change in the change's own transaction: the outbox row commits with
 * the event or neither does, so no crash between the two can lose it. A mail that cannot be
 * written (a rendering bug) must not undo the change the owner made: logged, and the change stands.
 */
export async function queueStatusMailWith(tx: Tx, committed: Committed): Promise<boolean> {
  if (!committed.events.some((e) => e.type === 'OrderStatusChanged')) return false;
  const { settings } = await readSettings(tx);
  let mail: QueuedMail | null;
  try {
    mail = statusMailOf(committed, settings);
  } catch (error) {
    logger.error(`Status mail of order ${committed.state?.id ?? '?'} not written`, error);
    return false;
  }
  return mail ? await enqueueMail(tx, mail) : false;
}
