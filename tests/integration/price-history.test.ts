/*
 * The price history records what the shopper pays, by the shop's one promotion rule (promoApplies,
 * src/domain/catalog/pricing.ts; issue 34: it was written a second time here). The product form
 * refuses a promo price at or above the price and any promotion on a TP14/TP18, so these states
 * are written straight to recordPrices, as an older row or a later rule change could hand them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePriceCents } from '../../src/domain/catalog/pricing.js';
import { recordPrices } from '../../src/server/catalog/price-history.js';
import type { Sql } from '../../src/server/db/client.js';
import { createProduct } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
let sql: Sql;

beforeAll(async () => {
  shop = await testShop();
  sql = shop.sql;
});
afterAll(async () => {
  await shop.drop();
});

async function record(prices: {
  priceCents: number;
  promoPriceCents: number | null;
  isOnPromotion: boolean;
  biocideType: string | null;
}) {
  const { id } = await createProduct(sql, { priceCents: prices.priceCents });
  const saved = await sql.begin((tx) => recordPrices(tx, id, prices, null, null));
  const [row] = await sql<{ effectivePriceCents: number }[]>`
    select effective_price_cents from product_price_history where product_id = ${id} order by id desc limit 1`;
  return { charged: row?.effectivePriceCents, reduction: saved.promoStartedAt !== null };
}

describe('the price history records the price the promotion rule charges', () => {
  it('a promo price below the price applies: the history has it, a reduction starts', async () => {
    const prices = { priceCents: 1000, promoPriceCents: 800, isOnPromotion: true, biocideType: null };
    expect(await record(prices)).toEqual({ charged: 800, reduction: true });
    expect(effectivePriceCents(prices)).toBe(800);
  });

  it('a promo price at or above the price does not: the regular price, no reduction', async () => {
    for (const promoPriceCents of [1000, 1200]) {
      const prices = { priceCents: 1000, promoPriceCents, isOnPromotion: true, biocideType: null };
      expect(await record(prices)).toEqual({ charged: 1000, reduction: false });
      expect(effectivePriceCents(prices)).toBe(1000);
    }
  });

  it('a rodenticide (TP14) is never reduced (C. env. L522-18): the regular price, no reduction', async () => {
    const prices = { priceCents: 1000, promoPriceCents: 800, isOnPromotion: true, biocideType: 'TP14' };
    expect(await record(prices)).toEqual({ charged: 1000, reduction: false });
    expect(effectivePriceCents(prices)).toBe(1000);
  });
});
