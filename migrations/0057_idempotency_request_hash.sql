-- A replayed checkout answers the first order only to the same request (issue 23, finding 10): the
-- key remembers a salted hash of what was asked (customer, details, lines), never the details.
-- Keys written before have none: a replay of one is refused as a reused key.
alter table order_idempotency_keys add column request_hash text;
