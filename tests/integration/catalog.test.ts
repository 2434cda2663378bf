import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services, SessionUser } from '../../src/server/context.js';
import { callerAs, type TestDatabase } from '../support/db.js';
import { createProduct } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
let db: TestDatabase;
let services: Services;
let who: [string, SessionUser | null][];
const ids: Record<string, string> = {};

beforeAll(async () => {
  shop = await testShop();
  ({ db, services } = shop);
  who = [
    ['anonymous', null],
    ['customer A', shop.users.customerA],
    ['customer B', shop.users.customerB],
    ['admin', shop.users.admin],
  ];
  for (const [name, fields] of [
    ['old', {}],
    ['hidden', { isVisibleInShop: false }],
    ['unavailable', { isAvailable: false }],
    ['promo', { priceCents: 2490, promoPriceCents: 1990, isOnPromotion: true }],
    ['new', { stockQuantity: 0 }],
  ] as const) {
    ids[name] = (await createProduct(db.sql, { title: `Produit ${name}`, ...fields })).id;
  }
  // Distinct creation times, oldest first in the order above.
  let minutes = 10;
  for (const name of ['old', 'hidden', 'unavailable', 'promo', 'new']) {
    await db.sql`update products set created_at = now() - make_interval(mins => ${minutes}) where id = ${ids[name]!}`;
    minutes -= 1;
  }
});
afterAll(async () => {
  await shop.drop();
});

const shopperFields = [
  'additionalImages',
  'biocideType',
  'brand',
  'category',
  'certibiocideCategory',
  'color',
  'createdAt',
  'deliveryTime',
  'description',
  'hazardPictograms',
  'hazardStatements',
  'id',
  'infiniteStock',
  'isAvailable',
  'isOnPromotion',
  'labelImage',
  'mainImage',
  'miniDescription',
  'netQuantity',
  'netUnit',
  'precautionaryStatements',
  'priceCents',
  'productType',
  'professionalOnly',
  'promoPriceCents',
  'referencePriceCents',
  'safetyDataSheet',
  'shippingCostCents',
  'signalWord',
  'size',
  'slug',
  'stockQuantity',
  'subcategory',
  'tags',
  'title',
  'weightKg',
];

const cardFields = [
  'biocideType',
  'category',
  'createdAt',
  'id',
  'infiniteStock',
  'isAvailable',
  'isOnPromotion',
  'mainImage',
  'miniDescription',
  'netQuantity',
  'netUnit',
  'priceCents',
  'professionalOnly',
  'promoPriceCents',
  'referencePriceCents',
  'stockQuantity',
  'title',
];

describe('catalog.list', () => {
  it('lists available and visible products, newest first, with the card fields only, for everyone', async () => {
    for (const [, user] of who) {
      const list = await callerAs(services, user).catalog.list();
      expect(list.map((p) => p.id)).toEqual([ids.new, ids.promo, ids.old]);
      for (const product of list) expect(Object.keys(product).sort()).toEqual(cardFields);
      expect(list[1]).toMatchObject({ priceCents: 2490, promoPriceCents: 1990, isOnPromotion: true });
    }
  });

  it('pages through the grid without gaps or repeats, and refuses silly page sizes', async () => {
    const anonymous = shop.as('anonymous');
    const first = await anonymous.catalog.list({ limit: 2 });
    const second = await anonymous.catalog.list({ limit: 2, cursor: 2 });
    expect([...first, ...second].map((p) => p.id)).toEqual([ids.new, ids.promo, ids.old]);
    await expect(anonymous.catalog.list({ limit: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(anonymous.catalog.list({ limit: 10_000 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(anonymous.catalog.list({ cursor: -1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('catalog.byId', () => {
  it('returns an available, visible product to everyone', async () => {
    for (const [, user] of who) {
      const product = await callerAs(services, user).catalog.byId({ id: ids.promo! });
      expect(product.title).toBe('Produit promo');
      // The product page also gets its CLP texts, resolved by the server (null: no hazard).
      expect(Object.keys(product).sort()).toEqual([...shopperFields, 'hazards'].sort());
    }
  });

  it("answers 'Produit non trouvé' for an unknown, hidden, unavailable or malformed id", async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [, user] of who) {
      for (const id of [unknown, ids.hidden!, ids.unavailable!, 'pas-un-id', "1' or '1'='1"]) {
        await expect(callerAs(services, user).catalog.byId({ id })).rejects.toMatchObject({
          code: 'NOT_FOUND',
          message: 'Produit non trouvé',
        });
      }
    }
  });
});
