import { describe, expect, it } from 'vitest';
import {
  checkNothingOpen,
  type ErasableIntervention,
  type ErasableOrder,
  openInterventionReason,
  openItemsMessage,
  openOrderReason,
} from './erasure.js';

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
    expect(() => checkNothingOpen([done], [], 'customer')).not.toThrow();
    expect(() => checkNothingOpen([done, { ...done, status: 'pending' }], [], 'customer')).toThrow(
      'Votre compte ne peut pas encore être supprimé : votre commande CMD-2026-000001 (à livrer) est en cours. Nous devons d’abord la terminer, ou l’annuler et vous rembourser : contactez-nous, puis supprimez votre compte.',
    );
    expect(
      openItemsMessage(
        [
          { kind: 'order', number: 'CMD-2026-000001', reason: 'pay' },
          { kind: 'order', number: 'CMD-2026-000002', reason: 'refund' },
        ],
        'admin',
      ),
    ).toBe(
      'Ce compte ne peut pas encore être supprimé : les commandes CMD-2026-000001 (à payer), CMD-2026-000002 (à rembourser) sont en cours. Terminez-les, ou annulez-les et remboursez, puis supprimez le compte.',
    );
  });
});

const invoiced: ErasableIntervention = {
  number: 'INT-2026-000001',
  status: 'invoiced',
  contracted: true,
  invoiceTotalCents: 18_000,
  paidCents: 18_000,
};

describe('an intervention the erasure would leave nobody to finish (ADR 020)', () => {
  it('is to pay while one cent of its invoice is missing', () => {
    expect(openInterventionReason(invoiced)).toBeNull();
    expect(openInterventionReason({ ...invoiced, paidCents: 17_999 })).toBe('pay');
    expect(openInterventionReason({ ...invoiced, contracted: false, paidCents: 0 })).toBe('pay');
  });

  it('is to carry out once its devis is signed, until done (or lost)', () => {
    const signed = { ...invoiced, invoiceTotalCents: null, paidCents: 0 };
    for (const status of ['accepted', 'scheduled'])
      expect(openInterventionReason({ ...signed, status })).toBe('perform');
    for (const status of ['done', 'lost']) expect(openInterventionReason({ ...signed, status })).toBeNull();
    for (const status of ['requested', 'quote_sent', 'scheduled'])
      expect(openInterventionReason({ ...signed, status, contracted: false })).toBeNull();
  });

  it('refuses the erasure with the orders’ sentence, naming it', () => {
    const unpaid = { ...invoiced, paidCents: 0 };
    expect(() => checkNothingOpen([], [unpaid], 'customer')).toThrow(
      'Votre compte ne peut pas encore être supprimé : votre intervention INT-2026-000001 (à payer) est en cours. Nous devons d’abord la terminer, ou l’annuler et vous rembourser : contactez-nous, puis supprimez votre compte.',
    );
    expect(() =>
      checkNothingOpen(
        [{ ...done, status: 'pending' }],
        [{ ...unpaid, status: 'accepted', invoiceTotalCents: null }],
        'admin',
      ),
    ).toThrow(
      'Ce compte ne peut pas encore être supprimé : les commandes et interventions CMD-2026-000001 (à livrer), INT-2026-000001 (à réaliser) sont en cours. Terminez-les, ou annulez-les et remboursez, puis supprimez le compte.',
    );
  });
});
