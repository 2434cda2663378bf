import { describe, expect, it } from 'vitest';
import { formatEuros } from '../catalog/pricing.js';
import type { ContractState } from './decider.js';
import {
  contractBalance,
  creditMoney,
  creditRefundLabel,
  decideMoney,
  invoiceMoney,
  invoicePaymentLabel,
} from './money.js';

// A contract's money as the fold leaves it: one invoice of 198,00 € at 10 %, its credit note of 160,57 €.
const invoice = { number: 'FA-2026-000001', totalInclCents: 19_800 };
const credit = { number: 'AV-2026-000001', cites: invoice.number, totalInclCents: 16_057 };
const state = (paid: number[], refunded: number[] = [], credited = true) =>
  ({
    createdAt: '2025-12-10T09:00:00.000Z',
    invoices: [
      { ...invoice, yearIndex: 1, periodIndex: 0, from: '2026-01-01', to: '2026-12-31', issuedAt: '' },
    ],
    credits: credited ? [{ ...credit, issuedAt: '' }] : [],
    payments: paid.map((amountCents) => ({ document: invoice.number, amountCents })),
    refunds: refunded.map((amountCents) => ({ document: credit.number, amountCents })),
    documentVat: {
      [invoice.number]: [{ rate: 10, totalInclCents: 19_800 }],
      [credit.number]: [{ rate: 10, totalInclCents: 16_057 }],
    },
  }) as unknown as ContractState;

const payment = (amountCents: number, day = '2026-03-10') =>
  ({
    type: 'RecordPayment',
    invoiceNumber: invoice.number,
    paymentId: 'p1',
    amountCents,
    method: 'cheque',
    day,
    reference: null,
    today: '2026-03-10',
    dayClosed: false,
  }) as const;
const refund = (amountCents: number) =>
  ({
    type: 'RecordRefund',
    creditNoteNumber: credit.number,
    refundId: 'r1',
    amountCents,
    method: 'transfer',
    today: '2026-03-10',
    dayClosed: false,
  }) as const;

/** The typed code a decision is refused with (null: not refused). */
function codeOf(decision: () => unknown): string | null {
  try {
    decision();
  } catch (error) {
    return (error as { code?: string }).code ?? null;
  }
  return null;
}

describe('what a contract invoice owes (ADR 046)', () => {
  it('is its total less what was paid: « À payer », « Partiellement payée (X reçus) », « Payée »', () => {
    const m = (paid: number[]) => invoiceMoney(state(paid, [], false), invoice);
    expect(invoicePaymentLabel(m([]))).toBe('À payer');
    expect(m([10_000]).leftCents).toBe(9_800);
    expect(invoicePaymentLabel(m([10_000]))).toBe(`Partiellement payée (${formatEuros(10_000)} reçus)`);
    expect(invoicePaymentLabel(m([10_000, 9_800]))).toBe('Payée');
  });

  it('refuses one cent over what is left, and a payment of an invoice paid in full', () => {
    const s = state([10_000], [], false);
    expect(codeOf(() => decideMoney(payment(9_801), s))).toBe('AMOUNT_TOO_HIGH');
    expect(decideMoney(payment(9_800), s)).toMatchObject([
      {
        type: 'PaymentRecorded',
        data: { amountCents: 9_800, vatRate: 10, vatCents: 891, invoiceNumber: invoice.number },
      },
    ]);
    expect(() => decideMoney(payment(1), state([19_800], [], false))).toThrow(
      'Cette facture est déjà entièrement payée.',
    );
    expect(codeOf(() => decideMoney({ ...payment(1), dayClosed: true }, s))).toBe('PERIOD_CLOSED');
  });

  it('owes less by its credit note when unpaid: nothing to refund, the note deducted', () => {
    const s = state([]);
    expect(invoiceMoney(s, invoice)).toMatchObject({ leftCents: 19_800 - 16_057, refundableCents: 0 });
    expect(creditRefundLabel(credit, creditMoney(s, credit))).toBe(
      `Déduit du reste à payer de la facture ${invoice.number}`,
    );
    expect(codeOf(() => decideMoney(refund(1), s))).toBe('NOTHING_TO_REFUND');
    expect(contractBalance(s)).toEqual({ owedCents: 3_743, toRefundCents: 0 });
  });
});

describe('what a contract credit note gives back (ADR 046)', () => {
  it('is its amount once the invoice was paid in full, at most that, then « Remboursé »', () => {
    const paid = state([19_800]);
    expect(creditRefundLabel(credit, creditMoney(paid, credit))).toBe(`${formatEuros(16_057)} à rembourser`);
    expect(contractBalance(paid)).toEqual({ owedCents: 0, toRefundCents: 16_057 });
    expect(codeOf(() => decideMoney(refund(16_058), paid))).toBe('REFUND_TOO_HIGH');
    expect(decideMoney(refund(16_057), paid)).toMatchObject([
      {
        type: 'RefundRecorded',
        data: { amountCents: 16_057, day: '2026-03-10', creditNoteNumber: credit.number },
      },
    ]);
    const done = state([19_800], [10_000, 6_057]);
    expect(creditRefundLabel(credit, creditMoney(done, credit))).toBe('Remboursé');
    expect(contractBalance(done)).toEqual({ owedCents: 0, toRefundCents: 0 });
    expect(() => decideMoney(refund(1), done)).toThrow('Cet avoir est déjà remboursé.');
  });
});
