import {
  effectivePriceCents,
  formatEuros,
  type Priced,
  type PricePoint,
  promoApplies,
  referencePriceCents,
} from '../../domain/catalog/pricing.js';
import { PRODUCT_MESSAGES, type ProductRecord } from '../../domain/catalog/product.js';
import { DomainError } from '../../domain/errors.js';
import type { Tx } from '../db/client.js';

/*
 * The append-only price history of the products (table product_price_history) and the 30-day
 * reference price a reduction is announced against (C. conso L112-1-1). Every save that changes
 * what a product costs appends a row with who and when; a reduction that starts takes the lowest
 * price of the 30 days before it, which the shop then shows struck through.
 */

interface PriceState {
  priceCents: number;
  promoPriceCents: number | null;
  isOnPromotion: boolean;
  biocideType: string | null;
}

/**
 * What the shopper pays, and whether a reduction is announced: the shop's one rule (promoApplies).
 * A save's prices carry no reference yet (the reduction is checked against it below); the saved
 * state carries its own, so a reduction its reference ended counts as ended here too.
 */
const charged = (p: Priced) => ({ reduced: promoApplies(p), cents: effectivePriceCents(p) });

export async function priceHistory(sql: Tx, productId: string): Promise<PricePoint[]> {
  return await sql<PricePoint[]>`
    select changed_at as at, effective_price_cents from product_price_history
     where product_id = ${productId} order by changed_at, id`;
}

/**
 * Records a save's prices: appends to the history when what the shopper pays changes (or on
 * creation), and sets the reduction's start and reference. A reduction whose price is not below
 * the reference is refused: nothing is saved (the caller's transaction rolls back).
 */
export async function recordPrices(
  sql: Tx,
  productId: string,
  record: Pick<ProductRecord, 'priceCents' | 'promoPriceCents' | 'isOnPromotion' | 'biocideType'>,
  before: (PriceState & { promoStartedAt: Date | null; referencePriceCents: number | null }) | null,
  by: string | null,
): Promise<{ promoStartedAt: Date | null; referencePriceCents: number | null }> {
  const [row] = await sql<{ now: Date }[]>`select now() as now`;
  const now = row!.now;
  const next = charged(record);
  const previous = before ? charged(before) : null;
  let promoStartedAt: Date | null = null;
  let reference: number | null = null;
  if (next.reduced) {
    const continuing = previous?.reduced && before?.promoStartedAt && before.referencePriceCents !== null;
    promoStartedAt = continuing ? (before?.promoStartedAt as Date) : now;
    reference = continuing
      ? Math.min(before?.referencePriceCents as number, record.priceCents)
      : referencePriceCents(await priceHistory(sql, productId), now, record.priceCents);
    if (next.cents >= reference) {
      throw new DomainError(
        'invalid',
        'PROMO_ABOVE_REFERENCE',
        PRODUCT_MESSAGES.referenceTooLow(formatEuros(reference)),
        {
          field: 'promoPrice',
          referencePriceCents: reference,
        },
      );
    }
  }
  const changed =
    !before ||
    before.priceCents !== record.priceCents ||
    before.promoPriceCents !== record.promoPriceCents ||
    before.isOnPromotion !== record.isOnPromotion ||
    previous?.cents !== next.cents;
  if (changed) {
    await sql`
      insert into product_price_history (product_id, price_cents, promo_price_cents, is_on_promotion,
                                         effective_price_cents, changed_by, changed_at)
      values (${productId}, ${record.priceCents}, ${record.promoPriceCents}, ${record.isOnPromotion},
              ${next.cents}, ${by}, ${now})`;
  }
  await sql`
    update products set promo_started_at = ${promoStartedAt}, reference_price_cents = ${reference}
     where id = ${productId}`;
  return { promoStartedAt, referencePriceCents: reference };
}
