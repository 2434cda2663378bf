/**
 * The price seen is the price paid. C. conso L221-14 and C. civ. 1127-2: the customer sees the
 * total, delivery included, and can correct the order before the button that commits to pay. The
 * checkout sends the total it showed (with its VAT); when the server's own pricing of the order
 * (lines, delivery, VAT, as of now) differs, the order is refused with the new figures, never
 * placed at a total the customer did not see.
 */
import { z } from 'zod';
import { formatEuros, type OrderAmounts } from '../catalog/pricing.js';
import { DomainError } from '../errors.js';

/** Refusal of an order sent without the total its page showed (an API client, an outdated page). */
export const MISSING_TOTAL_MESSAGE =
  'Le total affiché manque : rechargez la page de commande puis confirmez à nouveau.';

const cents = z
  .number({ error: MISSING_TOTAL_MESSAGE })
  .int({ error: MISSING_TOTAL_MESSAGE })
  .nonnegative({ error: MISSING_TOTAL_MESSAGE })
  // Any figure a page could show: a total over the order cap gets the cap's own message (decider).
  .max(Number.MAX_SAFE_INTEGER, { error: MISSING_TOTAL_MESSAGE });

/**
 * What the checkout showed next to its button, in cents. Required in `checkout.place`: the server
 * trusts no total it can compute, and places no order without the one the customer saw.
 */
export const shownTotalSchema = z.object(
  { totalAmountCents: cents, taxCents: cents },
  { error: MISSING_TOTAL_MESSAGE },
);
export type ShownTotal = z.infer<typeof shownTotalSchema>;

export const totalChangedMessage = (totalAmountCents: number): string =>
  `Le montant de votre commande a changé : nouveau total ${formatEuros(totalAmountCents)}. Vérifiez puis confirmez à nouveau.`;

/**
 * Refuses an order whose amounts differ from the ones shown; the error carries the new figures.
 * `null` only for an order the shop takes itself in the back-office (by phone, at the counter): no
 * customer's screen showed a total there, and the admin reads the server's total once placed.
 */
export function checkShownTotal(shown: ShownTotal | null, amounts: OrderAmounts): void {
  if (shown === null) return;
  if (shown.totalAmountCents === amounts.totalAmountCents && shown.taxCents === amounts.taxCents) return;
  throw new DomainError('conflict', 'TOTAL_CHANGED', totalChangedMessage(amounts.totalAmountCents), {
    amounts,
  });
}
