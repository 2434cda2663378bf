-- Abuse counters shared by every instance: fixed windows keyed by what is counted
-- ('checkout:ip:<address>', 'checkout:email:<address>', 'mail:<address>', 'signin-fail:<email>').
create table abuse_counters (
  key text primary key,
  window_start timestamptz not null default now(),
  count integer not null default 0
);
create index abuse_counters_window_start on abuse_counters (window_start);
