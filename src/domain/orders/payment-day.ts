import { formatEuros } from '../catalog/pricing.js';
import { isRealDay } from '../common/dates.js';
import { PAYMENT_REFERENCE_MAX } from '../common/limits.js';
import { DomainError } from '../errors.js';
import { frenchDay } from '../site/dates.js';
import { parisDay } from '../site/time-zone.js';
import { PAYMENT_METHODS, type PaymentMethod } from './money.js';

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

// --- The refusals every recorded payment shares (an order's, an intervention's, a contract's) -----

const invalid = (code: string, message: string, details: Record<string, unknown>) =>
  new DomainError('invalid', code, message, details);

/** The payment's method, one of PAYMENT_METHODS. */
export function checkPaymentMethod(method: string): PaymentMethod {
  if (!(PAYMENT_METHODS as readonly string[]).includes(method))
    throw invalid('UNKNOWN_METHOD', 'Choisissez un moyen de paiement.', { field: 'method' });
  return method as PaymentMethod;
}

/** A payment's amount: whole cents, above 0. */
export function checkPaymentAmount(amountCents: number): void {
  if (!Number.isInteger(amountCents) || amountCents <= 0)
    throw invalid('INVALID_AMOUNT', 'Le montant doit être supérieur à 0.', { field: 'amountCents' });
}

/**
 * At most what is still to pay (`leftCents`); `paidInFull` says so when nothing is (« Cette
 * facture est déjà entièrement payée. », « Cette commande … »).
 */
export function checkAmountLeft(amountCents: number, leftCents: number, paidInFull: string): void {
  if (amountCents > leftCents)
    throw invalid(
      'AMOUNT_TOO_HIGH',
      leftCents === 0 ? paidInFull : `Le montant dépasse le reste à payer (${formatEuros(leftCents)}).`,
      { field: 'amountCents', leftCents },
    );
}

/** The payment's reference, trimmed (null when empty), at most PAYMENT_REFERENCE_MAX characters. */
export function checkPaymentReference(reference: string | null | undefined): string | null {
  const text = reference?.trim() || null;
  if (text && text.length > PAYMENT_REFERENCE_MAX)
    throw invalid(
      'REFERENCE_TOO_LONG',
      `La référence ne peut pas dépasser ${PAYMENT_REFERENCE_MAX} caractères.`,
      { field: 'reference' },
    );
  return text;
}
