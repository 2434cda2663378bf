import { z } from 'zod';
import { categoryNameSchema, productSchema } from '../../domain/catalog/product.js';
import { uuidInput } from '../../domain/security/ids.js';
import { adminProduct, createProduct, removeImage, removeProduct, saveProduct } from '../catalog/admin.js';
import { countProducts, listAdminProducts } from '../catalog/admin-queries.js';
import {
  createCategory,
  listCategories,
  mergeCategory,
  removeCategory,
  renameCategory,
  reorderCategories,
} from '../catalog/categories.js';
import { adminProcedure, router } from '../trpc.js';

/** The spec's page size of the product screen. */
export const ADMIN_PRODUCT_PAGE_SIZE = 20;

const productId = uuidInput('Produit non trouvé');
const categoryId = uuidInput('Catégorie introuvable.');

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

  /** The categories list (the product dialog's choices), in the owner's order. */
  categories: adminProcedure.query(({ ctx }) => listCategories(ctx.sql)),
  createCategory: adminProcedure
    .input(z.object({ name: categoryNameSchema }))
    .mutation(({ ctx, input }) => createCategory(ctx.sql, input.name)),
  renameCategory: adminProcedure
    .input(z.object({ id: categoryId, name: categoryNameSchema }))
    .mutation(({ ctx, input }) => renameCategory(ctx.sql, input.id, input.name)),
  mergeCategory: adminProcedure
    .input(z.object({ id: categoryId, intoId: categoryId }))
    .mutation(({ ctx, input }) => mergeCategory(ctx.sql, input.id, input.intoId)),
  removeCategory: adminProcedure
    .input(z.object({ id: categoryId }))
    .mutation(({ ctx, input }) => removeCategory(ctx.sql, input.id)),
  reorderCategories: adminProcedure
    .input(z.object({ ids: z.array(categoryId).max(500) }))
    .mutation(({ ctx, input }) => reorderCategories(ctx.sql, input.ids)),

  /** One product, for a link that opens its edit dialog (/admin/products?edit=<id>). */
  byId: adminProcedure
    .input(z.object({ id: productId }))
    .query(({ ctx, input }) => adminProduct(ctx.sql, input.id)),

  create: adminProcedure
    .input(productSchema)
    .mutation(({ ctx, input }) => createProduct(ctx.sql, input, ctx.user.id)),

  update: adminProcedure
    .input(z.object({ id: productId }).and(productSchema))
    .mutation(({ ctx, input: { id, ...product } }) => saveProduct(ctx.sql, id, product, ctx.user.id)),

  remove: adminProcedure
    .input(z.object({ id: productId }))
    .mutation(({ ctx, input }) => removeProduct(ctx.sql, input.id)),

  removeImage: adminProcedure
    .input(z.object({ url: z.string().max(100) }))
    .mutation(({ ctx, input }) => removeImage(ctx.sql, input.url)),
});
