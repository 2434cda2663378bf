/**
 * The withdrawal function (issue 26; rules in src/domain/orders/withdrawal.ts): the signed order
 * page's reading, the customer's request (appended the one way order events are, handleOrderCommand,
 * which queues its acknowledgement in the same transaction: withdrawal-mail.ts), and the owner's
 * record of the hygiene exception.
 */

import { DomainError } from '../../domain/errors.js';
import type { OrderState } from '../../domain/orders/decider.js';
import type { Actor } from '../../domain/orders/events.js';
import { orderStatusLabel } from '../../domain/orders/status.js';
import {
  type WithdrawalForm,
  type WithdrawalWindow,
  withdrawalWindow,
} from '../../domain/orders/withdrawal.js';
import type { Sql, Tx } from '../db/client.js';
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

/** The customer's withdrawal through the signed link: appended and acknowledged (outbox) in one transaction. */
export async function requestWithdrawal(
  sql: Sql,
  secret: string,
  token: string,
  form: WithdrawalForm,
  meta: { actor: Actor; requestId: string },
): Promise<SignedOrder> {
  const orderId = orderIdFromToken(secret, token);
  if (!orderId) throw notFound();
  await stateForToken(sql, secret, token);
  const at = new Date().toISOString();
  const { state } = await handleOrderCommand(
    sql,
    orderId,
    // The acknowledgement is queued in the withdrawal's transaction: both commit, or neither.
    { actor: meta.actor, requestId: meta.requestId, at },
    {
      command: () => ({
        type: 'RequestWithdrawal',
        at,
        name: form.name,
        email: form.email,
        itemIds: form.itemIds,
      }),
    },
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
  return await handleOrderCommand(sql, orderId, meta, {
    command: () => ({
      type: 'RecordWithdrawalException',
      itemIds: input.itemIds,
      note: input.note || null,
    }),
  });
}
