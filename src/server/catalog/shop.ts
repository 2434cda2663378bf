import { type HazardInfo, hazardInfo } from '../../domain/catalog/hazards.js';
import { toId } from '../../domain/security/ids.js';
import type { Tx } from '../db/client.js';
import { errors } from '../errors.js';
import { findShopProduct, type ShopProduct } from './queries.js';

/** A product of the shop: unknown, hidden, unavailable or malformed ids are all 'Produit non trouvé'. */
export async function shopProduct(
  sql: Tx,
  id: string,
): Promise<ShopProduct & { hazards: HazardInfo | null }> {
  const productId = toId(id);
  const product = productId ? await findShopProduct(sql, productId) : null;
  if (!product) throw errors.productNotFound();
  // The CLP texts (pictogram names, H and P statements) resolved here: the product page shows
  // them without downloading the whole list (the storefront's JS budget).
  return { ...product, hazards: hazardInfo(product) };
}
