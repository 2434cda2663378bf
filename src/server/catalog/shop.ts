import { toId } from '../../domain/security/ids.js';
import type { Tx } from '../db/client.js';
import { errors } from '../errors.js';
import { findShopProduct, type ShopProduct } from './queries.js';

/** A product of the shop: unknown, hidden, unavailable or malformed ids are all 'Produit non trouvé'. */
export async function shopProduct(sql: Tx, id: string): Promise<ShopProduct> {
  const productId = toId(id);
  const product = productId ? await findShopProduct(sql, productId) : null;
  if (!product) throw errors.productNotFound();
  return product;
}
