import { z } from 'zod';
import { productSchema } from '../../domain/catalog/product.js';
import { adminProduct, createProduct, removeImage, removeProduct, saveProduct } from '../catalog/admin.js';
import { countProducts, listAdminProducts } from '../catalog/admin-queries.js';
import { adminProcedure, router } from '../trpc.js';

/** The spec's page size of the product screen. */
export const ADMIN_PRODUCT_PAGE_SIZE = 20;

const productId = z.uuid({ error: 'Produit non trouvé' });

export const adminProductsRouter = router({
  /** Every product, hidden ones included, newest first, 20 per page, with the total count. */
  list: adminProcedure
    .input(
      z
        .object({
          limit: z.number().int().min(1).max(100).default(ADMIN_PRODUCT_PAGE_SIZE),
          cursor: z.string().max(120).nullish(),
          search: z.string().trim().max(100, 'Recherche trop longue').default(''),
        })
        .optional(),
    )
    .query(({ ctx, input }) =>
      listAdminProducts(ctx.sql, {
        limit: input?.limit ?? ADMIN_PRODUCT_PAGE_SIZE,
        cursor: input?.cursor ?? null,
        search: input?.search ?? '',
      }),
    ),

  count: adminProcedure.query(({ ctx }) => countProducts(ctx.sql)),

  /** One product, for a link that opens its edit dialog (/admin/products?edit=<id>). */
  byId: adminProcedure
    .input(z.object({ id: productId }))
    .query(({ ctx, input }) => adminProduct(ctx.sql, input.id)),

  create: adminProcedure.input(productSchema).mutation(({ ctx, input }) => createProduct(ctx.sql, input)),

  update: adminProcedure
    .input(z.object({ id: productId }).and(productSchema))
    .mutation(({ ctx, input: { id, ...product } }) => saveProduct(ctx.sql, id, product)),

  remove: adminProcedure
    .input(z.object({ id: productId }))
    .mutation(({ ctx, input }) => removeProduct(ctx.sql, input.id)),

  removeImage: adminProcedure
    .input(z.object({ url: z.string().max(100) }))
    .mutation(({ ctx, input }) => removeImage(ctx.sql, input.url)),
});
