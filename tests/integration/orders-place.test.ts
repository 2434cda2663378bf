import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { createProduct, customerForm, guest, placeOrder, stockOf } from '../support/orders.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const counts = async () => {
  const [row] = await db.sql<{ events: number; orders: number; items: number }[]>`
    select (select count(*) from events)::int as events, (select count(*) from orders)::int as orders,
           (select count(*) from order_items)::int as items`;
  return row;
};

describe('placeOrder', () => {
  it('computes every amount on the server, numbers the order and takes the stock in one go', async () => {
    const trap = await createProduct(db.sql, { title: 'Piège à rats', priceCents: 1290, stockQuantity: 5 });
    const promo = await createProduct(db.sql, {
      title: 'Appât',
      priceCents: 2000,
      promoPriceCents: 1500,
      isOnPromotion: true,
      infiniteStock: true,
      stockQuantity: 0,
    });
    const placed = await placeOrder(
      db.sql,
      {
        customerId: null,
        customer: customerForm,
        deliveryMethod: 'delivery',
        // Each product once: lines naming one twice are refused (domain/checkout/lines.ts).
        lines: [
          { productId: trap.id, quantity: 3 },
          { productId: promo.id, quantity: 1 },
        ],
        notes: '  Sonner deux fois ',
      },
      guest,
    );
    expect(placed.orderNumber).toMatch(/^CMD-\d{4}-000001$/);
    expect(placed.items).toEqual([
      { productId: trap.id, title: 'Piège à rats', quantity: 3, unitPriceCents: 1290, totalPriceCents: 3870 },
      { productId: promo.id, title: 'Appât', quantity: 1, unitPriceCents: 1500, totalPriceCents: 1500 },
    ]);
    expect(placed).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      // No settings saved: the spec's defaults (free delivery from 50 €, VAT 20 % included).
      subtotalCents: 5370,
      shippingCostCents: 0,
      taxCents: 895,
      totalAmountCents: 5370,
      deliveryMethod: 'delivery',
    });
    expect(await stockOf(db.sql, trap.id)).toBe(2);
    expect(await stockOf(db.sql, promo.id)).toBe(0);
    const [order] = await db.sql`select * from orders where id = ${placed.id}`;
    expect(order).toMatchObject({
      orderNumber: placed.orderNumber,
      customerId: null,
      status: 'pending',
      totalAmountCents: 5370,
      itemCount: 4,
      version: 1,
      notes: 'Sonner deux fois',
      // The phone as recorded: normalised to E.164 by the checkout rule the decider applies.
      shippingAddress: { ...customerForm, phone: '+33611223344', deliveryMethod: 'delivery' },
    });
    const items =
      await db.sql`select product_id, quantity, position from order_items where order_id = ${placed.id} order by position`;
    expect(items.map((i) => [i.productId, i.quantity, i.position])).toEqual([
      [trap.id, 3, 0],
      [promo.id, 1, 1],
    ]);
    const second = await placeOrder(
      db.sql,
      {
        customerId: null,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: trap.id, quantity: 1 }],
      },
      guest,
    );
    expect(second.orderNumber).toBe(placed.orderNumber.replace('000001', '000002'));
  });

  it('rejects the whole order when one line is short, naming the product, and writes nothing', async () => {
    const plenty = await createProduct(db.sql, { title: 'Gants', stockQuantity: 50 });
    const scarce = await createProduct(db.sql, { title: 'Nasse à ragondins', stockQuantity: 1 });
    const before = await counts();
    const error = await placeOrder(
      db.sql,
      {
        customerId: null,
        customer: customerForm,
        deliveryMethod: 'delivery',
        lines: [
          { productId: plenty.id, quantity: 3 },
          { productId: scarce.id, quantity: 2 },
        ],
      },
      guest,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('STOCK_SHORT');
    expect((error as DomainError).message).toBe('Stock insuffisant pour « Nasse à ragondins »');
    expect(await counts()).toEqual(before);
    expect(await stockOf(db.sql, plenty.id)).toBe(50);
    expect(await stockOf(db.sql, scarce.id)).toBe(1);
  });

  it.each([
    ['hidden', { isVisibleInShop: false }],
    ['unavailable', { isAvailable: false }],
  ])('refuses a %s product by name', async (_, fields) => {
    const product = await createProduct(db.sql, { title: 'Diffuseur', ...fields });
    const before = await counts();
    await expect(
      placeOrder(
        db.sql,
        {
          customerId: null,
          customer: customerForm,
          deliveryMethod: 'pickup',
          lines: [{ productId: product.id, quantity: 1 }],
        },
        guest,
      ),
    ).rejects.toThrow("Le produit « Diffuseur » n'est plus disponible.");
    expect(await counts()).toEqual(before);
  });

  it('refuses an unknown product, a malformed id, missing fields and an empty cart', async () => {
    const product = await createProduct(db.sql);
    const base = { customerId: null, customer: customerForm, deliveryMethod: 'delivery' as const };
    const before = await counts();
    await expect(
      placeOrder(
        db.sql,
        { ...base, lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
        guest,
      ),
    ).rejects.toMatchObject({ code: 'PRODUCT_UNAVAILABLE' });
    await expect(
      placeOrder(db.sql, { ...base, lines: [{ productId: 'pas-un-id', quantity: 1 }] }, guest),
    ).rejects.toMatchObject({
      code: 'PRODUCT_UNAVAILABLE',
    });
    await expect(
      placeOrder(
        db.sql,
        {
          ...base,
          customer: { ...customerForm, city: ' ' },
          lines: [{ productId: product.id, quantity: 1 }],
        },
        guest,
      ),
    ).rejects.toThrow('Veuillez remplir tous les champs obligatoires');
    await expect(
      placeOrder(db.sql, { ...base, lines: [{ productId: product.id, quantity: 0 }] }, guest),
    ).rejects.toMatchObject({ code: 'INVALID_ORDER' });
    await expect(placeOrder(db.sql, { ...base, lines: [] }, guest)).rejects.toMatchObject({
      code: 'EMPTY_ORDER',
    });
    expect(await counts()).toEqual(before);
    // Pickup needs no address.
    const placed = await placeOrder(
      db.sql,
      {
        ...base,
        deliveryMethod: 'pickup',
        customer: { ...customerForm, address: '', city: '', zipCode: '' },
        lines: [{ productId: product.id, quantity: 1 }],
      },
      guest,
    );
    expect(placed.deliveryMethod).toBe('pickup');
  });

  it('fails whole, with every statement error handled, when one projection statement fails', async () => {
    // The order, its lines and the daily sales are pipelined in one transaction: when one fails
    // (here the sales table refuses; a lost connection fails them all) the placement is refused,
    // nothing is written, and no statement's rejection is left unhandled (it crashed a CI run).
    const product = await createProduct(db.sql, { priceCents: 990, stockQuantity: 3 });
    const before = await counts();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    await db.sql`
      create function refuse_sales() returns trigger language plpgsql as
        $$ begin raise exception 'sales table unavailable'; end $$`;
    await db.sql`
      create trigger refuse_sales before insert on daily_product_sales
        for each row execute function refuse_sales()`;
    try {
      await expect(
        placeOrder(
          db.sql,
          {
            customerId: null,
            customer: customerForm,
            deliveryMethod: 'delivery',
            lines: [{ productId: product.id, quantity: 1 }],
          },
          guest,
        ),
      ).rejects.toThrow('sales table unavailable');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      expect(await counts()).toEqual(before);
      expect(await stockOf(db.sql, product.id)).toBe(3);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await db.sql`drop trigger refuse_sales on daily_product_sales`;
      await db.sql`drop function refuse_sales()`;
    }
  });
});
