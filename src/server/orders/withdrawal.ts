/**
 * The withdrawal function (issue 26; rules in src/domain/orders/withdrawal.ts): the signed order
 * page's reading, the customer's request (appended the one way events are, handleOrderCommand),
 * its acknowledgement on a durable medium through the outbox, and the owner's record of the
 * hygiene exception.
 */

import { formatEuros, formatShipping } from '../../domain/catalog/pricing.js';
import { DomainError } from '../../domain/errors.js';
import type { OrderState } from '../../domain/orders/decider.js';
import type { Actor } from '../../domain/orders/events.js';
import { orderStatusLabel } from '../../domain/orders/status.js';
import {
  refundLastDay,
  WITHDRAWAL_DAYS,
  type WithdrawalForm,
  type WithdrawalWindow,
  withdrawalWindow,
} from '../../domain/orders/withdrawal.js';
import type { ShopIdentity } from '../../domain/settings/settings.js';
import { frenchCalendarDate, frenchDateTime, frenchLongDate } from '../../domain/site/dates.js';
import type { Sql, Tx } from '../db/client.js';
import { contactLine, renderMail } from '../mail/layout.js';
import { enqueueMail, type QueuedMail } from '../mail/outbox.js';
import { handleOrderCommand } from './commands.js';
import { foldStored } from './commit.js';
import { orderIdFromToken } from './order-link.js';
import { readStream } from './store.js';

const notFound = () =>
  new DomainError('not_found', 'ORDER_NOT_FOUND', 'Ce lien de commande est invalide ou a expiré.');

/** The signed order page's view: what the customer ordered, where it stands, the withdrawal. */
export interface SignedOrder {
  orderNumber: string;
  createdAt: string;
  status: string;
  statusLabel: string;
  deliveryMethod: 'delivery' | 'pickup';
  customerName: string;
  customerEmail: string;
  lines: {
    itemId: string;
    title: string;
    quantity: number;
    unitPriceCents: number;
    totalPriceCents: number;
  }[];
  subtotalCents: number;
  shippingCostCents: number;
  taxCents: number;
  totalAmountCents: number;
  cgvVersion: string | null;
  window: WithdrawalWindow;
  withdrawal: { requestedAt: string; itemIds: string[] } | null;
}

function signedOrder(state: OrderState, now: Date): SignedOrder {
  return {
    orderNumber: state.orderNumber,
    createdAt: state.createdAt,
    status: state.status,
    statusLabel: orderStatusLabel(state.status),
    deliveryMethod: state.deliveryMethod,
    customerName: `${state.customer.firstName} ${state.customer.lastName}`.trim(),
    customerEmail: state.customer.email,
    lines: state.lines.map((l) => ({
      itemId: l.itemId,
      title: l.title,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      totalPriceCents: l.totalPriceCents,
    })),
    subtotalCents: state.subtotalCents,
    shippingCostCents: state.shippingCostCents,
    taxCents: state.taxCents,
    totalAmountCents: state.totalAmountCents,
    cgvVersion: state.cgvVersion ?? null,
    window: withdrawalWindow(state, now),
    withdrawal: state.withdrawal && {
      requestedAt: state.withdrawal.requestedAt,
      itemIds: state.withdrawal.itemIds,
    },
  };
}

async function stateForToken(sql: Tx, secret: string, token: string): Promise<OrderState> {
  const orderId = orderIdFromToken(secret, token);
  if (!orderId) throw notFound();
  const state = foldStored(await readStream(sql, orderId));
  // A deleted order's link leads nowhere: the back-office removed it.
  if (!state || state.deleted) throw notFound();
  return state;
}

export async function orderForToken(sql: Tx, secret: string, token: string): Promise<SignedOrder> {
  return signedOrder(await stateForToken(sql, secret, token), new Date());
}

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

/** The customer's withdrawal through the signed link: appended and acknowledged (outbox) in one transaction. */
export async function requestWithdrawal(
  sql: Sql,
  secret: string,
  token: string,
  form: WithdrawalForm,
  meta: { actor: Actor; requestId: string; shop: ShopIdentity },
): Promise<SignedOrder> {
  const orderId = orderIdFromToken(secret, token);
  if (!orderId) throw notFound();
  await stateForToken(sql, secret, token);
  const at = new Date().toISOString();
  const { state } = await handleOrderCommand(
    sql,
    orderId,
    {
      actor: meta.actor,
      requestId: meta.requestId,
      at,
      // The acknowledgement is queued in the withdrawal's transaction: both commit, or neither.
      inTransaction: async (tx, id) => {
        const requested = foldStored(await readStream(tx, id));
        if (requested) await enqueueMail(tx, withdrawalAcknowledgement(requested, meta.shop));
      },
    },
    () => ({
      type: 'RequestWithdrawal',
      at,
      name: form.name,
      email: form.email,
      itemIds: form.itemIds,
    }),
  );
  if (!state) throw notFound();
  return signedOrder(state, new Date(at));
}

/** The owner records the hygiene exception for some lines (never automatic). */
export async function recordWithdrawalException(
  sql: Sql,
  orderId: string,
  input: { itemIds: string[]; note: string },
  meta: { actor: Actor; requestId: string },
) {
  return await handleOrderCommand(sql, orderId, { ...meta }, () => ({
    type: 'RecordWithdrawalException',
    itemIds: input.itemIds,
    note: input.note || null,
  }));
}
