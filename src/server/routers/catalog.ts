import { z } from 'zod';
import { idInput } from '../../domain/security/ids.js';
import { listShopProductCards } from '../catalog/queries.js';
import { shopProduct } from '../catalog/shop.js';
import { publicProcedure, router } from '../trpc.js';

/** Products per page of the shop grid when the client does not say. */
export const SHOP_PAGE_SIZE = 24;

const listInput = z
  .object({
    limit: z.number().int().min(1).max(100).default(SHOP_PAGE_SIZE),
    /** How many products the shopper already has (infinite-query cursor). */
    cursor: z.number().int().min(0).max(1_000_000).nullish(),
  })
  .optional();

export const catalogRouter = router({
  /** Available and visible products, newest first, with the fields a grid card shows. */
  list: publicProcedure
    .input(listInput)
    .query(({ ctx, input }) =>
      listShopProductCards(ctx.sql, { limit: input?.limit ?? SHOP_PAGE_SIZE, offset: input?.cursor ?? 0 }),
    ),
  byId: publicProcedure
    .input(z.object({ id: idInput }))
    .query(({ ctx, input }) => shopProduct(ctx.sql, input.id)),
});
