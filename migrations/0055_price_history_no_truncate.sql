-- The price history is append-only, truncate included: a restore now empties only the tables that
-- hold rows (src/server/backup/backup.ts), so the exception 0040 made for the truncate of a still
-- empty history is no longer needed.
create or replace function product_price_history_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'product_price_history is append-only';
end $$;
