/**
 * Payments and refunds as a ledger (issue 24): given events, when a money command, then events or
 * a French error. Amounts computed by hand on an order of 2 × 10,00 € + 5,00 € of delivery = 25,00 €
 * with 20 % VAT included (25,00 × 20 / 120 = 4,17 €).
 */
import { describe, expect, it } from 'vitest';
import { productSales, productSalesChange } from '../dashboard/product-sales.js';
import { closureTotals, periodDays } from './closures.js';
import {
  decide,
  type EvolvingEvent,
  fold,
  type MoneyCommand,
  outstandingLines,
  stockMovements,
} from './decider.js';
import type { OrderEvent, OrderPlacedData } from './events.js';
import { eurosToCents, moneySummary, movementVatCents, orderVatRate } from './money.js';

const ORDER = 'a0000000-0000-4000-8000-000000000001';
const TRAP = 'b0000000-0000-4000-8000-000000000001';
const LINE = 'c0000000-0000-4000-8000-000000000001';

const placed: OrderPlacedData = {
  orderNumber: 'CMD-2026-000001',
  customerId: null,
  customer: {
    firstName: 'Marie',
    lastName: 'Lefèvre',
    email: 'marie@example.fr',
    phone: '+33611223344',
    address: '1 rue Verte',
    city: 'Évreux',
    zipCode: '27000',
  },
  deliveryMethod: 'delivery',
  lines: [
    {
      itemId: LINE,
      productId: TRAP,
      title: 'Piège',
      image: null,
      quantity: 2,
      unitPriceCents: 1000,
      totalPriceCents: 2000,
      stockTracked: true,
    },
  ],
  subtotalCents: 2000,
  shippingCostCents: 500,
  taxCents: 417,
  totalAmountCents: 2500,
  notes: null,
  status: 'pending',
  paymentStatus: 'pending',
};

const ctx = { today: '2026-11-25', dayClosed: false };
const stateOf = (...events: OrderEvent[]) =>
  fold(
    events.map(
      (e, i): EvolvingEvent => ({
        ...e,
        streamId: ORDER,
        version: i + 1,
        metadata: { at: `2026-11-2${i}T10:00:00.000Z`, actor: { kind: 'admin', userId: 'admin-1' } },
      }),
    ),
  );
const run = (command: MoneyCommand, ...events: OrderEvent[]) => decide(command, stateOf(...events));
const error = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    // Intl writes euros with a narrow no-break space before the sign.
    return {
      code: (e as { code: string }).code,
      message: (e as Error).message.replace(/[\u202f\u00a0]/g, ' '),
    };
  }
  throw new Error('no error');
};

const order: OrderEvent = { type: 'OrderPlaced', data: placed };
const pay = (paymentId: string, amountCents: number, method: 'cash' | 'cheque' = 'cash'): OrderEvent => ({
  type: 'PaymentRecorded',
  data: {
    paymentId,
    day: '2026-11-24',
    method,
    amountCents,
    vatRate: 20,
    vatCents: movementVatCents(amountCents, placed),
    reference: null,
  },
});
const payment = (amountCents: number, method = 'cash', day = '2026-11-24'): MoneyCommand => ({
  type: 'RecordPayment',
  paymentId: 'p-new',
  amountCents,
  method,
  day,
  ...ctx,
});
const refund = (fields: Partial<Extract<MoneyCommand, { type: 'RefundOrder' }>>): MoneyCommand => ({
  type: 'RefundOrder',
  refundId: 'r-new',
  lines: [],
  shipping: false,
  extraCents: 0,
  method: 'cash',
  reason: 'returned',
  restock: false,
  ...ctx,
  ...fields,
});

describe('recording payments', () => {
  it('records amount, method, day, reference and the VAT it includes (1250 × 417 / 2500 = 209 cents)', () => {
    expect(run({ ...payment(1250, 'cheque'), reference: ' 1234567 ' } as MoneyCommand, order)).toEqual([
      {
        type: 'PaymentRecorded',
        data: {
          paymentId: 'p-new',
          day: '2026-11-24',
          method: 'cheque',
          amountCents: 1250,
          vatRate: 20,
          vatCents: 209,
          reference: '1234567',
        },
      },
    ]);
  });

  it('derives due, paid, left and the status from the entries: half, then all', () => {
    const half = stateOf(order, pay('p1', 1250));
    expect(half).toMatchObject({ paymentStatus: 'partially_paid', paidCents: 1250 });
    expect(moneySummary(half!.ledger, 2500).leftCents).toBe(1250);
    const all = stateOf(order, pay('p1', 1250), pay('p2', 1250, 'cheque'));
    expect(all).toMatchObject({ paymentStatus: 'paid', paidCents: 2500 });
  });

  it('refuses more than what is left, a future day, an unknown method, a closed day', () => {
    expect(error(() => run(payment(1300), order, pay('p1', 1250)))).toEqual({
      code: 'AMOUNT_TOO_HIGH',
      message: 'Le montant dépasse le reste à payer (12,50 €).',
    });
    expect(error(() => run(payment(100), order, pay('p1', 2500))).message).toBe(
      'Cette commande est déjà entièrement payée.',
    );
    expect(error(() => run(payment(100, 'cash', '2026-11-26'), order)).code).toBe('INVALID_DATE');
    expect(error(() => run(payment(100, 'bitcoin'), order)).message).toBe('Choisissez un moyen de paiement.');
    expect(error(() => run(payment(0), order)).code).toBe('INVALID_AMOUNT');
    expect(error(() => run({ ...payment(100), dayClosed: true } as MoneyCommand, order))).toEqual({
      code: 'PERIOD_CLOSED',
      message:
        'La journée du 24/11/2026 est clôturée : aucun mouvement ne peut y être enregistré. Enregistrez-le à la date du jour.',
    });
  });

  it('a mistake is corrected by an opposite entry naming the payment it cancels, dated today', () => {
    const events = run(
      { type: 'CancelPayment', paymentId: 'c1', cancelsPaymentId: 'p1', note: 'Erreur de saisie', ...ctx },
      order,
      pay('p1', 1250),
    );
    expect(events).toEqual([
      {
        type: 'PaymentCancelled',
        data: {
          paymentId: 'c1',
          cancelsPaymentId: 'p1',
          day: '2026-11-25',
          method: 'cash',
          amountCents: 1250,
          vatRate: 20,
          vatCents: 209,
          note: 'Erreur de saisie',
        },
      },
    ]);
    const after = stateOf(order, pay('p1', 1250), ...events);
    expect(after).toMatchObject({ paymentStatus: 'pending', paidCents: 0 });
    expect(after?.ledger.payments[0]?.cancelledBy).toBe('c1');
    expect(
      error(() =>
        run(
          { type: 'CancelPayment', paymentId: 'c2', cancelsPaymentId: 'p1', ...ctx },
          order,
          pay('p1', 1250),
          ...events,
        ),
      ).code,
    ).toBe('PAYMENT_ALREADY_CANCELLED');
  });
});

describe('refunds', () => {
  const paid = [order, pay('p1', 2500)] as const;

  it('a line and quantity at its unit price, restocked: 1 × 10,00 €', () => {
    const events = run(refund({ lines: [{ itemId: LINE, quantity: 1 }], restock: true }), ...paid);
    expect(events[0]).toMatchObject({
      type: 'RefundRecorded',
      data: {
        amountCents: 1000,
        lines: [{ itemId: LINE, quantity: 1, amountCents: 1000 }],
        restock: true,
        vatCents: 167,
      },
    });
    const before = stateOf(...paid);
    expect(stockMovements(before, events[0]!, [{ id: TRAP, infiniteStock: false }])).toEqual([
      { productId: TRAP, delta: 1 },
    ]);
    const after = stateOf(...paid, ...events);
    expect(after).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 1000 });
    // Cancelling later gives back only the line still out: 2 − 1 = 1.
    expect(outstandingLines(after!)).toMatchObject([{ itemId: LINE, quantity: 1 }]);
  });

  it('delivery and an amount: 5,00 + 3,00 = 8,00 €; never more than paid and not yet refunded', () => {
    expect(run(refund({ shipping: true, extraCents: 300 }), ...paid)[0]).toMatchObject({
      data: { amountCents: 800, shippingCents: 500, extraCents: 300 },
    });
    expect(error(() => run(refund({ extraCents: 2600 }), ...paid))).toEqual({
      code: 'REFUND_TOO_HIGH',
      message: 'Le remboursement (26,00 €) dépasse ce qui a été payé et pas encore remboursé (25,00 €).',
    });
    expect(error(() => run(refund({ extraCents: 100 }), order)).message).toBe(
      "Rien n'a été payé sur cette commande : il n'y a rien à rembourser.",
    );
    expect(error(() => run(refund({ lines: [{ itemId: LINE, quantity: 3 }] }), ...paid)).message).toBe(
      'Quantité à rembourser invalide pour « Piège » (au plus 2).',
    );
    expect(error(() => run(refund({}), ...paid)).code).toBe('EMPTY_REFUND');
  });

  it('everything refunded: « Remboursée »', () => {
    const events = run(refund({ lines: [{ itemId: LINE, quantity: 2 }], shipping: true }), ...paid);
    expect(stateOf(...paid, ...events)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 2500 });
  });
});

describe('cancellation after payment (point 3)', () => {
  const paid = [order, pay('p1', 2500)] as const;
  it('a plain cancellation of a paid order is refused and says what remains to refund', () => {
    expect(
      error(() => decide({ type: 'SetStatus', status: 'cancelled', products: [] }, stateOf(...paid))),
    ).toEqual({
      code: 'REFUND_REQUIRED',
      message: "Cette commande a été payée : remboursez 25,00 € pour l'annuler.",
    });
  });
  it('cancel and refund: the refund of what is still paid, then the cancellation, in one decision', () => {
    const events = run({ type: 'CancelAndRefund', refundId: 'r1', method: 'cheque', ...ctx }, ...paid);
    expect(events.map((e) => e.type)).toEqual(['RefundRecorded', 'OrderStatusChanged']);
    expect(events[0]).toMatchObject({
      data: { amountCents: 2500, method: 'cheque', reason: 'cancelled', restock: false },
    });
    expect(stateOf(...paid, ...events)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });
});

describe('helpers', () => {
  it('VAT rate of an order, VAT of a movement, euros typed to cents', () => {
    expect(orderVatRate(placed)).toBe(20);
    expect(movementVatCents(2500, placed)).toBe(417);
    expect(eurosToCents('12,50')).toBe(1250);
    expect(eurosToCents('12.5')).toBe(1250);
    expect(eurosToCents('abc')).toBeNull();
  });
  it('closure totals: count, net, per method and per rate', () => {
    expect(
      closureTotals([
        { position: 1, day: 'd', method: 'cash', amountCents: 2250, vatRate: 20, vatCents: 375 },
        { position: 2, day: 'd', method: 'cheque', amountCents: 2250, vatRate: 20, vatCents: 375 },
        { position: 3, day: 'd', method: 'cash', amountCents: -1000, vatRate: 20, vatCents: -167 },
        { position: 4, day: 'd', method: 'card', amountCents: 1055, vatRate: 5.5, vatCents: 55 },
      ]),
    ).toEqual({
      movementCount: 4,
      netCents: 4555,
      byMethod: { card: 1055, cash: 1250, cheque: 2250 },
      byVat: [
        { rate: 5.5, amountCents: 1055, vatCents: 55 },
        { rate: 20, amountCents: 3500, vatCents: 583 },
      ],
    });
    expect(periodDays('month', '2028-02')).toEqual({ firstDay: '2028-02-01', lastDay: '2028-02-29' });
  });
});

describe('product sales (best sellers, revenue by category)', () => {
  it('count each line net of what refunds took back of it; a delivery or gesture refund is tied to no product', () => {
    const paid = [order, pay('p1', 2500)];
    expect(productSales(stateOf(...paid))).toEqual([
      { productId: TRAP, title: 'Piège', quantity: 2, revenueCents: 2000 },
    ]);
    // One trap back (10,00 €) plus the delivery (5,00 €): the product keeps 1 unit and 10,00 €.
    const back = run(refund({ lines: [{ itemId: LINE, quantity: 1 }], shipping: true }), ...paid);
    expect(productSales(stateOf(...paid, ...back))).toEqual([
      { productId: TRAP, title: 'Piège', quantity: 1, revenueCents: 1000 },
    ]);
    expect(productSalesChange(stateOf(...paid), stateOf(...paid, ...back))).toEqual([
      { productId: TRAP, title: 'Piège', quantity: -1, revenueCents: -1000 },
    ]);
    const gesture = run(refund({ extraCents: 300 }), ...paid);
    expect(productSalesChange(stateOf(...paid), stateOf(...paid, ...gesture))).toEqual([]);
    // Refunded in full (« Remboursée »): the order counts for nothing.
    const all = run(refund({ lines: [{ itemId: LINE, quantity: 2 }], shipping: true }), ...paid);
    expect(productSales(stateOf(...paid, ...all))).toEqual([]);
  });
});
