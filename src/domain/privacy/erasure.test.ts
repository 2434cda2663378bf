import { describe, expect, it } from 'vitest';
import {
  checkNothingOpen,
  type ErasableContract,
  type ErasableIntervention,
  type ErasableOrder,
  openContractReason,
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
    expect(() => checkNothingOpen({ orders: [done], interventions: [] }, 'customer')).not.toThrow();
    expect(() =>
      checkNothingOpen({ orders: [done, { ...done, status: 'pending' }], interventions: [] }, 'customer'),
    ).toThrow(
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
    expect(() => checkNothingOpen({ orders: [], interventions: [unpaid] }, 'customer')).toThrow(
      'Votre compte ne peut pas encore être supprimé : votre intervention INT-2026-000001 (à payer) est en cours. Nous devons d’abord la terminer, ou l’annuler et vous rembourser : contactez-nous, puis supprimez votre compte.',
    );
    expect(() =>
      checkNothingOpen(
        {
          orders: [{ ...done, status: 'pending' }],
          interventions: [{ ...unpaid, status: 'accepted', invoiceTotalCents: null }],
        },
        'admin',
      ),
    ).toThrow(
      'Ce compte ne peut pas encore être supprimé : les commandes et interventions CMD-2026-000001 (à livrer), INT-2026-000001 (à réaliser) sont en cours. Terminez-les, ou annulez-les et remboursez, puis supprimez le compte.',
    );
  });
});

const settled: ErasableContract = {
  number: 'CT-2026-000001',
  running: false,
  owedCents: 0,
  toRefundCents: 0,
};

describe('a yearly contract the erasure would leave nobody to finish (ADR 046)', () => {
  it('is open while it runs, while an invoice owes one cent, or a credit note has one to give back', () => {
    expect(openContractReason(settled)).toBeNull();
    expect(openContractReason({ ...settled, running: true })).toBe('run');
    expect(openContractReason({ ...settled, owedCents: 1 })).toBe('pay');
    expect(openContractReason({ ...settled, toRefundCents: 1 })).toBe('refund');
  });

  it('names the contract in correct French: masculine, « en cours » said once, « résilier »', () => {
    const running = { ...settled, running: true };
    expect(() =>
      checkNothingOpen({ orders: [], interventions: [], contracts: [settled] }, 'customer'),
    ).not.toThrow();
    expect(() =>
      checkNothingOpen({ orders: [], interventions: [], contracts: [running] }, 'customer'),
    ).toThrow(
      'Votre compte ne peut pas encore être supprimé : votre contrat CT-2026-000001 (en cours) n’est pas terminé. Nous devons d’abord le terminer, ou le résilier et vous rembourser : contactez-nous, puis supprimez votre compte.',
    );
    expect(
      openItemsMessage(
        [
          { kind: 'contract', number: 'CT-2026-000001', reason: 'run' },
          { kind: 'contract', number: 'CT-2026-000002', reason: 'refund' },
        ],
        'admin',
      ),
    ).toBe(
      'Ce compte ne peut pas encore être supprimé : les contrats CT-2026-000001 (en cours), CT-2026-000002 (à rembourser) ne sont pas terminés. Terminez-les, ou résiliez-les et remboursez, puis supprimez le compte.',
    );
    expect(openItemsMessage([{ kind: 'contract', number: 'CT-2026-000001', reason: 'pay' }], 'admin')).toBe(
      'Ce compte ne peut pas encore être supprimé : le contrat CT-2026-000001 (à payer) n’est pas terminé. Terminez-le, ou résiliez-le et remboursez, puis supprimez le compte.',
    );
  });

  it('agrees a mixed list in the masculine and names every kind', () => {
    expect(() =>
      checkNothingOpen(
        {
          orders: [{ ...done, status: 'pending' }],
          interventions: [{ ...invoiced, paidCents: 0 }],
          contracts: [{ ...settled, running: true }],
        },
        'customer',
      ),
    ).toThrow(
      'Votre compte ne peut pas encore être supprimé : vos commandes, interventions et contrats CMD-2026-000001 (à livrer), INT-2026-000001 (à payer), CT-2026-000001 (en cours) ne sont pas terminés. Nous devons d’abord les terminer, ou les annuler ou les résilier et vous rembourser : contactez-nous, puis supprimez votre compte.',
    );
  });
});
