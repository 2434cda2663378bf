import { ERASED_CUSTOMER_LABEL } from './events.js';

/**
 * Third probe, finding 6: a payment recorded on an order whose buyer was erased issued an invoice
 * made out to « Client supprimé », with no name or address. An invoice must name the buyer and
 * give their address (CGI art. 242 nonies A, I-3°; C. com. L441-9), and the erasure cannot be
 * undone: such an order takes no payment (the shop cancels it; money already received before the
 * erasure stays recorded and is refunded through the cancellation).
 */
export const ERASED_BUYER_PAYMENT_MESSAGE =
  'Les coordonnées du client de cette commande ont été effacées : aucune facture ne peut être émise à son nom, donc aucun paiement ne peut être enregistré. Annulez la commande.';

export const buyerErased = (customer: { firstName: string; lastName: string; address: string }): boolean =>
  customer.firstName === ERASED_CUSTOMER_LABEL && customer.lastName === '' && customer.address === '';
