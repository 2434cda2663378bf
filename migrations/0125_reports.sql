-- Sealed reports (issue 37 point 4, docs/decisions/038-sealed-reports.md). A report is a
-- ReportSealed event of its intervention's stream (the snapshot, its content hash, its PDF's hash);
-- an addendum a ReportAddendumSealed event. Numbers come from the documents' series counters
-- (invoice_counters, series RI-YYYY), taken in the sealing transaction: gapless.

-- The read table keeps each intervention's reports (number, short code, hashes, addenda) from the
-- fold, for /compte, the signed link and the back-office.
alter table interventions add column reports jsonb not null default '[]'::jsonb;

-- Each report's and addendum's PDF as mailed (hashed into its event), beside the devis's: written
-- in the sealing transaction, never changed. `addendum` 0 is the report itself. The short code
-- finds a report from the public verification page.
create table report_documents (
  number text primary key,
  intervention_id uuid not null,
  report_number text not null,
  addendum integer not null,
  short_code text not null,
  pdf bytea not null,
  sha256 text not null,
  created_at timestamptz not null default now(),
  unique (report_number, addendum)
);
create unique index report_documents_short_code_idx on report_documents (short_code) where addendum = 0;
create index report_documents_intervention_idx on report_documents (intervention_id);

-- Reports are evidence (inspectors, insurers): never updated or deleted by anyone but a restore.
create function report_documents_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'report documents are never changed or deleted (%)', old.number
    using errcode = 'P0001';
end $$;
create trigger report_documents_immutable before update or delete on report_documents
  for each row execute function report_documents_immutable();
