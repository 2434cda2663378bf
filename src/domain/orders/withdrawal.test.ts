import { describe, expect, it } from 'vitest';
import { given, refusalOf } from '../../../tests/support/decider.js';
import { REFUND_DAYS } from '../legal/cgv.js';
import type { OrderCommand } from './decider.js';
import type { OrderEvent, OrderPlacedData } from './events.js';
import {
  refundBadgeText,
  refundCountdown,
  refundDeadline,
  refundLastDay,
  withdrawalLastDay,
  withdrawalRefundedAt,
  withdrawalWindow,
} from './withdrawal.js';

const LINE_A = 'c0000000-0000-4000-8000-000000000001';
const LINE_B = 'c0000000-0000-4000-8000-000000000002';

const line = (itemId: string) => ({
  itemId,
  productId: 'b0000000-0000-4000-8000-000000000001',
  title: 'Piège',
  image: null,
  quantity: 1,
  unitPriceCents: 1000,
  totalPriceCents: 1000,
  stockTracked: true,
});

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
  lines: [line(LINE_A), line(LINE_B)],
  subtotalCents: 2000,
  shippingCostCents: 0,
  taxCents: 333,
  totalAmountCents: 2000,
  notes: null,
  status: 'pending',
  paymentStatus: 'pending',
};

const placedAt: [string, OrderEvent] = ['2026-11-02T09:00:00.000Z', { type: 'OrderPlaced', data: placed }];
const deliveredOn = (at: string): [string, OrderEvent] => [
  at,
  { type: 'OrderStatusChanged', data: { from: 'shipped', to: 'delivered' } },
];
const request = (at: string, itemIds = [LINE_A, LINE_B]): OrderCommand => ({
  type: 'RequestWithdrawal',
  at,
  name: 'Marie Lefèvre',
  email: 'marie@example.fr',
  itemIds,
});
const codeOf = (decision: { decide: () => unknown }) => refusalOf(decision.decide).code;

describe('withdrawal (C. conso L221-18, L221-21)', () => {
  it('is open before delivery: the customer may withdraw at once', () => {
    const events = given(placedAt).when(request('2026-11-03T10:00:00.000Z')).decide();
    expect(events).toEqual([
      {
        type: 'WithdrawalRequested',
        data: { name: 'Marie Lefèvre', email: 'marie@example.fr', itemIds: [LINE_A, LINE_B] },
      },
    ]);
  });

  it('runs 14 days from the delivered event, the day of delivery not counted, to the end of the last day (Paris)', () => {
    // Delivered on 5 November (Paris): the last day is 19 November, until midnight in Paris.
    const order = given(placedAt, deliveredOn('2026-11-05T15:00:00.000Z'));
    expect(withdrawalLastDay(order.state?.deliveredAt ?? null)).toBe('2026-11-19');
    expect(order.when(request('2026-11-19T22:59:00.000Z')).decide()).toHaveLength(1);
    expect(codeOf(order.when(request('2026-11-19T23:01:00.000Z')))).toBe('WITHDRAWAL_EXPIRED');
    expect(() => order.when(request('2026-11-20T10:00:00.000Z')).decide()).toThrow(
      'Le délai de rétractation de 14 jours a pris fin le 19 novembre 2026.',
    );
  });

  it('counts from the first delivery when the status moves again', () => {
    const order = given(
      placedAt,
      deliveredOn('2026-11-05T15:00:00.000Z'),
      [
        '2026-11-06T10:00:00.000Z',
        { type: 'OrderStatusChanged', data: { from: 'delivered', to: 'processing' } },
      ],
      [
        '2026-11-10T10:00:00.000Z',
        { type: 'OrderStatusChanged', data: { from: 'processing', to: 'delivered' } },
      ],
    );
    expect(order.state?.deliveredAt).toBe('2026-11-05T15:00:00.000Z');
  });

  it('covers the lines chosen, only lines of the order, once', () => {
    const order = given(placedAt);
    expect(order.when(request('2026-11-03T10:00:00.000Z', [LINE_B])).decide()[0]).toMatchObject({
      data: { itemIds: [LINE_B] },
    });
    expect(
      codeOf(order.when(request('2026-11-03T10:00:00.000Z', ['c0000000-0000-4000-8000-000000000009']))),
    ).toBe('UNKNOWN_LINE');
    const requested = given(placedAt, [
      '2026-11-03T10:00:00.000Z',
      { type: 'WithdrawalRequested', data: { name: 'M L', email: 'm@example.fr', itemIds: [LINE_A] } },
    ]);
    expect(codeOf(requested.when(request('2026-11-04T10:00:00.000Z')))).toBe('WITHDRAWAL_EXISTS');
    expect(requested.state?.withdrawal?.requestedAt).toBe('2026-11-03T10:00:00.000Z');
  });

  it('is closed on a cancelled order', () => {
    const order = given(placedAt, [
      '2026-11-03T10:00:00.000Z',
      { type: 'OrderStatusChanged', data: { from: 'pending', to: 'cancelled' } },
    ]);
    expect(codeOf(order.when(request('2026-11-03T11:00:00.000Z')))).toBe('WITHDRAWAL_CLOSED');
  });

  it('never applies the hygiene exception by itself: the owner records it, after a request', () => {
    const requested = given(placedAt, [
      '2026-11-03T10:00:00.000Z',
      { type: 'WithdrawalRequested', data: { name: 'M L', email: 'm@example.fr', itemIds: [LINE_A] } },
    ]);
    expect(requested.state?.withdrawal?.exception).toBeNull();
    const command: OrderCommand = {
      type: 'RecordWithdrawalException',
      itemIds: [LINE_A],
      note: 'Sachet ouvert',
    };
    expect(requested.when(command).decide()).toEqual([
      {
        type: 'WithdrawalExceptionRecorded',
        data: { reason: 'hygiene_seal_broken', itemIds: [LINE_A], note: 'Sachet ouvert' },
      },
    ]);
    expect(codeOf(given(placedAt).when(command))).toBe('NO_WITHDRAWAL');
  });
});

describe('refund deadline (L221-24): 14 days from the notification', () => {
  it("counts down from 14 days (the mail's 14) to the last day, then late", () => {
    const at = '2026-11-03T10:00:00.000Z';
    expect(refundLastDay(at)).toBe('2026-11-17');
    const on = (now: string) => refundDeadline(at, new Date(now));
    expect(refundCountdown(on('2026-11-03T12:00:00.000Z'))).toBe(
      `Remboursement au plus tard le 17 novembre 2026 (${REFUND_DAYS} jours restants)`,
    );
    expect(refundBadgeText(on('2026-11-03T12:00:00.000Z'))).toBe(`J-${REFUND_DAYS}`);
    expect(refundCountdown(on('2026-11-16T12:00:00.000Z'))).toBe(
      'Remboursement au plus tard le 17 novembre 2026 (1 jour restant)',
    );
    expect(refundCountdown(on('2026-11-17T12:00:00.000Z'))).toBe(
      'Remboursement au plus tard le 17 novembre 2026 (dernier jour)',
    );
    expect(refundBadgeText(on('2026-11-17T22:59:00.000Z'))).toBe('J-0');
    // Paris midnight: 23:00 UTC on the 17th is already the 18th in Paris.
    expect(refundBadgeText(on('2026-11-17T23:00:00.000Z'))).toBe('remboursement en retard');
    expect(refundCountdown(on('2026-11-18T12:00:00.000Z'))).toBe(
      'Remboursement en retard : il était dû au plus tard le 17 novembre 2026',
    );
  });

  it('a request at 00:30 in Paris counts from that Paris day', () => {
    expect(refundLastDay('2026-11-02T23:30:00.000Z')).toBe('2026-11-17');
  });

  it('stops once a refund is recorded after the request', () => {
    const at = '2026-11-03T10:00:00.000Z';
    const refundedAt = withdrawalRefundedAt(at, [
      { at: '2026-11-01T09:00:00.000Z' },
      { at: '2026-11-05T09:00:00.000Z' },
    ]);
    expect(refundedAt).toBe('2026-11-05T09:00:00.000Z');
    expect(withdrawalRefundedAt(at, [{ at: '2026-11-01T09:00:00.000Z' }])).toBeNull();
    // Long after the deadline: still « remboursée », never late.
    const done = refundDeadline(at, new Date('2026-12-20T12:00:00.000Z'), refundedAt);
    expect(refundBadgeText(done)).toBe('remboursée');
    expect(refundCountdown(done)).toBe('Remboursement effectué le 5 novembre 2026 à 10:00');
  });

  it('the window says requested once asked', () => {
    const w = withdrawalWindow(
      {
        status: 'pending',
        deleted: false,
        deliveredAt: null,
        withdrawal: { requestedAt: 'x', name: 'a', email: 'b', itemIds: [], exception: null },
      },
      new Date(),
    );
    expect(w.kind).toBe('requested');
  });
});
