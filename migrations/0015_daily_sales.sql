-- Daily sales (docs/decisions/013-dashboard.md): quantity and line revenue per Paris day, product
-- and line title, over the orders that count as revenue (src/domain/dashboard/revenue.ts: not
-- cancelled, payment pending or paid; deleted orders have left the read tables). Kept by the order
-- projections in each append's transaction (src/server/orders/sales.ts) and rebuilt by
-- orders:replay; the analytics tab reads it instead of every order line of a period.
create table daily_product_sales (
  day date not null,
  product_id uuid not null,
  title text not null,
  quantity bigint not null,
  revenue_cents bigint not null,
  primary key (day, product_id, title)
);

-- The orders placed so far, by the same rule as salesFromReadTables (src/server/orders/sales.ts).
insert into daily_product_sales (day, product_id, title, quantity, revenue_cents)
select (o.created_at at time zone 'Europe/Paris')::date, i.product_id, i.title,
       sum(i.quantity), sum(i.total_price_cents)
  from orders o join order_items i on i.order_id = o.id
 where i.product_id is not null
   and o.status <> 'cancelled' and o.payment_status in ('pending', 'paid')
 group by 1, 2, 3;
