import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { PRODUCT_MESSAGES as M } from '../../src/domain/catalog/product.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import type { Services, SessionUser } from '../../src/server/context.js';
import { storeImage, sweepUnusedImages } from '../../src/server/images/images.js';
import { replayOrders } from '../../src/server/orders/replay.js';
import { callerAs, type TestDatabase } from '../support/db.js';
import { smallPng } from '../support/images.js';
import { customerForm, guest, placeOrder } from '../support/orders.js';
import { type TestCaller, type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
let db: TestDatabase;
let services: Services;
let customerA: SessionUser;
let customerB: SessionUser;

beforeAll(async () => {
  shop = await testShop();
  ({ db, services } = shop);
  ({ customerA, customerB } = shop.users);
});
afterAll(async () => {
  await shop.drop();
});

const asAdmin = () => shop.as('admin');
let n = 0;
const newProduct = (fields: Record<string, unknown> = {}) => {
  n += 1;
  return { title: `Piège test ${n}`, price: 12.5, stockQuantity: 10, ...fields };
};
const productCount = async () =>
  (await db.sql<{ n: number }[]>`select count(*)::int as n from products`)[0]!.n;
const imageCount = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from images`)[0]!.n;

/** The error a client gets: its code, and the French message (the first zod issue, as the error formatter sends it). */
async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  const message = error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? '') : error.message;
  return { code: error.code, message };
}

describe('authorization: every adminProducts procedure', () => {
  it('refuses anonymous visitors and customers, and changes nothing', async () => {
    const existing = await asAdmin().adminProducts.create(newProduct());
    const [image] = [await storeImage(db.sql, await smallPng())];
    const calls = {
      list: (c: TestCaller) => c.adminProducts.list(),
      count: (c: TestCaller) => c.adminProducts.count(),
      create: (c: TestCaller) => c.adminProducts.create(newProduct()),
      update: (c: TestCaller) =>
        c.adminProducts.update({ id: existing.id, ...newProduct({ title: 'Piratage' }) }),
      remove: (c: TestCaller) => c.adminProducts.remove({ id: existing.id }),
      removeImage: (c: TestCaller) => c.adminProducts.removeImage({ url: image!.url }),
    };
    const before = { products: await productCount(), images: await imageCount() };
    for (const [who, user, code] of [
      ['anonymous', null, 'UNAUTHORIZED'],
      ['customer A', customerA, 'FORBIDDEN'],
      ['customer B', customerB, 'FORBIDDEN'],
    ] as const) {
      for (const [name, call] of Object.entries(calls)) {
        const error = await failure(call(callerAs(services, user)));
        expect(error.code, `${who} ${name}`).toBe(code);
      }
    }
    expect({ products: await productCount(), images: await imageCount() }).toEqual(before);
    const [row] = await db.sql`select title from products where id = ${existing.id}`;
    expect(row!.title).toBe(existing.title);
    // The admin may do each of them.
    const caller = asAdmin();
    for (const call of Object.values(calls)) await expect(call(caller)).resolves.toBeDefined();
    expect(await imageCount()).toBe(before.images - 1);
  });
});

describe('create, update, remove', () => {
  it('creates a product with the server deciding cents, slug and images', async () => {
    const images = [
      await storeImage(db.sql, await smallPng()),
      await storeImage(db.sql, await smallPng(200, 300)),
    ];
    const created = await asAdmin().adminProducts.create({
      ...newProduct({ title: 'Pulvérisateur à pression 5 L', slug: '' }),
      price: 49.9,
      promoPrice: 39.99,
      isOnPromotion: true,
      tags: ['pulvérisateur', 'jardin'],
      weight: 1.25,
      images: images.map((i) => i.url),
    });
    expect(created).toMatchObject({
      slug: 'pulverisateur-a-pression-5-l',
      priceCents: 4990,
      promoPriceCents: 3999,
      weightKg: 1.25,
      mainImage: images[0]!.url,
      additionalImages: [images[1]!.url],
      tags: ['pulvérisateur', 'jardin'],
    });
    // The shop sees it at once.
    const shown = await shop.as('anonymous').catalog.byId({ id: created.id });
    expect(shown).toMatchObject({ title: 'Pulvérisateur à pression 5 L', mainImage: images[0]!.url });
  });

  it('updates every field, and a hidden product leaves the shop at once', async () => {
    const created = await asAdmin().adminProducts.create(newProduct());
    const updated = await asAdmin().adminProducts.update({
      id: created.id,
      ...newProduct({ title: 'Nouveau titre', price: 20, isVisibleInShop: false, infiniteStock: true }),
    });
    expect(updated).toMatchObject({
      title: 'Nouveau titre',
      priceCents: 2000,
      isVisibleInShop: false,
      infiniteStock: true,
    });
    const error = await failure(shop.as('anonymous').catalog.byId({ id: created.id }));
    expect(error.code).toBe('NOT_FOUND');
  });

  it('refuses what the rules refuse, with the French message, and writes nothing', async () => {
    const before = await productCount();
    const cases: [Record<string, unknown>, string][] = [
      [newProduct({ price: '12.50' }), M.pricePositive],
      [newProduct({ price: 0 }), M.pricePositive],
      [newProduct({ stockQuantity: -3 }), M.stockPositive],
      [newProduct({ price: 10, promoPrice: 15 }), M.promoBelowPrice],
      [newProduct({ weight: -1 }), M.weightPositive],
      [newProduct({ shippingCost: -1 }), M.shippingPositive],
      [newProduct({ title: '' }), M.titleRequired],
      [newProduct({ images: ['/images/00000000-0000-4000-8000-000000000000'] }), M.imageInvalid],
      [newProduct({ images: ['https://ailleurs.example/photo.jpg'] }), M.imageInvalid],
    ];
    for (const [input, message] of cases) {
      const error = await failure(asAdmin().adminProducts.create(input as never));
      expect(error.code, message).toBe('BAD_REQUEST');
      expect(error.message).toBe(message);
    }
    expect(await productCount()).toBe(before);
    // The same rules on update: nothing changes.
    const created = await asAdmin().adminProducts.create(newProduct());
    const error = await failure(
      asAdmin().adminProducts.update({ id: created.id, ...newProduct({ price: 10, promoPrice: 12 }) }),
    );
    expect(error.message).toBe(M.promoBelowPrice);
    const [row] = await db.sql`select price_cents, promo_price_cents from products where id = ${created.id}`;
    expect(row).toEqual({ priceCents: 1250, promoPriceCents: null });
  });

  it('keeps slugs unique: the spec message on create and update, one winner when two saves race', async () => {
    const first = await asAdmin().adminProducts.create(newProduct({ slug: 'slug-unique' }));
    const again = await failure(asAdmin().adminProducts.create(newProduct({ slug: 'slug-unique' })));
    expect(again).toMatchObject({ code: 'CONFLICT', message: M.slugTaken });
    const other = await asAdmin().adminProducts.create(newProduct());
    const update = await failure(
      asAdmin().adminProducts.update({ id: other.id, ...newProduct({ slug: 'slug-unique' }) }),
    );
    expect(update).toMatchObject({ code: 'CONFLICT', message: M.slugTaken });
    // Saving a product under its own slug is fine.
    await asAdmin().adminProducts.update({ id: first.id, ...newProduct({ slug: 'slug-unique' }) });

    for (let round = 0; round < 5; round++) {
      const slug = `course-${round}`;
      const results = await Promise.allSettled([
        asAdmin().adminProducts.create(newProduct({ slug })),
        asAdmin().adminProducts.create(newProduct({ slug })),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toMatchObject({ code: 'CONFLICT', message: M.slugTaken });
      const [row] = await db.sql<
        { n: number }[]
      >`select count(*)::int as n from products where slug = ${slug}`;
      expect(row!.n).toBe(1);
    }
  });

  it('answers NOT_FOUND for a product that does not exist', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await failure(asAdmin().adminProducts.remove({ id }))).code).toBe('NOT_FOUND');
    expect((await failure(asAdmin().adminProducts.update({ id, ...newProduct() }))).code).toBe('NOT_FOUND');
  });
});

describe('paging', () => {
  it('pages of 20, newest first, hidden products included, no row twice even with equal times', async () => {
    const fresh = await testShop();
    try {
      const caller = fresh.as('admin');
      for (let i = 0; i < 45; i++) {
        await caller.adminProducts.create(
          newProduct({ title: `Produit ${i}`, isVisibleInShop: i % 2 === 0 }),
        );
      }
      // Ties on created_at (a bulk import): the id breaks them.
      await fresh.sql`update products set created_at = '2026-01-01 10:00:00.123456+00' where title like 'Produit 1%'`;
      const seen: string[] = [];
      let cursor: string | null = null;
      const sizes: number[] = [];
      do {
        const page: Awaited<ReturnType<typeof caller.adminProducts.list>> = await caller.adminProducts.list({
          cursor,
        });
        expect(page.total).toBe(45);
        sizes.push(page.items.length);
        seen.push(...page.items.map((p) => p.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(sizes).toEqual([20, 20, 5]);
      expect(new Set(seen).size).toBe(45);
      const ordered = await fresh.sql<
        { id: string }[]
      >`select id from products order by created_at desc, id desc`;
      expect(seen).toEqual(ordered.map((r) => r.id));
      expect((await failure(caller.adminProducts.list({ cursor: 'pas un curseur' }))).code).toBe(
        'BAD_REQUEST',
      );
    } finally {
      await fresh.drop();
    }
  });
});

describe('images of products', () => {
  it('removing an image from a saved product deletes its files, unless an order line shows it', async () => {
    const [a, b, c] = [
      await storeImage(db.sql, await smallPng()),
      await storeImage(db.sql, await smallPng()),
      await storeImage(db.sql, await smallPng()),
    ];
    const product = await asAdmin().adminProducts.create(newProduct({ images: [a!.url, b!.url, c!.url] }));
    // While the product uses it, removeImage keeps it (the dialog may still be cancelled).
    expect(await asAdmin().adminProducts.removeImage({ url: b!.url })).toEqual({ deleted: false });
    // An order of this product keeps its main image in the order line.
    await placeOrder(
      db.sql,
      {
        customerId: null,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
      },
      guest,
    );
    await asAdmin().adminProducts.update({ id: product.id, ...newProduct({ images: [c!.url] }) });
    const left = await db.sql<
      { id: string }[]
    >`select id from images where id in ${db.sql([a!.id, b!.id, c!.id])}`;
    expect(left.map((r) => r.id).sort()).toEqual([a!.id, c!.id].sort());
    const variants = await db.sql`select 1 from image_variants where image_id = ${b!.id}`;
    expect(variants).toHaveLength(0);
  });

  it('sweeps uploads nobody saved once they are a day old', async () => {
    const unsaved = await storeImage(db.sql, await smallPng());
    const recent = await storeImage(db.sql, await smallPng());
    const used = await storeImage(db.sql, await smallPng());
    await asAdmin().adminProducts.create(newProduct({ images: [used.url] }));
    await db.sql`update images set created_at = now() - interval '25 hours' where id in ${db.sql([unsaved.id, used.id])}`;
    await sweepUnusedImages(db.sql);
    const left = await db.sql<
      { id: string }[]
    >`select id from images where id in ${db.sql([unsaved.id, recent.id, used.id])}`;
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, used.id].sort());
  });
});

describe('deleting a product never breaks an order', () => {
  it('keeps the order lines as the log recorded them; replay and verify still pass', async () => {
    const image = await storeImage(db.sql, await smallPng());
    const product = await asAdmin().adminProducts.create(
      newProduct({ title: 'Produit bientôt supprimé', images: [image.url] }),
    );
    const order = await placeOrder(
      db.sql,
      {
        customerId: customerA.id,
        customer: customerForm,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 2 }],
      },
      guest,
    );
    const before = await shop.as('customerA').account.order({ id: order.id });
    expect(before.lines[0]).toMatchObject({ title: 'Produit bientôt supprimé', productDeleted: false });
    await asAdmin().adminProducts.remove({ id: product.id });
    // The customer's order details still show the line, marked "Produit supprimé" on screen.
    const after = await shop.as('customerA').account.order({ id: order.id });
    expect(after.lines[0]).toMatchObject({
      title: 'Produit bientôt supprimé',
      quantity: 2,
      productDeleted: true,
    });
    expect(await db.sql`select 1 from products where id = ${product.id}`).toHaveLength(0);
    const lines =
      await db.sql`select product_id, title, image, quantity, unit_price_cents from order_items where order_id = ${order.id}`;
    expect(lines).toEqual([
      {
        productId: product.id,
        title: 'Produit bientôt supprimé',
        image: image.url,
        quantity: 2,
        unitPriceCents: 1250,
      },
    ]);
    // The line's picture is still served.
    expect(await db.sql`select 1 from images where id = ${image.id}`).toHaveLength(1);
    const replay = await replayOrders(db.sql);
    expect(replay.differenceCount).toBe(0);
    const audit = await verifyDatabase(db.sql, 'admin-products-test-key');
    expect(audit.problems).toEqual([]);
    // Admin order history still reads the order.
    await expect(asAdmin().orders.history({ orderId: order.id })).resolves.toBeDefined();
  });
});
