-- Yearly contracts (contrats 3D, issue 38, docs/decisions/044-yearly-contracts.md). A contract is a
-- stream of the event log (first event ContractSigned); these are its read tables, written from the
-- folded state in the append's transaction and rebuilt by `npm run orders:replay`.

create table service_contracts (
  id uuid primary key,
  number text not null unique,
  customer_id text,
  site_id uuid not null references sites (id),
  -- The customer as the personal record gives it (« Client supprimé » once erased, ADR 020).
  customer_name text not null,
  customer_email text not null,
  customer_kind text not null check (customer_kind in ('particulier', 'professionnel')),
  consumer_rules boolean not null,
  conclusion_mode text not null check (conclusion_mode in ('a_distance', 'hors_etablissement', 'en_etablissement')),
  signed_online boolean not null,
  pests jsonb not null,
  zones jsonb not null,
  visits_per_year integer not null check (visits_per_year > 0),
  device_baseline jsonb not null,
  yearly_price_excl_cents integer not null check (yearly_price_excl_cents > 0),
  vat_rate numeric(4, 1) not null,
  billing_rhythm text not null check (billing_rhythm in ('per_visit', 'monthly', 'quarterly', 'yearly')),
  start_date date not null,
  term_months integer not null,
  tacit_renewal boolean not null,
  notice_months integer not null,
  renewals integer not null,
  -- The day after the current term, and the current term's non-renewal deadline.
  term_end date not null,
  deadline date not null,
  -- The last day covered, when known (terminated, or no tacit renewal).
  last_day date,
  terminated jsonb,
  invoices jsonb not null,
  notices jsonb not null,
  version integer not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index service_contracts_customer_idx on service_contracts (customer_id);
create index service_contracts_site_idx on service_contracts (site_id);

-- The planned visits (« à confirmer » while intervention_id is null).
create table contract_visits (
  contract_id uuid not null references service_contracts (id),
  day date not null,
  year_index integer not null,
  intervention_id uuid,
  primary key (contract_id, day)
);
create index contract_visits_day_idx on contract_visits (day) where intervention_id is null;

-- One personal record per signature (the customer's identity).
create unique index personal_records_contract_idx on personal_records (stream_id)
  where event_type = 'ContractSigned';
