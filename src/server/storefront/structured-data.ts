/**
 * What search engines read on the shop pages: head tags and schema.org data (JSON-LD) of a product
 * and of the shop's list, built from the same rows the pages show. Every URL is absolute, on the
 * site's public address (BUSINESS.siteUrl).
 */

import type { PageHead } from '../../client/lib/head-tags.js';
import { decimalEuros, effectivePriceCents, isOutOfStock } from '../../domain/catalog/pricing.js';
import type { PublicShop } from '../../domain/settings/settings.js';
import type { ShopProduct, ShopProductCard } from '../catalog/queries.js';

/** Pictures of the image pipeline are served at <base>/<size>.webp; 1280 is the largest. */
/** The product as the page's query holds it (dates arrive as strings; none is used here). */
type ProductData = Omit<ShopProduct, 'createdAt'>;
type CardData = Pick<ShopProductCard, 'id' | 'title'>;

const imageUrl = (base: string, image: string) => `${base}${image}/1280.webp`;
const defaultImage = (base: string) => ({ url: `${base}/og-image.png`, width: 1200, height: 630 });

export const productUrl = (base: string, id: string) => `${base}/produit/${id}`;

export const BOUTIQUE_DESCRIPTION =
  "Le matériel professionnel que nos techniciens utilisent : pièges, stations d'appâtage, protection contre les guêpes et frelons, équipement d'apiculture.";

/** A description for search results: the product's short text, else the start of its long one. */
function summary(product: ProductData, shop: PublicShop): string {
  const text = (product.miniDescription || product.description).replace(/\s+/g, ' ').trim();
  if (!text) return `${product.title}, en vente sur la boutique ${shop.name}.`;
  return text.length <= 160 ? text : `${text.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

export function productJsonLd(base: string, product: ProductData, shop: PublicShop) {
  const url = productUrl(base, product.id);
  const images = [product.mainImage, ...product.additionalImages]
    .filter((image): image is string => Boolean(image))
    .map((image) => imageUrl(base, image));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: summary(product, shop),
    url,
    sku: product.id,
    productID: product.id,
    ...(images.length ? { image: images } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.category ? { category: product.category } : {}),
    ...(product.color ? { color: product.color } : {}),
    ...(product.size ? { size: product.size } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: decimalEuros(effectivePriceCents(product)),
      priceCurrency: 'EUR',
      availability: isOutOfStock(product) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: shop.name },
    },
  };
}

export function productHead(base: string, product: ProductData, shop: PublicShop): PageHead {
  return {
    title: `${product.title} | ${shop.name}`,
    description: summary(product, shop),
    canonical: productUrl(base, product.id),
    image: product.mainImage ? { url: imageUrl(base, product.mainImage) } : defaultImage(base),
    ogType: 'product',
    siteName: shop.name,
    jsonLd: [productJsonLd(base, product, shop)],
  };
}

/** The first page of the grid, as the shopper sees it: newest first. */
export function boutiqueJsonLd(base: string, cards: CardData[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'Boutique',
    url: `${base}/boutique`,
    numberOfItems: cards.length,
    itemListElement: cards.map((card, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: productUrl(base, card.id),
      name: card.title,
    })),
  };
}

export function boutiqueHead(base: string, cards: CardData[], shop: PublicShop): PageHead {
  return {
    title: `Boutique | ${shop.name}`,
    description: BOUTIQUE_DESCRIPTION,
    canonical: `${base}/boutique`,
    image: defaultImage(base),
    siteName: shop.name,
    jsonLd: [boutiqueJsonLd(base, cards)],
  };
}

export function productNotFoundHead(shop: PublicShop): PageHead {
  return {
    title: `Produit non trouvé | ${shop.name}`,
    description: "Ce produit n'existe pas ou n'est plus proposé à la vente.",
    canonical: null,
    siteName: shop.name,
  };
}
