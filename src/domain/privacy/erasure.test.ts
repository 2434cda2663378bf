import { describe, expect, it } from 'vitest';
import { checkNoOpenOrders, type ErasableOrder, openOrderReason, openOrdersMessage } from './erasure.js';

const done: ErasableOrder = {
  orderNumber: 'CMD-2026-000001',
  status: 'delivered',
  totalAmountCents: 2500,
  paidCents: 2500,
  refundedCents: 0,
  withdrawalRequested: false,
};

describe('an order the erasure would leave nobody to finish', () => {
  it('is to deliver until delivered or cancelled', () => {
    for (const status of ['pending', 'confirmed', 'processing', 'shipped'])
      expect(openOrderReason({ ...done, status })).toBe('deliver');
    expect(openOrderReason(done)).toBeNull();
  });

  it('is to pay while one cent is missing on a delivered order', () => {
    expect(openOrderReason({ ...done, paidCents: 2499 })).toBe('pay');
  });

  it('is to refund while a cancelled order keeps one cent, or a withdrawal has no refund', () => {
    expect(openOrderReason({ ...done, status: 'cancelled', refundedCents: 2499 })).toBe('refund');
    expect(openOrderReason({ ...done, status: 'cancelled', refundedCents: 2500 })).toBeNull();
    expect(openOrderReason({ ...done, status: 'cancelled', paidCents: 0 })).toBeNull();
    expect(openOrderReason({ ...done, withdrawalRequested: true })).toBe('refund');
    expect(openOrderReason({ ...done, withdrawalRequested: true, refundedCents: 990 })).toBeNull();
  });

  it('refuses the erasure and says, in French, what to do first', () => {
    expect(() => checkNoOpenOrders([done], 'customer')).not.toThrow();
    expect(() => checkNoOpenOrders([done, { ...done, status: 'pending' }], 'customer')).toThrow(
      'Votre compte ne peut pas encore être supprimé : votre commande CMD-2026-000001 (à livrer) est en cours. Nous devons d’abord la terminer, ou l’annuler et vous rembourser : contactez-nous, puis supprimez votre compte.',
    );
    expect(
      openOrdersMessage(
        [
          { orderNumber: 'CMD-2026-000001', reason: 'pay' },
          { orderNumber: 'CMD-2026-000002', reason: 'refund' },
        ],
        'admin',
      ),
    ).toBe(
      'Ce compte ne peut pas encore être supprimé : les commandes CMD-2026-000001 (à payer), CMD-2026-000002 (à rembourser) sont en cours. Terminez-les, ou annulez-les et remboursez, puis supprimez le compte.',
    );
  });
});
