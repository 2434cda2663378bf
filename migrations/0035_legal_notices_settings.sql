-- Paramètres › Mentions légales (issue 26): what the legal notices (LCEN art. 6 III) and the CGV
-- (C. conso L612-1) name besides the shop's identity: the director of publication, the host, and
-- the consumer mediator. Empty until the owner fills them; the pages then say what is missing.
alter table shop_settings
  add column publication_director text not null default '',
  add column host_name text not null default '',
  add column host_address text not null default '',
  add column host_phone text not null default '',
  add column mediator_name text not null default '',
  add column mediator_address text not null default '',
  add column mediator_website text not null default '';

-- The back-office's "Rétractation" filter reads the order log: the orders with a request.
create index events_withdrawal_requested_idx on events (stream_id) where type = 'WithdrawalRequested';
