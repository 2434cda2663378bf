import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

/* Issue 29, point 5: categories as a managed list; a product's category is one of it. */

let shop: TestShop;

beforeAll(async () => {
  shop = await testShop();
});
afterAll(async () => {
  await shop.drop();
});

const product = (category: string | null) => ({ title: `Produit ${Math.random()}`, price: 9.9, category });

describe('product categories', () => {
  it('are created, ordered, renamed and merged, carrying their products along', async () => {
    const asAdmin = shop.as('admin');
    await asAdmin.adminProducts.createCategory({ name: ' Rongeurs ' });
    let list = await asAdmin.adminProducts.createCategory({ name: 'Insectes' });
    expect(list.map((c) => c.name)).toEqual(['Rongeurs', 'Insectes']);
    await expect(asAdmin.adminProducts.createCategory({ name: 'rongeurs' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Cette catégorie existe déjà.',
    });

    const [rongeurs, insectes] = list;
    list = await asAdmin.adminProducts.reorderCategories({ ids: [insectes!.id, rongeurs!.id] });
    expect(list.map((c) => c.name)).toEqual(['Insectes', 'Rongeurs']);

    // A typo is refused: the category must be in the list.
    await expect(asAdmin.adminProducts.create(product('Rongeur'))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: "Cette catégorie n'existe pas : ajoutez-la d'abord dans la liste des catégories.",
    });
    const trap = await asAdmin.adminProducts.create(product('Rongeurs'));
    const spray = await asAdmin.adminProducts.create(product('Insectes'));

    await asAdmin.adminProducts.renameCategory({ id: rongeurs!.id, name: 'Rats et souris' });
    expect((await asAdmin.adminProducts.byId({ id: trap.id })).category).toBe('Rats et souris');

    list = await asAdmin.adminProducts.mergeCategory({ id: insectes!.id, intoId: rongeurs!.id });
    expect(list.map((c) => [c.name, c.productCount])).toEqual([['Rats et souris', 2]]);
    expect((await asAdmin.adminProducts.byId({ id: spray.id })).category).toBe('Rats et souris');
  });

  it('an empty one is deleted; one still used is refused with the reason, and kept (issue 35)', async () => {
    const asAdmin = shop.as('admin');
    let list = await asAdmin.adminProducts.createCategory({ name: 'Vide' });
    const vide = list.find((c) => c.name === 'Vide')!;
    list = await asAdmin.adminProducts.createCategory({ name: 'Pleine' });
    const pleine = list.find((c) => c.name === 'Pleine')!;
    await asAdmin.adminProducts.create(product('Pleine'));

    list = await asAdmin.adminProducts.removeCategory({ id: vide.id });
    expect(list.map((c) => c.name)).not.toContain('Vide');
    await expect(asAdmin.adminProducts.removeCategory({ id: pleine.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'Impossible de supprimer « Pleine » : 1 produit l’utilise. Fusionnez-la dans une autre catégorie, ou changez la catégorie de ces produits.',
    });
    expect((await asAdmin.adminProducts.categories()).map((c) => c.name)).toContain('Pleine');
    // The one-product boundary: a second product makes it plural.
    await asAdmin.adminProducts.create(product('Pleine'));
    await expect(asAdmin.adminProducts.removeCategory({ id: pleine.id })).rejects.toMatchObject({
      message: expect.stringContaining('2 produits l’utilisent'),
    });
  });

  it('leave a product without a category alone, and products made elsewhere keep theirs', async () => {
    const asAdmin = shop.as('admin');
    await expect(asAdmin.adminProducts.create(product(null))).resolves.toMatchObject({ category: null });
    const made = await createProduct(shop.sql, { title: 'Ancien produit' });
    expect(made.id).toBeTruthy();
  });
});
