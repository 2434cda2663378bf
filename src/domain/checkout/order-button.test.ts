import { describe, expect, it } from 'vitest';
import { ORDER_BUTTON_LABEL, saysOrderingMeansPaying } from './order-button.js';

describe('the order button (C. conso L221-14)', () => {
  it('reads "Commander et payer"', () => {
    expect(ORDER_BUTTON_LABEL).toBe('Commander et payer');
  });

  it('says in its words alone that ordering means paying', () => {
    expect(saysOrderingMeansPaying(ORDER_BUTTON_LABEL)).toBe(true);
    expect(saysOrderingMeansPaying('Commande avec obligation de paiement')).toBe(true);
    // The words the shop used before, and what C-249/21 judged too vague.
    expect(saysOrderingMeansPaying('Confirmer la commande')).toBe(false);
    expect(saysOrderingMeansPaying('Valider')).toBe(false);
  });
});
