import { z } from 'zod';
import {
  PRODUCT_MESSAGES,
  type Product,
  productSchema,
  toProductRecord,
} from '../../domain/catalog/product.js';
import { DomainError } from '../../domain/errors.js';
import {
  countProducts,
  deleteProduct,
  findAdminProduct,
  insertProduct,
  listAdminProducts,
  updateProduct,
} from '../db/admin-products.js';
import type { Tx } from '../db/client.js';
import { deleteUnusedImages, existingImageUrls } from '../images.js';
import { adminProcedure, router } from '../trpc.js';

/** The spec's page size of the product screen. */
export const ADMIN_PRODUCT_PAGE_SIZE = 20;

const productId = z.uuid({ error: 'Produit non trouvé' });
const notFound = () => new DomainError('not_found', 'PRODUCT_NOT_FOUND', 'Produit non trouvé');

/** Every image of the product must be one the pipeline stored (never a foreign URL). */
async function assertImagesExist(sql: Tx, product: Product) {
  const found = await existingImageUrls(sql, product.images);
  if (product.images.some((url) => !found.has(url))) {
    throw new DomainError('invalid', 'IMAGE_NOT_FOUND', PRODUCT_MESSAGES.imageInvalid);
  }
}

const imagesOf = (p: { mainImage: string | null; additionalImages: string[] }) =>
  p.mainImage ? [p.mainImage, ...p.additionalImages] : p.additionalImages;

export const adminProductsRouter = router({
  /** Every product, hidden ones included, newest first, 20 per page, with the total count. */
  list: adminProcedure
    .input(
      z
        .object({
          limit: z.number().int().min(1).max(100).default(ADMIN_PRODUCT_PAGE_SIZE),
          cursor: z.string().max(120).nullish(),
        })
        .optional(),
    )
    .query(({ ctx, input }) =>
      listAdminProducts(ctx.sql, {
        limit: input?.limit ?? ADMIN_PRODUCT_PAGE_SIZE,
        cursor: input?.cursor ?? null,
      }),
    ),

  count: adminProcedure.query(({ ctx }) => countProducts(ctx.sql)),

  /** One product, for a link that opens its edit dialog (/admin/products?edit=<id>). */
  byId: adminProcedure.input(z.object({ id: productId })).query(async ({ ctx, input }) => {
    const product = await findAdminProduct(ctx.sql, input.id);
    if (!product) throw notFound();
    return product;
  }),

  create: adminProcedure.input(productSchema).mutation(async ({ ctx, input }) => {
    await assertImagesExist(ctx.sql, input);
    return await insertProduct(ctx.sql, toProductRecord(input));
  }),

  update: adminProcedure
    .input(z.object({ id: productId }).and(productSchema))
    .mutation(async ({ ctx, input }) =>
      ctx.sql.begin(async (tx) => {
        const { id, ...product } = input;
        await assertImagesExist(tx, product);
        const result = await updateProduct(tx, id, toProductRecord(product));
        if (!result) throw notFound();
        // Images the owner removed from this product go too, unless an order line still shows them.
        const kept = new Set(imagesOf(result.product));
        await deleteUnusedImages(
          tx,
          imagesOf(result.before).filter((url) => !kept.has(url)),
        );
        return result.product;
      }),
    ),

  /** Order lines keep their title, price and picture: the order history never depends on the product. */
  remove: adminProcedure.input(z.object({ id: productId })).mutation(async ({ ctx, input }) =>
    ctx.sql.begin(async (tx) => {
      const removed = await deleteProduct(tx, input.id);
      if (!removed) throw notFound();
      await deleteUnusedImages(tx, imagesOf(removed));
      return { id: removed.id };
    }),
  ),

  /**
   * An image taken out in the dialog: deleted at once when nothing saved uses it; one still on a
   * saved product stays until that product is saved without it.
   */
  removeImage: adminProcedure
    .input(z.object({ url: z.string().max(100) }))
    .mutation(async ({ ctx, input }) => ({ deleted: (await deleteUnusedImages(ctx.sql, [input.url])) > 0 })),
});
