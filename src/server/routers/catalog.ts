import { z } from 'zod';
import { DomainError } from '../../domain/errors.js';
import { findShopProduct, listShopProducts } from '../db/products.js';
import { publicProcedure, router } from '../trpc.js';

export const catalogRouter = router({
  list: publicProcedure.query(({ ctx }) => listShopProducts(ctx.sql)),
  byId: publicProcedure.input(z.object({ id: z.string().max(100) })).query(async ({ ctx, input }) => {
    const product = z.uuid().safeParse(input.id).success ? await findShopProduct(ctx.sql, input.id) : null;
    if (!product) throw new DomainError('not_found', 'PRODUCT_NOT_FOUND', 'Produit non trouvé');
    return product;
  }),
});
