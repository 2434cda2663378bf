import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

/* Issue 29, point 5: the products screen searches every product on the server, not the loaded page. */

let shop: TestShop;

beforeAll(async () => {
  shop = await testShop();
});
afterAll(async () => {
  await shop.drop();
});

describe('adminProducts.list search', () => {
  it('finds a product beyond the first page by every word, in the title, category or brand', async () => {
    await createProduct(shop.sql, { title: 'Piège à frelons asiatiques' });
    await shop.sql`update products set category = 'Apiculture', brand = 'Véto%Pharma' where title = 'Piège à frelons asiatiques'`;
    for (let n = 0; n < 25; n++) await createProduct(shop.sql, { title: `Appât n°${n}` });
    const asAdmin = shop.as('admin');
    const firstPage = await asAdmin.adminProducts.list({ limit: 20 });
    expect(firstPage.items.some((p) => p.title.startsWith('Piège à frelons'))).toBe(false);

    const found = await asAdmin.adminProducts.list({ limit: 20, search: '  FRELONS apicult ' });
    expect(found.items.map((p) => p.title)).toEqual(['Piège à frelons asiatiques']);
    expect(found.total).toBe(1);
    // LIKE's wildcards match literally.
    expect((await asAdmin.adminProducts.list({ search: 'véto%pharma' })).total).toBe(1);
    expect((await asAdmin.adminProducts.list({ search: '_' })).total).toBe(0);
    await expect(asAdmin.adminProducts.list({ search: 'x'.repeat(101) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
