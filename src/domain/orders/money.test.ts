/**
 * Payments and refunds as a ledger (issue 24): given events, when a money command, then events or
 * a French error. Amounts computed by hand on an order of 2 × 10,00 € + 5,00 € of delivery = 25,00 €
 * with 20 % VAT included (25,00 × 20 / 120 = 4,17 €).
 */
import { describe, expect, it } from 'vitest';
import { givenWith, refusalOf } from '../../../tests/support/decider.js';
import { productSales, productSalesChange } from '../dashboard/product-sales.js';
import { DomainError } from '../errors.js';
import { closureTotals, MOVEMENT_SIGN, periodDays, periodIsOver, tillMovement } from './closures.js';
import {
  decide,
  evolve,
  type MoneyCommand,
  type OrderState,
  outstandingLines,
  stockMovements,
} from './decider.js';
import { MONEY_MOVEMENT_TYPES, type OrderEvent, type OrderPlacedData } from './events.js';
import {
  centsToEuros,
  eurosToCents,
  moneySummary,
  movementVatCents,
  orderVatRate,
  recordPaymentInput,
  refundAmountCents,
  refundableShippingCents,
  refundInput,
  refundTooHighMessage,
} from './money.js';

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
// Given/when/then through the one helper (tests/support/decider.ts): the events are dated 20, 21…
// November 2026 and recorded by an admin.
const history = givenWith({
  at: (i) => `2026-11-2${i}T10:00:00.000Z`,
  actor: { kind: 'admin', userId: 'admin-1' },
});
const stateOf = (...events: OrderEvent[]) => history(...events).state;
const run = (command: MoneyCommand, ...events: OrderEvent[]) =>
  history(...events)
    .when(command)
    .decide();
const error = refusalOf;

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
    history(order, pay('p1', 1250))
      .when(payment(1300))
      .thenError('AMOUNT_TOO_HIGH', 'Le montant dépasse le reste à payer (12,50 €).');
    expect(error(() => run(payment(100), order, pay('p1', 2500))).message).toBe(
      'Cette commande est déjà entièrement payée.',
    );
    history(order)
      .when(payment(100, 'cash', '2026-11-26'))
      .thenError('INVALID_DATE');
    expect(error(() => run(payment(100, 'bitcoin'), order)).message).toBe('Choisissez un moyen de paiement.');
    history(order).when(payment(0)).thenError('INVALID_AMOUNT');
    history(order)
      .when({ ...payment(100), dayClosed: true } as MoneyCommand)
      .thenError(
        'PERIOD_CLOSED',
        'La journée du 24/11/2026 est clôturée : aucun mouvement ne peut y être enregistré. Enregistrez-le à la date du jour.',
      );
  });

  it('a refusal about one input names it as the procedure’s input key, the form field it shows under', () => {
    const fieldOf = (decision: () => unknown) => {
      try {
        decision();
      } catch (e) {
        expect(e).toBeInstanceOf(DomainError);
        return (e as DomainError).details?.field;
      }
      throw new Error('the decision was not refused');
    };
    const paymentFields = Object.keys(recordPaymentInput.shape);
    const cases: [() => unknown, string][] = [
      [() => run(payment(0), order), 'amountCents'],
      [() => run(payment(1300), order, pay('p1', 1250)), 'amountCents'],
      [() => run(payment(100, 'bitcoin'), order), 'method'],
      [() => run(payment(100, 'cash', '2026-11-26'), order), 'day'],
      [() => run({ ...payment(100), dayClosed: true } as MoneyCommand, order), 'day'],
      [() => run({ ...payment(100), reference: 'x'.repeat(101) } as MoneyCommand, order), 'reference'],
    ];
    for (const [decision, field] of cases) {
      expect(fieldOf(decision)).toBe(field);
      expect(paymentFields).toContain(field);
    }
    const refundFields = Object.keys(refundInput.shape);
    for (const [decision, field] of [
      [() => run(refund({ reason: 'whim' as never }), order, pay('p1', 2500)), 'reason'],
      [() => run(refund({ extraCents: -5 }), order, pay('p1', 2500)), 'extraCents'],
      [() => run(refund({ method: 'bitcoin' as never, extraCents: 100 }), order, pay('p1', 2500)), 'method'],
    ] as const) {
      expect(fieldOf(decision)).toBe(field);
      expect(refundFields).toContain(field);
    }
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
    history(...paid)
      .when(refund({ extraCents: 2600 }))
      .thenError(
        'REFUND_TOO_HIGH',
        'Le remboursement (26,00 €) dépasse ce qui a été payé et pas encore remboursé (25,00 €).',
      );
    expect(error(() => run(refund({ extraCents: 100 }), order)).message).toBe(
      "Rien n'a été payé sur cette commande : il n'y a rien à rembourser.",
    );
    expect(error(() => run(refund({ lines: [{ itemId: LINE, quantity: 3 }] }), ...paid)).message).toBe(
      'Quantité à rembourser invalide pour « Piège » (au plus 2).',
    );
    history(...paid)
      .when(refund({}))
      .thenError('EMPTY_REFUND');
  });

  it('the amount of a refund is its lines at their unit price × quantity, plus the delivery and any amount (the dialog shows this one rule)', () => {
    expect(
      refundAmountCents({
        lines: [
          { unitPriceCents: 1000, quantity: 2 },
          { unitPriceCents: 333, quantity: 3 },
        ],
        shippingCents: 500,
        extraCents: 1,
      }),
    ).toBe(2000 + 999 + 500 + 1);
    expect(refundAmountCents({ lines: [], shippingCents: 0, extraCents: 0 })).toBe(0);
    // Never more than paid and not yet refunded: the exact amount passes, one cent more is refused.
    expect(refundTooHighMessage(2500, 2500)).toBeNull();
    expect(refundTooHighMessage(2501, 2500)?.replace(/[\u202f\u00a0]/g, ' ')).toBe(
      'Le remboursement (25,01 €) dépasse ce qui a été payé et pas encore remboursé (25,00 €).',
    );
    expect(refundTooHighMessage(1, 0)).toBe(
      "Rien n'a été payé sur cette commande : il n'y a rien à rembourser.",
    );
    // The decider records exactly that figure: 1 × 10,00 + the delivery 5,00 + 0,50.
    const events = run(
      refund({ lines: [{ itemId: LINE, quantity: 1 }], shipping: true, extraCents: 50 }),
      ...paid,
    );
    expect(events[0]).toMatchObject({ data: { amountCents: 1550, lines: [{ amountCents: 1000 }] } });
    // The delivery is given back once: what a first refund took is no longer refundable.
    const after = stateOf(...paid, ...events);
    expect(refundableShippingCents(after!.ledger, placed.shippingCostCents)).toBe(0);
    expect(refundableShippingCents(stateOf(...paid)!.ledger, placed.shippingCostCents)).toBe(500);
    expect(run(refund({ shipping: true, extraCents: 100 }), ...paid, ...events)[0]).toMatchObject({
      data: { amountCents: 100, shippingCents: 0 },
    });
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

describe('status changes and the money figures', () => {
  it('a status change keeps the figures its ledger gives, whatever was paid or refunded before it', () => {
    const partlyRefunded: OrderEvent = {
      type: 'RefundRecorded',
      data: {
        refundId: 'r1',
        day: '2026-11-24',
        method: 'cash',
        amountCents: 500,
        vatRate: 20,
        vatCents: movementVatCents(500, placed),
        lines: [],
        shippingCents: 500,
        extraCents: 0,
        reason: 'returned',
        restock: false,
        note: null,
      },
    } as OrderEvent;
    const status = (from: string, to: string): OrderEvent =>
      ({ type: 'OrderStatusChanged', data: { from, to } }) as OrderEvent;
    for (const money of [[], [pay('p1', 1250)], [pay('p1', 2500)], [pay('p1', 2500), partlyRefunded]]) {
      const before = stateOf(order, ...money);
      const after = stateOf(
        order,
        ...money,
        status('pending', 'confirmed'),
        status('confirmed', 'cancelled'),
        status('cancelled', 'processing'),
      );
      const summary = moneySummary(after!.ledger, placed.totalAmountCents);
      expect(after).toMatchObject({
        status: 'processing',
        paymentStatus: summary.status,
        paidCents: summary.paidCents,
        refundedCents: summary.refundedCents,
      });
      expect(after).toMatchObject({
        paymentStatus: before!.paymentStatus,
        paidCents: before!.paidCents,
        refundedCents: before!.refundedCents,
      });
    }
  });
});

describe('second occurrences', () => {
  const paid = [order, pay('p1', 1250), pay('p2', 1250, 'cheque')] as const;

  it('a second refund of the same money is refused: 20,00 € then 6,00 € of 25,00 € (5,00 € left)', () => {
    const first = run(refund({ extraCents: 2000 }), ...paid);
    history(...paid, ...first)
      .when(refund({ extraCents: 600 }))
      .thenError(
        'REFUND_TOO_HIGH',
        'Le remboursement (6,00 €) dépasse ce qui a été payé et pas encore remboursé (5,00 €).',
      );
    expect(run(refund({ extraCents: 500 }), ...paid, ...first)[0]).toMatchObject({
      data: { amountCents: 500 },
    });
    // The same lines twice: the second time none is left to refund.
    const lines = run(refund({ lines: [{ itemId: LINE, quantity: 2 }] }), ...paid);
    expect(
      error(() => run(refund({ lines: [{ itemId: LINE, quantity: 1 }] }), ...paid, ...lines)).message,
    ).toBe('Quantité à rembourser invalide pour « Piège » (au plus 0).');
  });

  it('a payment cancelled after part of the money was refunded: allowed while what is left covers it, refused one cent beyond', () => {
    const cancel: MoneyCommand = { type: 'CancelPayment', paymentId: 'c1', cancelsPaymentId: 'p1', ...ctx };
    const covered = run(refund({ extraCents: 1250 }), ...paid);
    expect(run(cancel, ...paid, ...covered)[0]?.type).toBe('PaymentCancelled');
    const beyond = run(refund({ extraCents: 1251 }), ...paid);
    history(...paid, ...beyond)
      .when(cancel)
      .thenError(
        'PAYMENT_REFUNDED',
        'Une partie de ce paiement a déjà été remboursée : il ne peut plus être annulé.',
      );
  });

  it('stock goes back once: a restocked refund of 1, then the cancellation puts back the other 1 only', () => {
    const back = run(refund({ lines: [{ itemId: LINE, quantity: 1 }], restock: true }), ...paid);
    const cancelled = run(
      { type: 'CancelAndRefund', refundId: 'r2', method: 'cash', ...ctx },
      ...paid,
      ...back,
    );
    let state = stateOf(...paid, ...back);
    const moves = cancelled.flatMap((event) => {
      const m = stockMovements(state, event, [{ id: TRAP, infiniteStock: false }]);
      state = stateOf(...paid, ...back, ...cancelled.slice(0, cancelled.indexOf(event) + 1));
      return m;
    });
    expect(moves).toEqual([{ productId: TRAP, delta: 1 }]);
  });

  it('stock goes back once: a cancelled order already gave its stock back, so its refund puts nothing back', () => {
    // A legacy order marked « Payée » and then cancelled: the cancellation gave the 2 traps back.
    const legacyPaid: OrderEvent = {
      type: 'OrderPaymentStatusChanged',
      data: { from: 'pending', to: 'paid' },
    };
    const cancel: OrderEvent = { type: 'OrderStatusChanged', data: { from: 'pending', to: 'cancelled' } };
    const before = stateOf(order, legacyPaid);
    expect(stockMovements(before, cancel, [{ id: TRAP, infiniteStock: false }])).toEqual([
      { productId: TRAP, delta: 2 },
    ]);
    const refunded = run(
      refund({ lines: [{ itemId: LINE, quantity: 2 }], restock: true }),
      order,
      legacyPaid,
      cancel,
    );
    expect(refunded[0]).toMatchObject({
      type: 'RefundRecorded',
      data: { amountCents: 2000, restock: false },
    });
    const cancelled = stateOf(order, legacyPaid, cancel);
    expect(
      stockMovements(cancelled, refunded[0] as OrderEvent, [{ id: TRAP, infiniteStock: false }]),
    ).toEqual([]);
  });
});

describe('helpers', () => {
  it('VAT rate of an order, VAT of a movement, euros typed to cents', () => {
    expect(orderVatRate(placed)).toBe(20);
    expect(movementVatCents(2500, placed)).toBe(417);
    expect(eurosToCents('12,50')).toBe(1250);
    // A form's amount field shows cents as typed euros, and reads them back unchanged.
    expect(centsToEuros(1250)).toBe('12,50');
    expect(centsToEuros(5)).toBe('0,05');
    for (const c of [0, 1, 99, 100, 2501, 123456]) expect(eurosToCents(centsToEuros(c))).toBe(c);
    expect(eurosToCents('12.5')).toBe(1250);
    expect(eurosToCents('abc')).toBeNull();
  });
  it('one VAT rate per order: 1,00 € and 3,99 € at 20 % close on ONE 20 % line (never 20.5 % or 20.2 %)', () => {
    // 1,00 € at 20 % includes round(100 × 20 / 120) = 17 cents: 17 / 83 = 20.5 %; 3,99 €: 67 / 332 = 20.2 %.
    const small = (totalAmountCents: number, taxRate?: number): OrderEvent => ({
      type: 'OrderPlaced',
      data: {
        ...placed,
        lines: [
          {
            ...placed.lines[0]!,
            quantity: 1,
            unitPriceCents: totalAmountCents,
            totalPriceCents: totalAmountCents,
          },
        ],
        subtotalCents: totalAmountCents,
        shippingCostCents: 0,
        taxCents: Math.round((totalAmountCents * 20) / 120),
        totalAmountCents,
        ...(taxRate === undefined ? {} : { taxRate }),
      },
    });
    const movements = [small(100, 20), small(399, 20), small(100), small(399)].map((placedEvent, i) => {
      const [paid] = run(
        payment(placedEvent.type === 'OrderPlaced' ? placedEvent.data.totalAmountCents : 0),
        placedEvent,
      );
      if (paid?.type !== 'PaymentRecorded') throw new Error('no payment');
      return { position: i + 1, ...paid.data };
    });
    expect(movements.map((m) => m.vatRate)).toEqual([20, 20, 20, 20]);
    expect(closureTotals(movements).byVat).toEqual([{ rate: 20, amountCents: 998, vatCents: 168 }]);
    // The recorded rate wins over the figures (a rate the settings allow but no legacy order had).
    expect(orderVatRate({ taxCents: 8, totalAmountCents: 100, taxRate: 8.5 })).toBe(8.5);
  });

  it('the sign of a till movement: a payment comes in (+), its correction and a refund go out (−), VAT alike', () => {
    const data = { day: '2026-11-24', method: 'cash', amountCents: 1000, vatRate: 20, vatCents: 167 };
    expect(tillMovement('PaymentRecorded', 7, data)).toEqual({ position: 7, ...data });
    for (const out of ['PaymentCancelled', 'RefundRecorded'])
      expect(tillMovement(out, 8, data)).toEqual({
        position: 8,
        ...data,
        amountCents: -1000,
        vatCents: -167,
      });
    // A failed attempt moves no money; every movement type has its sign, and only those.
    expect(tillMovement('PaymentFailed', 9, data)).toBeNull();
    expect(Object.keys(MOVEMENT_SIGN).sort()).toEqual([...MONEY_MOVEMENT_TYPES].sort());
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

  it('a period closes once its last Paris day is over: today, the month and the year ending today stay open', () => {
    expect(periodIsOver('day', '2026-12-31', '2026-12-31')).toBe(false);
    expect(periodIsOver('month', '2026-12', '2026-12-31')).toBe(false);
    expect(periodIsOver('year', '2026', '2026-12-31')).toBe(false);
    expect(periodIsOver('day', '2026-12-31', '2027-01-01')).toBe(true);
    expect(periodIsOver('month', '2026-12', '2027-01-01')).toBe(true);
    expect(periodIsOver('year', '2026', '2027-01-01')).toBe(true);
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

  it('an event that changes nothing they are made of changes no sale; every other event is computed in full', () => {
    const status = (from: string, to: string): OrderEvent =>
      ({ type: 'OrderStatusChanged', data: { from, to } }) as OrderEvent;
    const events: OrderEvent[] = [
      order,
      pay('p1', 2500),
      status('pending', 'confirmed'),
      status('confirmed', 'shipped'),
    ];
    events.push(...run(refund({ lines: [{ itemId: LINE, quantity: 1 }] }), ...events));
    events.push(status('shipped', 'cancelled'));
    // Evolved one event at a time, as a command does: an event's state shares what it did not change.
    let state: OrderState | null = null;
    const changes = events.map((event, i) => {
      const before = state;
      state = evolve(before, {
        ...event,
        streamId: 'a0000000-0000-4000-8000-000000000001',
        version: i + 1,
        metadata: { at: `2026-11-2${i}T10:00:00.000Z`, actor: { kind: 'admin', userId: 'admin-1' } },
      });
      const change = productSalesChange(before, state);
      // A copy shares nothing with `state`: the change computed from every line and refund.
      expect(change).toEqual(productSalesChange(structuredClone(before), state));
      return change;
    });
    const trap = (quantity: number, revenueCents: number) => [
      { productId: TRAP, title: 'Piège', quantity, revenueCents },
    ];
    expect(changes).toEqual([trap(2, 2000), [], [], [], trap(-1, -1000), trap(-1, -1000)]);
  });
});
