-- The biocide usage register (issue 37, point 6; docs/decisions/040-biocide-usage-register.md): one
-- row per TreatmentRecorded event of an intervention's stream, written in the append's transaction
-- and rebuilt by `npm run orders:replay`. Never typed: no screen writes it. Everything but the site
-- and the report number is copied from the event (what the technician relied on that day).
create table treatment_register (
  intervention_id uuid not null,
  -- The TreatmentRecorded event's version in its stream.
  version integer not null,
  -- When the technician applied it (the phone's instant) and its Paris day.
  treated_at timestamptz not null,
  day date not null,
  intervention_number text not null,
  site_street text not null,
  site_zip_code text not null,
  site_city text not null,
  product_id text not null,
  product_title text not null,
  amm_number text not null,
  biocide_type text not null,
  professional_only boolean not null,
  quantity double precision not null check (quantity > 0),
  unit text not null,
  method text not null,
  target text not null,
  zone text not null,
  technician_id text not null,
  applicator_name text not null,
  certificate_number text,
  certificate_category text,
  certificate_expires_on text,
  -- The certificate that day: valid, expired, wrongCategory (for the product), none.
  certificate_status text not null check (certificate_status in ('valid', 'expired', 'wrongCategory', 'none')),
  -- The first sealed report covering the treatment (ReportSealed.coveredThroughVersion >= version).
  report_number text,
  primary key (intervention_id, version)
);
create index treatment_register_day_idx on treatment_register (day, intervention_number, version);
create index treatment_register_product_idx on treatment_register (product_id, day);
