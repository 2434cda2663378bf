import { PRODUCT_MESSAGES, type ProductRecord, productSearchPatterns } from '../../domain/catalog/product.js';
import { isRealTimestamp } from '../../domain/common/dates.js';
import { DomainError } from '../../domain/errors.js';
import { isId } from '../../domain/security/ids.js';
import { afterCommit } from '../db/after-commit.js';
import type { Tx } from '../db/client.js';

/** A product as the back-office shows and edits it: every field of the form, hidden ones included. */
export interface AdminProduct extends ProductRecord {
  id: string;
  createdAt: Date;
  /** Set by the server when a reduction starts (C. conso L112-1-1), never typed. */
  promoStartedAt: Date | null;
  referencePriceCents: number | null;
}

export interface AdminProductPage {
  items: AdminProduct[];
  total: number;
  /** Where the next page starts (keyset on created_at, id), null on the last page. */
  nextCursor: string | null;
}

const columns = (sql: Tx) => sql`
  id, title, slug, mini_description, description, price_cents, promo_price_cents, shipping_cost_cents,
  stock_quantity, infinite_stock, is_on_promotion, category, subcategory, brand, tags, delivery_time, size,
  color, weight_kg::float8 as weight_kg, main_image, additional_images, is_available, is_visible_in_shop,
  biocide_type, professional_only, certibiocide_category, amm_number, antidote, reentry_delay_hours,
  anticoagulant_rodenticide, hazard_pictograms, signal_word, hazard_statements,
  precautionary_statements, safety_data_sheet, label_image, net_quantity::float8 as net_quantity, net_unit,
  promo_started_at, reference_price_cents, created_at`;

/**
 * One page of every product, newest first. The cursor is the last row's created_at as PostgreSQL
 * prints it (microseconds kept, which a JS Date would lose; so it is sent as text) and its id.
 */
export async function listAdminProducts(
  sql: Tx,
  page: { limit: number; cursor: string | null; search?: string },
): Promise<AdminProductPage> {
  const [after, afterId] = page.cursor ? splitCursor(page.cursor) : [null, null];
  // The search runs on the server (every product, not the loaded page): each word must appear in
  // the title, the category or the brand, case-insensitively.
  const matching = productSearchPatterns(page.search ?? '').reduce(
    (all, w) =>
      sql`${all} and (title ilike ${w} or coalesce(category, '') ilike ${w} or coalesce(brand, '') ilike ${w})`,
    sql``,
  );
  const rows = await sql<(AdminProduct & { cursorAt: string })[]>`
    select ${columns(sql)}, created_at::text as cursor_at
      from products
     where true ${matching}
     ${after ? sql`and (created_at, id) < (${after}::text::timestamptz, ${afterId}::uuid)` : sql``}
     order by created_at desc, id desc
     limit ${page.limit + 1}`;
  const [{ total } = { total: 0 }] = await sql<
    { total: number }[]
  >`select count(*)::int as total from products where true ${matching}`;
  const more = rows.length > page.limit;
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  return {
    items: items.map(({ cursorAt: _, ...p }) => p),
    total,
    nextCursor: more && last ? `${last.cursorAt}|${last.id}` : null,
  };
}

function splitCursor(cursor: string): [string, string] {
  const at = cursor.lastIndexOf('|');
  const time = cursor.slice(0, at);
  const id = cursor.slice(at + 1);
  if (at < 0 || !isRealTimestamp(time) || !isId(id)) {
    throw new DomainError('invalid', 'INVALID_CURSOR', 'Page invalide');
  }
  return [time, id];
}

export async function findAdminProduct(sql: Tx, id: string): Promise<AdminProduct | null> {
  const [row] = await sql<AdminProduct[]>`select ${columns(sql)} from products where id = ${id}`;
  return row ?? null;
}

const slugTaken = () =>
  new DomainError('conflict', 'SLUG_TAKEN', PRODUCT_MESSAGES.slugTaken, { field: 'slug' });

/** Unique violations on the slug become the spec's message; two saves racing get one winner. */
async function slugSafe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as { code?: string; constraint_name?: string };
    if (e.code === '23505' && e.constraint_name === 'products_slug_key') throw slugTaken();
    throw error;
  }
}

/** A slug used by another product (the spec's pre-check; the unique index settles races). */
async function assertSlugFree(sql: Tx, slug: string, exceptId: string | null) {
  const [row] = await sql`
    select 1 from products where slug = ${slug} ${exceptId ? sql`and id <> ${exceptId}` : sql``}`;
  if (row) throw slugTaken();
}

export async function insertProduct(sql: Tx, record: ProductRecord): Promise<AdminProduct> {
  await assertSlugFree(sql, record.slug, null);
  // ProductRecord's fields are the columns (camelCase turned into snake_case by the client).
  const [row] = await slugSafe(
    () => sql<AdminProduct[]>`insert into products ${sql({ ...record })} returning ${columns(sql)}`,
  );
  await afterCommit.changed(sql, { kind: 'product', id: row!.id });
  return row!;
}

/** Updates a product; returns null when it does not exist (any more). */
export async function updateProduct(
  sql: Tx,
  id: string,
  record: ProductRecord,
): Promise<{ product: AdminProduct; before: AdminProduct } | null> {
  await assertSlugFree(sql, record.slug, id);
  return await slugSafe(async () => {
    const [before] = await sql<
      AdminProduct[]
    >`select ${columns(sql)} from products where id = ${id} for update`;
    if (!before) return null;
    const [row] = await sql<
      AdminProduct[]
    >`update products set ${sql({ ...record })}, updated_at = now() where id = ${id} returning ${columns(sql)}`;
    await afterCommit.changed(sql, { kind: 'product', id });
    return { product: row!, before };
  });
}

export async function deleteProduct(sql: Tx, id: string): Promise<AdminProduct | null> {
  const [row] = await sql<AdminProduct[]>`delete from products where id = ${id} returning ${columns(sql)}`;
  if (row) await afterCommit.changed(sql, { kind: 'product', id });
  return row ?? null;
}

export async function countProducts(sql: Tx): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from products`;
  return row?.n ?? 0;
}
