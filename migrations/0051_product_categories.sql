-- The shop's product categories as a managed list (issue 29): the product dialog chooses one, so a
-- typo no longer creates a category. products.category keeps the name (the storefront, the
-- dashboard's revenue by category and the orders read it as they did); renaming and merging
-- change the products in the same transaction (src/server/catalog/categories.ts).
create table product_categories (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (length(name) between 1 and 100 and name = btrim(name)),
  position integer not null,
  created_at timestamptz not null default now()
);

-- The categories the products already use, in alphabetical order.
insert into product_categories (name, position)
select name, (row_number() over (order by name))::int
  from (select distinct btrim(category) as name from products where btrim(coalesce(category, '')) <> '') c;
