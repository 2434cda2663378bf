import { PRODUCT_MESSAGES, type Product, toProductRecord } from '../../domain/catalog/product.js';
import { DomainError } from '../../domain/errors.js';
import type { Sql, Tx } from '../db/client.js';
import { errors } from '../errors.js';
import { documentExists } from '../images/documents.js';
import { deleteUnusedImages, existingImageUrls } from '../images/images.js';
import {
  type AdminProduct,
  deleteProduct,
  findAdminProduct,
  insertProduct,
  updateProduct,
} from './admin-queries.js';
import { assertCategoryExists } from './categories.js';
import { announceProductChange } from './page-cache.js';
import { recordPrices } from './price-history.js';

/*
 * The back-office's product changes (adminProducts router): the product arrives parsed by the one
 * product schema (src/domain/catalog/product.ts); the server decides cents, slug and images.
 */

/** Every image of the product must be one the pipeline stored (never a foreign URL). */
async function assertImagesExist(sql: Tx, product: Product) {
  const found = await existingImageUrls(sql, product.images);
  if (product.images.some((url) => !found.has(url))) {
    throw new DomainError('invalid', 'IMAGE_NOT_FOUND', PRODUCT_MESSAGES.imageInvalid);
  }
}

const imagesOf = (p: { mainImage: string | null; additionalImages: string[] }) =>
  p.mainImage ? [p.mainImage, ...p.additionalImages] : p.additionalImages;

/** One product as the back-office edits it. */
export async function adminProduct(sql: Tx, id: string): Promise<AdminProduct> {
  const product = await findAdminProduct(sql, id);
  if (!product) throw errors.productNotFound();
  return product;
}

/** Every image and document of the product must be one the pipelines stored. */
async function assertFilesExist(sql: Tx, product: Product) {
  await assertImagesExist(sql, {
    ...product,
    images: product.labelImage ? [...product.images, product.labelImage] : product.images,
  });
  if (product.safetyDataSheet && !(await documentExists(sql, product.safetyDataSheet))) {
    throw new DomainError('invalid', 'DOCUMENT_NOT_FOUND', PRODUCT_MESSAGES.documentInvalid);
  }
}

/** `by`: the admin's user id, recorded in the price history. */
export async function createProduct(
  sql: Sql,
  product: Product,
  by: string | null = null,
): Promise<AdminProduct> {
  return await sql.begin(async (tx) => {
    await assertFilesExist(tx, product);
    await assertCategoryExists(tx, product.category);
    const record = toProductRecord(product);
    const created = await insertProduct(tx, record);
    const prices = await recordPrices(tx, created.id, record, null, by);
    await announceProductChange(tx);
    return { ...created, ...prices };
  });
}

/** Saves every field; images the owner removed go too, unless an order line still shows them. */
export async function saveProduct(
  sql: Sql,
  id: string,
  product: Product,
  by: string | null = null,
): Promise<AdminProduct> {
  return await sql.begin(async (tx) => {
    await assertFilesExist(tx, product);
    const record = toProductRecord(product);
    const result = await updateProduct(tx, id, record);
    await assertCategoryExists(tx, product.category);
    if (!result) throw errors.productNotFound();
    const prices = await recordPrices(tx, id, record, result.before, by);
    result.product = { ...result.product, ...prices };
    const kept = new Set([
      ...imagesOf(result.product),
      ...(result.product.labelImage ? [result.product.labelImage] : []),
    ]);
    const beforeImages = [
      ...imagesOf(result.before),
      ...(result.before.labelImage ? [result.before.labelImage] : []),
    ];
    await deleteUnusedImages(
      tx,
      beforeImages.filter((url) => !kept.has(url)),
    );
    await announceProductChange(tx);
    return result.product;
  });
}

/** Order lines keep their title, price and picture: the order history never depends on the product. */
export async function removeProduct(sql: Sql, id: string): Promise<{ id: string }> {
  return await sql.begin(async (tx) => {
    const removed = await deleteProduct(tx, id);
    if (!removed) throw errors.productNotFound();
    await deleteUnusedImages(tx, imagesOf(removed));
    await announceProductChange(tx);
    return { id: removed.id };
  });
}

/**
 * An image taken out in the dialog: deleted at once when nothing saved uses it; one still on a
 * saved product stays until that product is saved without it.
 */
export async function removeImage(sql: Tx, url: string): Promise<{ deleted: boolean }> {
  return { deleted: (await deleteUnusedImages(sql, [url])) > 0 };
}
