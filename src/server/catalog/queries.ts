import type { Tx } from '../db/client.js';

/** The fields a shopper sees: never a `select *` towards the client. */
export interface ShopProduct {
  id: string;
  title: string;
  slug: string;
  description: string;
  miniDescription: string;
  priceCents: number;
  promoPriceCents: number | null;
  isOnPromotion: boolean;
  mainImage: string | null;
  additionalImages: string[];
  category: string | null;
  subcategory: string | null;
  brand: string | null;
  tags: string[];
  size: string | null;
  color: string | null;
  isAvailable: boolean;
  infiniteStock: boolean;
  stockQuantity: number;
  weightKg: number | null;
  shippingCostCents: number;
  deliveryTime: string | null;
  productType: string;
  createdAt: Date;
  biocideType: string | null;
  professionalOnly: boolean;
  certibiocideCategory: string | null;
  hazardPictograms: string[];
  signalWord: string | null;
  hazardStatements: string[];
  precautionaryStatements: string[];
  safetyDataSheet: string | null;
  labelImage: string | null;
  netQuantity: number | null;
  netUnit: string | null;
  referencePriceCents: number | null;
}

/** What a grid card needs: the list stays small even with thousands of products. */
export interface ShopProductCard {
  id: string;
  title: string;
  miniDescription: string;
  priceCents: number;
  promoPriceCents: number | null;
  isOnPromotion: boolean;
  mainImage: string | null;
  category: string | null;
  isAvailable: boolean;
  infiniteStock: boolean;
  stockQuantity: number;
  createdAt: Date;
  biocideType: string | null;
  professionalOnly: boolean;
  netQuantity: number | null;
  netUnit: string | null;
  referencePriceCents: number | null;
}

/** One page of the shop grid: available and visible products, newest first (index products_shop_list_idx). */
export async function listShopProductCards(
  sql: Tx,
  page: { limit: number; offset: number },
): Promise<ShopProductCard[]> {
  return await sql<ShopProductCard[]>`
    select id, title, mini_description, price_cents, promo_price_cents, is_on_promotion, main_image, category,
           is_available, infinite_stock, stock_quantity, created_at, biocide_type, professional_only,
           net_quantity::float8 as net_quantity, net_unit, reference_price_cents
      from products
     where is_available and is_visible_in_shop
     order by created_at desc, id
     limit ${page.limit} offset ${page.offset}`;
}

export async function findShopProduct(sql: Tx, id: string): Promise<ShopProduct | null> {
  const [row] = await sql<ShopProduct[]>`
    select id, title, slug, description, mini_description, price_cents, promo_price_cents, is_on_promotion,
           main_image, additional_images, category, subcategory, brand, tags, size, color, is_available,
           infinite_stock, stock_quantity, weight_kg::float8 as weight_kg, shipping_cost_cents, delivery_time,
           product_type, created_at, biocide_type, professional_only, certibiocide_category, hazard_pictograms,
           signal_word, hazard_statements, precautionary_statements, safety_data_sheet, label_image,
           net_quantity::float8 as net_quantity, net_unit, reference_price_cents
      from products
     where id = ${id} and is_available and is_visible_in_shop`;
  return row ?? null;
}

/** Every product a shopper can open, with its last change (sitemap.xml). */
export async function listVisibleProductChanges(sql: Tx): Promise<{ id: string; updatedAt: Date }[]> {
  return await sql<{ id: string; updatedAt: Date }[]>`
    select id, updated_at from products
     where is_available and is_visible_in_shop
     order by created_at desc, id`;
}
