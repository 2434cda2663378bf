-- Shop settings (back-office.md §2 and §3): one row of current settings shared by every app
-- instance, and the history of every save (who and when). Money in integer cents, like the catalogue.
-- No row yet: the app uses the spec's defaults (src/domain/settings/settings.ts); the demo seed
-- stores a row whose delivery is free.
create table shop_settings (
  id boolean primary key default true check (id),
  shop_name text not null,
  shop_description text not null,
  shop_email text not null,
  shop_phone text not null,
  shop_address text not null,
  currency text not null,
  tax_rate numeric(5, 2) not null check (tax_rate >= 0 and tax_rate <= 100),
  shipping_enabled boolean not null,
  free_shipping_threshold_cents integer not null check (free_shipping_threshold_cents >= 0),
  default_shipping_cost_cents integer not null check (default_shipping_cost_cents >= 0),
  notifications_enabled boolean not null,
  email_notifications boolean not null,
  order_notifications boolean not null,
  low_stock_alerts boolean not null,
  maintenance_mode boolean not null,
  updated_at timestamptz not null default now(),
  -- Who saved last (null: the seed); the email is kept so the history outlives the account.
  updated_by text references users (id) on delete set null,
  updated_by_email text
);

create table shop_settings_history (
  id bigint generated always as identity primary key,
  -- The whole set as saved, in the domain's shape (src/domain/settings/settings.ts).
  settings jsonb not null,
  saved_at timestamptz not null default now(),
  saved_by text references users (id) on delete set null,
  saved_by_email text
);

create index shop_settings_history_saved_at_idx on shop_settings_history (saved_at desc);
