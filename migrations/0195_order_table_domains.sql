-- Issue 41: the rules of the orders read table as domains instead of check constraints.
-- PostgreSQL 15 rebuilds every check constraint of a table from its stored text (stringToNode,
-- then plans it) at each statement that updates the table, whatever columns the statement sets:
-- the nine checks of `orders` were about 9 % of the database's work for an order's append
-- (perf record of bench:orders). A domain's rule is read once per connection (type cache) and
-- checked only on the values a statement assigns. The rules are the same, in the same database:
-- an impossible status or a negative amount is still refused (tests/integration/order-table-rules).
create domain order_status as text
  check (value in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'));
create domain order_payment_status as text
  check (value in ('pending', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'failed'));
create domain non_negative_integer as integer check (value >= 0);

alter table orders
  drop constraint orders_status_check,
  drop constraint orders_payment_status_check,
  drop constraint orders_subtotal_cents_check,
  drop constraint orders_shipping_cost_cents_check,
  drop constraint orders_tax_cents_check,
  drop constraint orders_total_amount_cents_check,
  drop constraint orders_item_count_check,
  drop constraint orders_paid_cents_check,
  drop constraint orders_refunded_cents_check,
  alter column status type order_status,
  alter column payment_status type order_payment_status,
  alter column subtotal_cents type non_negative_integer,
  alter column shipping_cost_cents type non_negative_integer,
  alter column tax_cents type non_negative_integer,
  alter column total_amount_cents type non_negative_integer,
  alter column item_count type non_negative_integer,
  alter column paid_cents type non_negative_integer,
  alter column refunded_cents type non_negative_integer;
