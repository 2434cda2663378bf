-- Devis (issue 36, docs/decisions/035-devis.md). A devis is a DevisSent event of its intervention's
-- stream (the snapshot, its hash, its PDF's hash); its number comes from the documents' series
-- counters (invoice_counters, series DE-YYYY), taken in the sending transaction: gapless.

-- The read table keeps the current devis and the signed contract (null before), from the fold.
alter table interventions
  add column devis jsonb,
  add column contract jsonb;
create index interventions_devis_email_idx on interventions (lower(devis ->> 'email')) where devis is not null;

-- Each sent devis's PDF as sent (hashed into its event), for the signed link, /compte and the
-- back-office. Written in the sending transaction, never changed.
create table devis_documents (
  number text primary key,
  intervention_id uuid not null,
  version integer not null,
  pdf bytea not null,
  sha256 text not null,
  created_at timestamptz not null default now()
);
create index devis_documents_intervention_idx on devis_documents (intervention_id, version desc);

-- One-time codes of the acceptance at a distance: only a hash of the code is kept. A code is used
-- once; five wrong tries or 15 minutes end it. Not evidence by itself: the acceptance event records
-- the check.
create table devis_codes (
  id bigserial primary key,
  intervention_id uuid not null,
  number text not null,
  code_hash text not null,
  sent_to text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0,
  used_at timestamptz
);
create index devis_codes_intervention_idx on devis_codes (intervention_id, created_at desc);
