/**
 * Readers of the one event log with an order stream and an intervention stream side by side
 * (docs/decisions/032-event-log-beyond-orders.md, « Readers by event type »): an intervention's
 * events share names with an order's (InvoiceIssued, PaymentRecorded); the orders' readers must
 * take an intervention's id for what it is, not an order, and not crash on its events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { adminOrderDetails } from '../../src/server/orders/admin-orders.js';
import { foldStored } from '../../src/server/orders/commit.js';
import { orderHistory } from '../../src/server/orders/history.js';
import { readStream } from '../../src/server/orders/store.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';

let db: TestDatabase;
let orderId: string;
let interventionId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const product = await createProduct(db.sql);
  const placed = await placeOrder(
    db.sql,
    {
      customerId: null,
      customer: customerForm,
      deliveryMethod: 'pickup',
      lines: [{ productId: product.id, quantity: 1 }],
    },
    guest,
  );
  orderId = placed.id;
  const opened = await openIntervention(
    db.sql,
    {
      name: 'Camille Durand',
      email: 'camille@example.fr',
      phone: '+33612345678',
      service: 'guepe',
      siteType: 'logement_ancien',
      street: '12 rue des Lilas',
      zipCode: '27000',
      city: 'Évreux',
      urgency: 'urgent',
      preferredSlots: ['matin'],
      message: 'Nid de guêpes sous le toit',
      callbackConsent: false,
    },
    { meta: { ...guest, at: new Date().toISOString() }, source: 'form', customerId: null },
  );
  interventionId = opened.state!.id;
}, 60_000);
afterAll(async () => {
  await db.drop();
});

describe('the orders’ stream reader beside an intervention stream', () => {
  it('folds an order’s stream and takes an intervention’s for no order', async () => {
    expect(foldStored(await readStream(db.sql, orderId))?.id).toBe(orderId);
    expect(foldStored(await readStream(db.sql, interventionId))).toBeNull();
  });

  it('answers « Commande introuvable » for an intervention’s id instead of failing', async () => {
    await expect(orderHistory(db.sql, interventionId, { audience: 'staff' })).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
    });
    await expect(adminOrderDetails(db.sql, interventionId)).rejects.toMatchObject({ kind: 'not_found' });
    expect((await orderHistory(db.sql, orderId, { audience: 'staff' }))[0]?.type).toBe('OrderPlaced');
  });
});
