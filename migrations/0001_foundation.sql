-- Foundation: catalogue, images, accounts (better-auth tables), profiles, app metadata.
-- Money is stored as integer cents everywhere; the API exposes cents and the client formats euros.

create table app_meta (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table images (
  id uuid primary key default gen_random_uuid(),
  original_name text,
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now()
);

-- Each uploaded image is kept as a few WebP widths, in the database so that every app instance
-- serves the same files without a shared disk.
create table image_variants (
  image_id uuid not null references images (id) on delete cascade,
  width integer not null,
  content_type text not null default 'image/webp',
  bytes integer not null,
  data bytea not null,
  primary key (image_id, width)
);

create table products (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(title) between 1 and 200),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  description text not null default '',
  mini_description text not null default '',
  price_cents integer not null check (price_cents >= 0),
  promo_price_cents integer check (promo_price_cents >= 0),
  is_on_promotion boolean not null default false,
  main_image text,
  additional_images text[] not null default '{}',
  category text,
  subcategory text,
  brand text,
  tags text[] not null default '{}',
  size text,
  color text,
  is_available boolean not null default true,
  is_visible_in_shop boolean not null default true,
  infinite_stock boolean not null default false,
  stock_quantity integer not null default 0 check (stock_quantity >= 0),
  weight_kg numeric(10, 3) check (weight_kg >= 0),
  shipping_cost_cents integer not null default 0 check (shipping_cost_cents >= 0),
  delivery_time text,
  product_type text not null default 'physical',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index products_shop_list_idx on products (created_at desc, id) where is_available and is_visible_in_shop;

-- better-auth tables (camelCase fields mapped to snake_case columns by Kysely's CamelCasePlugin).
create table users (
  id text primary key,
  name text not null,
  email text not null unique,
  email_verified boolean not null default false,
  image text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table sessions (
  id text primary key,
  expires_at timestamptz not null,
  token text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  ip_address text,
  user_agent text,
  user_id text not null references users (id) on delete cascade
);
create index sessions_user_id_idx on sessions (user_id);

create table accounts (
  id text primary key,
  account_id text not null,
  provider_id text not null,
  user_id text not null references users (id) on delete cascade,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  scope text,
  password text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index accounts_user_id_idx on accounts (user_id);

create table verifications (
  id text primary key,
  identifier text not null,
  value text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index verifications_identifier_idx on verifications (identifier);

-- Shared by every instance, so that sign-in rate limiting holds behind a load balancer.
create table rate_limits (
  id text primary key,
  key text not null unique,
  count integer not null,
  last_request bigint not null
);

create table profiles (
  id text primary key references users (id) on delete cascade,
  first_name text not null default '',
  last_name text not null default '',
  phone text,
  address text,
  postal_code text,
  city text,
  country text not null default 'France',
  date_of_birth date,
  role text not null default 'user' check (role in ('user', 'admin')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
