/**
 * The withdrawal in the decider (issue 26; issue 34: the decider split by capability): the
 * customer's request within the period and the owner's record of the hygiene exception, one decide
 * function each, and how they fold into the order. The rules and texts are in withdrawal.ts.
 */

import { DomainError } from '../errors.js';
import type { EvolvingEvent, OrderCommand, OrderState } from './decider.js';
import type { OrderEvent } from './events.js';
import { WITHDRAWAL_TEXTS, withdrawalWindow } from './withdrawal.js';

/** The lines a withdrawal names: known lines of the order, each once, at least one. */
function withdrawnItemIds(order: OrderState, given: readonly string[]): string[] {
  const known = new Set(order.lines.map((l) => l.itemId));
  const itemIds = [...new Set(given)];
  if (itemIds.length === 0 || itemIds.some((id) => !known.has(id))) {
    throw new DomainError('invalid', 'UNKNOWN_LINE', WITHDRAWAL_TEXTS.unknownLine);
  }
  return itemIds;
}

/** RequestWithdrawal: within the period (counted from the command's time), once. */
export function decideRequestWithdrawal(
  command: Extract<OrderCommand, { type: 'RequestWithdrawal' }>,
  order: OrderState,
): OrderEvent[] {
  const itemIds = withdrawnItemIds(order, command.itemIds);
  const window = withdrawalWindow(order, new Date(command.at));
  if (window.kind === 'requested')
    throw new DomainError('conflict', 'WITHDRAWAL_EXISTS', WITHDRAWAL_TEXTS.already);
  if (window.kind === 'closed') {
    throw window.reason === 'expired' && window.lastDay
      ? new DomainError('conflict', 'WITHDRAWAL_EXPIRED', WITHDRAWAL_TEXTS.expired(window.lastDay))
      : new DomainError('conflict', 'WITHDRAWAL_CLOSED', WITHDRAWAL_TEXTS.cancelled);
  }
  return [{ type: 'WithdrawalRequested', data: { name: command.name, email: command.email, itemIds } }];
}

/** RecordWithdrawalException: the owner's record, on a withdrawal that was requested. */
export function decideRecordWithdrawalException(
  command: Extract<OrderCommand, { type: 'RecordWithdrawalException' }>,
  order: OrderState,
): OrderEvent[] {
  const itemIds = withdrawnItemIds(order, command.itemIds);
  if (!order.withdrawal) {
    throw new DomainError(
      'conflict',
      'NO_WITHDRAWAL',
      "Aucune rétractation n'a été demandée pour cette commande.",
    );
  }
  return [
    {
      type: 'WithdrawalExceptionRecorded',
      data: { reason: 'hygiene_seal_broken', itemIds, note: command.note?.trim() || null },
    },
  ];
}

export function evolveWithdrawal(
  state: OrderState,
  event: Extract<EvolvingEvent, { type: 'WithdrawalRequested' | 'WithdrawalExceptionRecorded' }>,
): OrderState {
  const at = event.metadata.at;
  if (event.type === 'WithdrawalRequested') {
    const { name, email, itemIds } = event.data;
    return {
      ...state,
      withdrawal: { requestedAt: at, name, email, itemIds, exception: null },
      version: event.version,
      updatedAt: at,
    };
  }
  return {
    ...state,
    withdrawal: state.withdrawal && { ...state.withdrawal, exception: { ...event.data, at } },
    version: event.version,
    updatedAt: at,
  };
}
