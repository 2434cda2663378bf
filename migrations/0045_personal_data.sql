-- Personal data out of the order log's reach (docs/decisions/020-personal-data.md).
--
-- An order's personal fields (the checkout form's name, email, phone, address and the customer's
-- note) live here, one record per placed order, never in the hash-chained events. The OrderPlaced
-- event carries only { subjectId, recordId, commitment }: the commitment is
-- sha256(salt || canonical JSON of the fields), so the chain still proves what the record said,
-- while erasing the record (fields and salt set to null) leaves every event, hash and checkpoint
-- untouched. Without its salt, a commitment cannot be brute-forced back to an email or a phone.
create table personal_records (
  id uuid primary key,
  -- The data subject: a customer's user id, or for a guest the id of the order they placed.
  subject_id text not null,
  subject_kind text not null check (subject_kind in ('customer', 'guest')),
  -- The order (event stream) whose OrderPlaced event references this record.
  stream_id uuid not null unique,
  fields jsonb,
  salt text,
  commitment text not null,
  created_at timestamptz not null default now(),
  erased_at timestamptz,
  check ((erased_at is null) = (fields is not null and salt is not null))
);
create index personal_records_subject_idx on personal_records (subject_id);
-- A guest's orders and contact requests are found by their email (export, retention).
create index personal_records_email_idx on personal_records (lower(fields #>> '{customer,email}'));

-- Version 1 OrderPlaced events still holding personal fields, for the one-time rewrite that runs
-- at start (server/privacy/reseal.ts): empty once it has run, so that start's check costs nothing.
create index events_legacy_personal_idx on events (position)
  where type = 'OrderPlaced' and not (data ? 'personal');
