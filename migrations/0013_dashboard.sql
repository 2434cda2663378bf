-- Dashboard (docs/decisions/013-dashboard.md). Its figures read the orders by created_at
-- (orders_created_idx) and join their lines: this index lets the best-sellers and category queries
-- read the lines they need from the index alone. Order lines are never updated, so it costs the
-- write path one index entry per line and nothing on status changes.
create index order_items_order_sales_idx on order_items (order_id) include (product_id, quantity, total_price_cents, title);

-- New customers: accounts created in a period (profiles are few and rarely updated).
create index profiles_customer_created_idx on profiles (created_at) where role = 'user';
