-- Order log: every order is an append-only stream of events; orders and order_items are read tables
-- derived from it in the append's transaction, and rebuilt from it by `npm run orders:replay`.
-- See docs/decisions/001-order-log.md.

create table events (
  -- Global position, from a sequence: unique and increasing in insertion order, with gaps where a
  -- transaction rolled back. Catch-up readers order by (tx_id, position), see below.
  position bigserial primary key,
  stream_id uuid not null,
  version integer not null check (version >= 1),
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null,
  -- The appending transaction: a catch-up reader only reads events of transactions older than the
  -- oldest one still running, so an event committed late is never skipped.
  tx_id xid8 not null default pg_current_xact_id(),
  -- Audit evidence: sha256 over the position and the canonical content (which includes prev_hash,
  -- the hash of the previous event of the same stream): a per-stream chain, no global row.
  prev_hash text,
  hash text not null,
  unique (stream_id, version)
);
create index events_tx_position_idx on events (tx_id, position);

-- The head of every stream (last version, its position and hash). One row per stream, so appends
-- to different orders never wait on each other; it lets the verifier notice a removed last event.
create table event_streams (
  stream_id uuid primary key,
  version integer not null,
  head_position bigint not null,
  head_hash text not null
) with (fillfactor = 80);

-- Signed checkpoints written by `npm run orders:verify`: the exact set of positions of the events
-- of every transaction older than `horizon`, with per-bucket digests, so that a removal, an
-- insertion or a consistent rewrite of older events is caught.
create table audit_checkpoints (
  id bigserial primary key,
  horizon xid8 not null,
  event_count bigint not null,
  max_position bigint not null,
  positions text not null,
  buckets jsonb not null,
  signature text not null,
  created_at timestamptz not null default now()
);

-- Order numbers: one counter row per year, incremented in the placing transaction (gapless,
-- never reused). Only checkouts of the same year touch it, and only at the end of the transaction.
create table order_number_counters (
  year integer primary key,
  last_value integer not null
);

-- Idempotent checkout: a retried request with the same key returns the first order.
create table order_idempotency_keys (
  key text primary key,
  order_id uuid not null,
  customer_id text,
  created_at timestamptz not null default now()
);

-- Read tables (projections). Room is left in each page (fillfactor) so that status changes, which
-- touch no indexed column, are HOT updates that rewrite no index entry.
create table orders (
  id uuid primary key,
  order_number text not null unique,
  customer_id text references users (id) on delete set null,
  status text not null check (status in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled')),
  payment_status text not null check (payment_status in ('pending', 'paid', 'failed', 'refunded')),
  payment_method text,
  notes text,
  shipping_address jsonb not null,
  billing_address jsonb,
  subtotal_cents integer not null check (subtotal_cents >= 0),
  shipping_cost_cents integer not null default 0 check (shipping_cost_cents >= 0),
  tax_cents integer not null default 0 check (tax_cents >= 0),
  total_amount_cents integer not null check (total_amount_cents >= 0),
  item_count integer not null check (item_count >= 0),
  version integer not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
) with (fillfactor = 85);
create index orders_customer_created_idx on orders (customer_id, created_at desc);
create index orders_created_idx on orders (created_at desc);

create table order_items (
  id uuid primary key,
  order_id uuid not null references orders (id) on delete cascade,
  product_id uuid,
  title text not null,
  image text,
  quantity integer not null check (quantity >= 1),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  total_price_cents integer not null check (total_price_cents >= 0),
  position integer not null
);
create index order_items_order_idx on order_items (order_id, position);
