import { describe, expect, it } from 'vitest';
import { customerForm } from '../../../tests/support/orders';
import {
  EVENT_SCHEMA_VERSION,
  ORDER_EVENT_SCHEMAS,
  ORDER_EVENT_TYPES,
  parseOrderEvent,
  upcast,
} from './events';

const placedV1 = {
  orderNumber: 'CMD-2026-000001',
  customerId: null,
  customer: customerForm,

  deliveryMethod: 'delivery',
  lines: [
    {
      itemId: '7d1c1b2e-0c53-4a43-9d2e-2b1f7f1d0a01',
      productId: '0b8d7c62-8a4e-4d5f-8a0e-6b7c5d4e3f21',
      title: 'Piège à rats',
      image: null,
      quantity: 2,
      unitPriceCents: 1990,
      totalPriceCents: 3980,
      stockTracked: true,
    },
  ],
  subtotalCents: 3980,
  shippingCostCents: 0,
  taxCents: 0,
  totalAmountCents: 3980,
  notes: null,
  status: 'pending',
  paymentStatus: 'pending',
};

describe('stored order events', () => {
  it('lists every event type from the schemas', () => {
    expect(ORDER_EVENT_TYPES).toEqual(Object.keys(ORDER_EVENT_SCHEMAS));
    expect(ORDER_EVENT_TYPES).toContain('OrderPlaced');
  });

  it('reads an event written at the current version as it was written', () => {
    const event = parseOrderEvent({
      type: 'OrderPlaced',
      data: placedV1,
      schemaVersion: EVENT_SCHEMA_VERSION,
    });
    expect(event).toEqual({ type: 'OrderPlaced', data: placedV1 });
  });

  it('reads a version-1 event into a later shape through the upcasters, step by step', () => {
    // As if version 2 had renamed notes to customerNote, and version 3 added a currency.
    const upcasters = {
      OrderPlaced: {
        1: (data: unknown) => {
          const { notes, ...rest } = data as typeof placedV1;
          return { ...rest, customerNote: notes };
        },
        2: (data: unknown) => ({ ...(data as object), currency: 'EUR' }),
      },
    };
    const v3 = upcast('OrderPlaced', placedV1, 1, upcasters, 3) as Record<string, unknown>;
    const { notes: _notes, ...unchanged } = placedV1;
    expect(v3).toEqual({ ...unchanged, customerNote: null, currency: 'EUR' });
    // Today's version needs no step: the data is read as written.
    expect(upcast('OrderPlaced', placedV1, EVENT_SCHEMA_VERSION)).toBe(placedV1);
  });

  it('refuses a version with no upcaster path, or newer than the code', () => {
    expect(() => upcast('OrderPlaced', placedV1, 1, {}, 2)).toThrow(
      'No upcaster for OrderPlaced from version 1',
    );
    expect(() =>
      parseOrderEvent({ type: 'OrderPlaced', data: placedV1, schemaVersion: EVENT_SCHEMA_VERSION + 1 }),
    ).toThrow(/newer than this code/);
  });

  it('refuses an unknown type and data that does not fit its schema, instead of casting', () => {
    expect(() => parseOrderEvent({ type: 'OrderTeleported', data: {}, schemaVersion: 1 })).toThrow(
      'Unknown order event type: OrderTeleported',
    );
    expect(() =>
      parseOrderEvent({
        type: 'OrderStatusChanged',
        data: { from: 'pending', to: 'lost' },
        schemaVersion: 1,
      }),
    ).toThrow(/does not fit its schema/);
    expect(() =>
      parseOrderEvent({ type: 'OrderPlaced', data: { ...placedV1, lines: [] }, schemaVersion: 1 }),
    ).toThrow(/does not fit its schema/);
  });
});
