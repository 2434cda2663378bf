-- Interventions (issue 36, docs/decisions/032-event-log-beyond-orders.md): each intervention is a
-- stream of the same `events` log as orders (InterventionRequested, ...), hash-chained per stream,
-- verified, sealed, exported and replayed with them. `interventions` is its read table, written in
-- the append's transaction from the folded state and rebuilt by `npm run orders:replay`.

-- Intervention numbers (INT-2026-000001): one counter row per year, as order numbers.
create table intervention_number_counters (
  year integer primary key,
  last_value integer not null
);

create table interventions (
  id uuid primary key,
  number text not null unique,
  status text not null check (status in ('requested', 'quote_sent', 'accepted', 'scheduled', 'done', 'invoiced', 'lost')),
  service text not null,
  site_type text not null,
  urgency text not null,
  preferred_slots text[] not null default '{}',
  -- Personal fields (from the request's personal record; « Client supprimé » once erased).
  name text not null,
  email text not null,
  phone text not null,
  street text not null,
  zip_code text not null,
  city text not null,
  message text not null,
  photos jsonb not null default '[]',
  -- Consent to be called back (cold-call rule from 11 August 2026): when and with which words.
  callback_consent_at timestamptz,
  callback_consent_wording text,
  source text not null check (source in ('form', 'inbox', 'admin')),
  customer_id text,
  lost_reason text,
  note_count integer not null default 0,
  version integer not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
) with (fillfactor = 85);
create index interventions_status_created_idx on interventions (status, created_at desc);
create index interventions_created_idx on interventions (created_at desc);
create index interventions_email_idx on interventions (lower(email));

-- Intervention requests' personal records (name, email, phone, address, message) are found by email.
create index personal_records_intervention_email_idx on personal_records (lower(fields ->> 'email'))
  where event_type = 'InterventionRequested';
