/**
 * The words of the button that places an order. C. conso L221-14: the button (or the equivalent
 * function) says in words that ordering means paying, "commande avec obligation de paiement" or an
 * equally unambiguous wording; the Court of Justice judges the button's words alone (C-249/21).
 * "Commander et payer" is the first choice: short enough for a phone's full-width button,
 * and its verb "payer" leaves no doubt. Every place that places an order uses this constant.
 */
export const ORDER_BUTTON_LABEL = 'Commander et payer';

/** True when words alone say that clicking commits to pay (the test of L221-14, as C-249/21 reads it). */
export const saysOrderingMeansPaying = (words: string): boolean =>
  /\bpayer\b|obligation de paiement/i.test(words);
