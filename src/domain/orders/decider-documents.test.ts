import { describe, expect, it } from 'vitest';
import { documentsMayBeDue } from './decider-documents.js';
import type { OrderEvent } from './events.js';

const status = (from: string, to: string) =>
  ({ type: 'OrderStatusChanged', data: { from, to } }) as OrderEvent;

describe('documentsMayBeDue (issue 41: which decisions take the decision port)', () => {
  it('a status change only into or out of « Annulée »', () => {
    expect(documentsMayBeDue([status('pending', 'confirmed')])).toBe(false);
    expect(documentsMayBeDue([status('processing', 'shipped')])).toBe(false);
    expect(documentsMayBeDue([status('shipped', 'delivered')])).toBe(false);
    // A cancellation's credit note; an invoice once a paid order leaves « Annulée ».
    expect(documentsMayBeDue([status('confirmed', 'cancelled')])).toBe(true);
    expect(documentsMayBeDue([status('cancelled', 'pending')])).toBe(true);
  });

  it('payments, their cancellation and refunds; never a note', () => {
    expect(documentsMayBeDue([{ type: 'PaymentRecorded', data: {} } as unknown as OrderEvent])).toBe(true);
    expect(documentsMayBeDue([{ type: 'PaymentCancelled', data: {} } as unknown as OrderEvent])).toBe(true);
    expect(documentsMayBeDue([{ type: 'RefundRecorded', data: {} } as unknown as OrderEvent])).toBe(true);
    expect(documentsMayBeDue([{ type: 'OrderNoteAdded', data: { note: 'x' } } as OrderEvent])).toBe(false);
  });
});
