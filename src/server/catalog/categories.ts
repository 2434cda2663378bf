/**
 * The product categories as a managed list (migration 0051): created, renamed, merged and ordered
 * by an admin; a product's category must be one of them. products.category keeps the name, so a
 * rename or a merge changes the products in the same transaction.
 */
import { CATEGORY_MESSAGES } from '../../domain/catalog/product.js';
import { DomainError } from '../../domain/errors.js';
import type { Sql, Tx } from '../db/client.js';
import { announceProductChange } from './page-cache.js';

export interface ProductCategory {
  id: string;
  name: string;
  position: number;
  productCount: number;
}

const notFound = () => new DomainError('not_found', 'CATEGORY_NOT_FOUND', CATEGORY_MESSAGES.notFound);
const taken = () => new DomainError('conflict', 'CATEGORY_TAKEN', CATEGORY_MESSAGES.taken, { field: 'name' });

export async function listCategories(sql: Tx): Promise<ProductCategory[]> {
  return await sql<ProductCategory[]>`
    select c.id, c.name, c.position, (select count(*)::int from products p where p.category = c.name) as product_count
      from product_categories c
     order by c.position, c.name`;
}

/** Refuses a product category that is not in the list (the product dialog only offers those). */
export async function assertCategoryExists(sql: Tx, name: string | null): Promise<void> {
  if (name === null) return;
  const [row] = await sql`select 1 from product_categories where name = ${name}`;
  if (!row) throw new DomainError('invalid', 'CATEGORY_UNKNOWN', CATEGORY_MESSAGES.unknown);
}

async function nameFree(sql: Tx, name: string, except: string | null = null) {
  const [row] = await sql`select 1 from product_categories where lower(name) = lower(${name})
                            and (${except}::uuid is null or id <> ${except}::uuid)`;
  if (row) throw taken();
}

export async function createCategory(sql: Sql, name: string): Promise<ProductCategory[]> {
  return await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('h27:categories'))`;
    await nameFree(tx, name);
    await tx`insert into product_categories (name, position)
             values (${name}, (select coalesce(max(position), 0) + 1 from product_categories))`;
    return await listCategories(tx);
  });
}

/** Renames a category and every product in it. */
export async function renameCategory(sql: Sql, id: string, name: string): Promise<ProductCategory[]> {
  return await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('h27:categories'))`;
    const [old] = await tx<
      { name: string }[]
    >`select name from product_categories where id = ${id} for update`;
    if (!old) throw notFound();
    await nameFree(tx, name, id);
    await tx`update product_categories set name = ${name} where id = ${id}`;
    await tx`update products set category = ${name}, updated_at = now() where category = ${old.name}`;
    await announceProductChange(tx);
    return await listCategories(tx);
  });
}

/** Moves every product of `fromId` into `intoId`, then removes `fromId`. */
export async function mergeCategory(sql: Sql, fromId: string, intoId: string): Promise<ProductCategory[]> {
  if (fromId === intoId) throw new DomainError('invalid', 'CATEGORY_SAME', 'Choisissez une autre catégorie.');
  return await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('h27:categories'))`;
    const rows = await tx<{ id: string; name: string }[]>`
      select id, name from product_categories where id in (${fromId}, ${intoId}) for update`;
    const from = rows.find((r) => r.id === fromId);
    const into = rows.find((r) => r.id === intoId);
    if (!from || !into) throw notFound();
    await tx`update products set category = ${into.name}, updated_at = now() where category = ${from.name}`;
    await tx`delete from product_categories where id = ${fromId}`;
    await announceProductChange(tx);
    return await listCategories(tx);
  });
}

/** Removes a category no product uses; one still used is refused with the reason. */
export async function removeCategory(sql: Sql, id: string): Promise<ProductCategory[]> {
  return await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('h27:categories'))`;
    const [category] = await tx<{ name: string }[]>`
      select name from product_categories where id = ${id} for update`;
    if (!category) throw notFound();
    const [used] = await tx<{ n: number }[]>`
      select count(*)::int as n from products where category = ${category.name}`;
    if (used!.n > 0) {
      throw new DomainError(
        'conflict',
        'CATEGORY_NOT_EMPTY',
        CATEGORY_MESSAGES.notEmpty(category.name, used!.n),
      );
    }
    await tx`delete from product_categories where id = ${id}`;
    return await listCategories(tx);
  });
}

/**
 * The list's order: the ids given come first, in that order; categories not named (added meanwhile
 * by another admin) keep their order after them. Unknown ids are ignored.
 */
export async function reorderCategories(sql: Sql, ids: string[]): Promise<ProductCategory[]> {
  return await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('h27:categories'))`;
    await tx`
      update product_categories c set position = o.position
        from (select id, row_number() over (order by coalesce(array_position(${ids}::uuid[], id), 1000000 + position), name)::int as position
                from product_categories) o
       where c.id = o.id`;
    return await listCategories(tx);
  });
}
