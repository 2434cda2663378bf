-- Products that are lawful to sell (issue 27): biocides, CLP hazards, net quantities, the price
-- history the 30-day reference price is read from, the safety data sheets, and the customers'
-- Certibiocide. The rules themselves live in src/domain/catalog (biocides.ts, hazards.ts, pricing.ts).

alter table products
  add column biocide_type text
    check (biocide_type in ('TP2', 'TP3', 'TP4', 'TP8', 'TP14', 'TP18', 'TP19', 'TP20')),
  add column professional_only boolean not null default false,
  add column certibiocide_category text check (certibiocide_category in ('desinfectants', 'nuisibles', 'autres')),
  add column hazard_pictograms text[] not null default '{}',
  add column signal_word text check (signal_word in ('Danger', 'Attention')),
  add column hazard_statements text[] not null default '{}',
  add column precautionary_statements text[] not null default '{}',
  add column safety_data_sheet text,
  add column label_image text,
  add column net_quantity numeric(12, 3) check (net_quantity > 0),
  add column net_unit text check (net_unit in ('ml', 'l', 'g', 'kg', 'piece')),
  -- When the current reduction started and the lowest price of the 30 days before it
  -- (C. conso L112-1-1): computed by the server from product_price_history, never typed.
  add column promo_started_at timestamptz,
  add column reference_price_cents integer check (reference_price_cents >= 0),
  -- C. env. L522-18: no reduction on a TP14 or TP18, whatever writes the row.
  add constraint products_no_discount_biocide
    check (not (is_on_promotion and coalesce(biocide_type in ('TP14', 'TP18'), false))),
  add constraint products_professional_category
    check (not professional_only or (biocide_type is not null and certibiocide_category is not null));

-- Every change of a product's prices, append-only: who, when, and what the shopper paid from then.
create table product_price_history (
  id bigint generated always as identity primary key,
  -- No foreign key: the history outlives a removed product.
  product_id uuid not null,
  price_cents integer not null check (price_cents >= 0),
  promo_price_cents integer,
  is_on_promotion boolean not null,
  effective_price_cents integer not null check (effective_price_cents >= 0),
  changed_by text,
  changed_at timestamptz not null default now()
);
create index product_price_history_product_idx on product_price_history (product_id, changed_at);

create function product_price_history_append_only() returns trigger language plpgsql as $$
begin
  -- A restore empties the tables of a freshly migrated database before loading a backup: a
  -- truncate of the still-empty history is no change.
  if tg_op = 'TRUNCATE' and not exists (select 1 from product_price_history) then
    return null;
  end if;
  raise exception 'product_price_history is append-only';
end $$;
create trigger product_price_history_no_change before update or delete or truncate on product_price_history
  for each statement execute function product_price_history_append_only();

-- The prices in force today count from the product's last change.
insert into product_price_history (product_id, price_cents, promo_price_cents, is_on_promotion,
                                   effective_price_cents, changed_by, changed_at)
select id, price_cents, promo_price_cents, is_on_promotion,
       case when is_on_promotion and promo_price_cents is not null and promo_price_cents < price_cents
            then promo_price_cents else price_cents end,
       null, updated_at
  from products;
update products set promo_started_at = updated_at, reference_price_cents = price_cents where is_on_promotion;

-- Safety data sheets: PDFs checked by their content, kept in the database like images so that
-- every instance serves them.
create table documents (
  id uuid primary key default gen_random_uuid(),
  original_name text,
  content_type text not null default 'application/pdf',
  bytes integer not null,
  data bytea not null,
  created_at timestamptz not null default now()
);

-- The customer's Certibiocide (arrêté of 9 October 2013): its number goes into the biocide sales
-- register of each sale of a product reserved to professionals.
alter table profiles
  add column certibiocide_number text check (length(certibiocide_number) <= 40),
  add column certibiocide_category text check (certibiocide_category in ('desinfectants', 'nuisibles', 'autres')),
  add column certibiocide_expires_on date;
