import { isRealDay } from '../common/dates.js';
import { DomainError } from '../errors.js';
import { frenchDay } from '../site/dates.js';
import { parisDay } from '../site/time-zone.js';

/**
 * The day a payment was received (third probe, finding 8): a day of the calendar (« 2026-02-30 »
 * used to be closed as 2 March), not after today and not before the order was placed, both in
 * Paris time. The till's closures count a movement on that day (CGI art. 286 I 3° bis: conservation),
 * so a day that cannot be true would put it in the wrong closure.
 */
export type PaymentDayProblem = 'not_a_day' | 'future' | 'before_order';

export const PAYMENT_DAY_MESSAGES: Record<PaymentDayProblem, string> = {
  not_a_day: 'Indiquez une date de paiement valide.',
  future: 'La date du paiement ne peut pas être dans le futur.',
  before_order: 'La date du paiement ne peut pas précéder le jour de la commande.',
};

/** What is wrong with `day` as the payment day of an order placed at `orderPlacedAt`; null when nothing. */
export function paymentDayProblem(
  day: string,
  orderPlacedAt: string,
  today: string,
): PaymentDayProblem | null {
  if (!isRealDay(day)) return 'not_a_day';
  if (day > today) return 'future';
  if (day < parisDay(new Date(orderPlacedAt))) return 'before_order';
  return null;
}

/**
 * Article 286 I 3° bis CGI (conservation): a closed day receives no movement. The one refusal of
 * every money command (an order's, an intervention's, a contract's). `field`: the input that chose
 * the day (a payment's date), named so that the form says it there.
 */
export const closedDayError = (day: string, field?: 'day') =>
  new DomainError(
    'conflict',
    'PERIOD_CLOSED',
    `La journée du ${frenchDay(day)} est clôturée : aucun mouvement ne peut y être enregistré. Enregistrez-le à la date du jour.`,
    field ? { day, field } : { day },
  );
