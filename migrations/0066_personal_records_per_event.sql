-- Personal records per event, not only per order (docs/decisions/020-personal-data.md).
--
-- The withdrawal request's name and email (typed on the form) leave the hash chain as the order's
-- customer fields did: WithdrawalRequested (schema version 3) stores a reference and a salted
-- commitment, the fields live here. An order now has its OrderPlaced record and may have a
-- WithdrawalRequested one; the OrderPlaced record stays one per order.
alter table personal_records add column event_type text not null default 'OrderPlaced';
alter table personal_records alter column event_type drop default;
alter table personal_records drop constraint personal_records_stream_id_key;
create unique index personal_records_order_idx on personal_records (stream_id) where event_type = 'OrderPlaced';
create index personal_records_stream_idx on personal_records (stream_id);
-- An erasure by email finds the withdrawal requests sent with it.
create index personal_records_withdrawal_email_idx on personal_records (lower(fields ->> 'email'))
  where event_type = 'WithdrawalRequested';

-- The events the one-time rewrite still has to move (both types): empty once it has run.
drop index events_legacy_personal_idx;
create index events_legacy_personal_idx on events (position)
  where type in ('OrderPlaced', 'WithdrawalRequested') and not (data ? 'personal');

-- One-time rewrites done (a row each): later starts read this row and skip the scan.
create table data_rewrites (
  name text primary key,
  done_at timestamptz not null default now(),
  -- Events moved, and the checkpoint that re-sealed them (null when there was nothing to move).
  moved integer not null default 0,
  checkpoint_id bigint
);
