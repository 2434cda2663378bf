-- Back-office orders (docs/decisions/009-admin-orders.md): the list pages newest first with a
-- keyset (created_at, id), searches the order number and the customer's names with trigrams, and
-- filters by status on the same ordered scan.
create extension if not exists pg_trgm;

-- Keyset paging newest first; ties on the time are broken by id. It replaces the index on the time
-- alone (same order, one index less to write per checkout).
create index orders_admin_list_idx on orders (created_at desc, id desc);
drop index if exists orders_created_idx;

-- Search: the order number and the name written on the order, lowercased, as one trigram document.
-- Status and payment changes do not touch these columns, so they stay HOT updates.
create index orders_search_trgm_idx on orders using gin (
  (lower(order_number || ' ' || coalesce(shipping_address ->> 'firstName', '') || ' '
         || coalesce(shipping_address ->> 'lastName', ''))) gin_trgm_ops
);

-- Search by the customer's current name (their profile), then their orders by customer_id.
create index profiles_name_trgm_idx on profiles using gin (
  (lower(first_name || ' ' || last_name)) gin_trgm_ops
);
