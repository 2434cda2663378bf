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

/** What the checkout showed next to its button, in cents. */
export const shownTotalSchema = z.object({
  totalAmountCents: z.number().int().nonnegative().max(1_000_000_000),
  taxCents: z.number().int().nonnegative().max(1_000_000_000),
});
export type ShownTotal = z.infer<typeof shownTotalSchema>;

export const totalChangedMessage = (totalAmountCents: number): string =>
  `Le montant de votre commande a changé : nouveau total ${formatEuros(totalAmountCents)}. Vérifiez puis confirmez à nouveau.`;

/** Refuses an order whose amounts differ from the ones shown; the error carries the new figures. */
export function checkShownTotal(shown: ShownTotal | undefined, amounts: OrderAmounts): void {
  if (!shown) return;
  if (shown.totalAmountCents === amounts.totalAmountCents && shown.taxCents === amounts.taxCents) return;
  throw new DomainError('conflict', 'TOTAL_CHANGED', totalChangedMessage(amounts.totalAmountCents), {
    amounts,
  });
}
