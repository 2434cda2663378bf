import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../../src/domain/site/time-zone.js';
import { createProduct, customerForm } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

/*
 * An order taken by phone (« Nouvelle commande » in the back-office) is confirmed by the same mail
 * as the shop's: with the signed order link, from which the customer, who has no account,
 * withdraws online.
 */

let shop: TestShop;
beforeAll(async () => {
  shop = await testShop();
});
afterAll(async () => {
  await shop.drop();
});

describe('a phone order', () => {
  it("is confirmed with the signed link, and the customer withdraws online from the mail's link", async () => {
    const product = await createProduct(shop.sql, { title: 'Piège à guêpes', stockQuantity: 10 });
    const email = 'client.telephone@example.fr';
    const order = await shop.as('admin').orders.create({
      ...customerForm,
      email,
      customerId: null,
      deliveryMethod: 'delivery',
      lines: [{ productId: product.id, quantity: 2 }],
      idempotencyKey: crypto.randomUUID(),
    });
    const [mail] = await shop.sql<{ textBody: string }[]>`
      select text_body from mail_outbox where dedupe_key = ${`order-confirmation:${order.id}`}`;
    expect(mail?.textBody).toContain('« Renoncer au contrat ici »');
    const link = /Voir ma commande : (\S+\/commande\/(\S+))/.exec(mail?.textBody ?? '');
    expect(link?.[1]).toMatch(new RegExp(`^${shop.services.config.PUBLIC_URL.replace(/\/$/, '')}/commande/`));
    const token = link?.[2] ?? '';

    // Delivered, then withdrawn by the customer through the link alone (no session).
    await shop.as('admin').orders.setStatus({ orderId: order.id, status: 'delivered' });
    const visitor = shop.as('anonymous');
    const page = await visitor.withdrawal.order({ token });
    expect(page.orderNumber).toBe(order.orderNumber);
    const items = await shop.sql<{ id: string }[]>`select id from order_items where order_id = ${order.id}`;
    await visitor.withdrawal.request({
      token,
      name: `${customerForm.firstName} ${customerForm.lastName}`,
      email,
      itemIds: items.map((i) => i.id),
    });
    const [event] = await shop.sql`
      select 1 from events where stream_id = ${order.id} and type = 'WithdrawalRequested'`;
    expect(event).toBeDefined();
    const [ack] = await shop.sql<{ toAddress: string }[]>`
      select to_address from mail_outbox where kind = 'withdrawal-acknowledgement' and to_address = ${email}`;
    expect(ack?.toAddress).toBe(email);

    // The back-office's list counts the refund deadline down until the refund, then stops.
    const row = async () =>
      (await shop.as('admin').orders.list({ search: order.orderNumber })).items.find(
        (r) => r.id === order.id,
      );
    expect((await row())?.withdrawalRequestedAt).toBeInstanceOf(Date);
    expect((await row())?.withdrawalRefundedAt).toBeNull();
    const day = parisDay(new Date());
    await shop
      .as('admin')
      .orders.recordPayment({ orderId: order.id, amountCents: order.totalAmountCents, method: 'cash', day });
    expect((await row())?.withdrawalRefundedAt).toBeNull();
    await shop.as('admin').orders.refund({
      orderId: order.id,
      lines: items.map((i) => ({ itemId: i.id, quantity: 2 })),
      shipping: true,
      extraCents: 0,
      method: 'cash',
      reason: 'withdrawal',
      restock: true,
    });
    expect((await row())?.withdrawalRefundedAt).toBeInstanceOf(Date);
    const details = await shop.as('admin').orders.byId({ orderId: order.id });
    expect(details.withdrawalRefundedAt).toEqual(expect.any(String));
    expect(details.movements.find((m) => m.kind === 'refund')?.detail).toContain('Rétractation');
  });
});
