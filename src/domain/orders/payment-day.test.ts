/**
 * Third probe, findings 7 and 8: a payment day is a real day, not after today, not before the
 * order's Paris day; an order that received a payment is cancelled and refunded, never deleted.
 */
import { describe, expect, it } from 'vitest';
import { givenWith } from '../../../tests/support/decider.js';
import type { OrderCommand } from './decider.js';
import type { OrderEvent, OrderPlacedData } from './events.js';
import { movementVatCents } from './money.js';
import { PAYMENT_DAY_MESSAGES, paymentDayProblem } from './payment-day.js';

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
      itemId: 'c0000000-0000-4000-8000-000000000001',
      productId: 'b0000000-0000-4000-8000-000000000001',
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

// 23:30 UTC on 19 November is 00:30 on 20 November in Paris: the order's day is the 20th.
const PLACED_AT = '2026-11-19T23:30:00.000Z';
// The order placed at PLACED_AT, every later event on 25 November, by an admin (the one helper).
const history = givenWith({
  at: (i) => (i === 0 ? PLACED_AT : '2026-11-25T10:00:00.000Z'),
  actor: { kind: 'admin', userId: 'a' },
});
const order: OrderEvent = { type: 'OrderPlaced', data: placed };
const payOn = (day: string): OrderCommand => ({
  type: 'RecordPayment',
  paymentId: 'p-new',
  amountCents: 1000,
  method: 'cash',
  day,
  today: '2026-11-28',
  dayClosed: false,
});

describe('the payment day', () => {
  it('is a day of the calendar: 30 February, 31 April, 29 February of 2026 and month 13 are refused', () => {
    for (const day of [
      '2026-02-30',
      '2026-04-31',
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-1-01',
      '',
    ]) {
      expect(paymentDayProblem(day, PLACED_AT, '2026-11-28')).toBe('not_a_day');
    }
    expect(paymentDayProblem('2028-02-29', '2028-01-01T10:00:00Z', '2028-03-01')).toBeNull();
  });

  it('is not after today (today itself is allowed)', () => {
    expect(paymentDayProblem('2026-11-28', PLACED_AT, '2026-11-28')).toBeNull();
    expect(paymentDayProblem('2026-11-29', PLACED_AT, '2026-11-28')).toBe('future');
  });

  it("is not before the order's Paris day: the day of a 00:30 order is allowed, the day before is not", () => {
    expect(paymentDayProblem('2026-11-20', PLACED_AT, '2026-11-28')).toBeNull();
    expect(paymentDayProblem('2026-11-19', PLACED_AT, '2026-11-28')).toBe('before_order');
  });

  it('the decider refuses each with its French message and records a real day', () => {
    for (const [day, problem] of [
      ['2026-02-30', 'not_a_day'],
      ['2026-11-29', 'future'],
      ['2026-11-19', 'before_order'],
    ] as const) {
      history(order).when(payOn(day)).thenError('INVALID_DATE', PAYMENT_DAY_MESSAGES[problem]);
    }
    expect(history(order).when(payOn('2026-11-20')).decide()).toMatchObject([
      { type: 'PaymentRecorded', data: { day: '2026-11-20' } },
    ]);
  });
});

describe('deleting an order that received a payment', () => {
  const paid = (paymentId: string): OrderEvent => ({
    type: 'PaymentRecorded',
    data: {
      paymentId,
      day: '2026-11-24',
      method: 'cash',
      amountCents: 1000,
      vatRate: 20,
      vatCents: movementVatCents(1000, placed),
      reference: null,
    },
  });
  const cancelled: OrderEvent = {
    type: 'PaymentCancelled',
    data: {
      paymentId: 'c1',
      cancelsPaymentId: 'p1',
      day: '2026-11-25',
      method: 'cash',
      amountCents: 1000,
      vatRate: 20,
      vatCents: movementVatCents(1000, placed),
      note: null,
    },
  };
  const remove: OrderCommand = { type: 'DeleteOrder', reason: null };

  it('is refused: it is cancelled and refunded instead, even once the payment was cancelled', () => {
    for (const events of [
      [order, paid('p1')],
      [order, paid('p1'), cancelled],
    ]) {
      history(...events)
        .when(remove)
        .thenError(
          'ORDER_PAID',
          'Cette commande a reçu un paiement : elle ne peut pas être supprimée. Annulez-la et remboursez-la.',
        );
    }
  });

  it('an order without any payment can still be deleted', () => {
    history(order)
      .when(remove)
      .thenEvents([{ type: 'OrderDeleted', data: { reason: null } }]);
  });
});

describe('a payment on an order whose buyer was erased', () => {
  it('is refused: the invoice it would issue could not name the buyer (CGI art. 242 nonies A)', async () => {
    const { ERASED_PERSONAL_FIELDS } = await import('./events.js');
    const erased: OrderEvent = {
      type: 'OrderPlaced',
      data: { ...placed, customer: ERASED_PERSONAL_FIELDS.customer, notes: null },
    };
    history(erased).when(payOn('2026-11-25')).thenError('BUYER_ERASED');
    expect(history(order).when(payOn('2026-11-25')).decide()).toHaveLength(1);
  });
});
