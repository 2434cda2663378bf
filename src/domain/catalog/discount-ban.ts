/**
 * The biocide types that may never be discounted nor advertised to the public. A module of its own:
 * the storefront's price rule (every page's cart) needs it, and nothing else of `biocides.ts`.
 */
import type { BiocideType } from './biocides.js';

/**
 * C. env. L522-18 and R522-16-1: no discount, rebate, free unit or equivalent practice on TP14
 * and TP18 products, for any buyer; L522-5-3 and R522-16-2: no advertising of them to the public
 * (no promotional placement, no promo badge, no best-sellers showcase).
 */
export const NO_DISCOUNT_TYPES: ReadonlySet<string> = new Set(['TP14', 'TP18'] satisfies BiocideType[]);

/** Whether a product of this type may carry a reduction (and be shown in a promotional place). */
export const discountForbidden = (type: string | null | undefined): boolean =>
  typeof type === 'string' && NO_DISCOUNT_TYPES.has(type);

/**
 * C. env. L522-5-3, R522-16-2: no advertising of TP14 and TP18 to the public. A promotional
 * placement (home teaser, "meilleures ventes", any list ranked by sales shown to visitors) takes
 * only the products this returns true for; the product page and the plain catalogue stay.
 */
export const mayBeShowcased = (product: { biocideType?: string | null }): boolean =>
  !discountForbidden(product.biocideType);
