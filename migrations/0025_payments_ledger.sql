-- Issue 24: money as a ledger (docs/decisions/018-payments-ledger.md). Payments, their corrections
-- and refunds are events of the order log; the payment status is derived from them. The read table
-- keeps what was paid and refunded so that revenue and "total dépensé" are one SQL rule each.

alter table orders drop constraint if exists orders_payment_status_check;
alter table orders add constraint orders_payment_status_check check (
  payment_status in ('pending', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'failed'));
alter table orders
  add column paid_cents integer not null default 0 check (paid_cents >= 0),
  add column refunded_cents integer not null default 0 check (refunded_cents >= 0);

-- What the legacy statuses meant (the fold's upcast, src/domain/orders/money.ts legacyLedger):
-- Payée = the total paid; Remboursée = paid and all given back. orders:replay rebuilds the same.
update orders set paid_cents = total_amount_cents where payment_status in ('paid', 'refunded');
update orders set refunded_cents = total_amount_cents where payment_status = 'refunded';

-- The till's movements by Paris day, read by closures and orders:verify from the log itself.
create index events_money_day_idx on events ((data ->> 'day'), position)
  where type in ('PaymentRecorded', 'PaymentCancelled', 'RefundRecorded');

-- Closures (conservation): each one is an event of the shop's ledger stream, hash-chained and
-- sealed by the checkpoints like every event; this table is its projection, for the screens and
-- for refusing a movement dated in a closed period.
create table money_closures (
  position bigint primary key,
  kind text not null check (kind in ('day', 'month', 'year')),
  period text not null,
  first_day date not null,
  last_day date not null,
  movement_count integer not null,
  net_cents bigint not null,
  grand_total_cents bigint not null,
  totals jsonb not null,
  last_event_position bigint,
  last_event_hash text,
  closed_at timestamptz not null,
  closed_by text,
  unique (kind, period)
);
create index money_closures_days_idx on money_closures (first_day, last_day);
