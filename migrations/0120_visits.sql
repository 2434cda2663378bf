-- The technician's visit (issue 37; docs/decisions/037-the-visit.md).

-- Products: what a treatment copies into its event and what the visit's safety advice starts from.
-- A professional-only biocide needs its AMM number (checked by the product schema on every save;
-- rows saved before this migration keep working until they are next edited).
alter table products
  add column amm_number text check (length(amm_number) <= 40),
  add column antidote text check (length(antidote) <= 200),
  add column reentry_delay_hours integer check (reentry_delay_hours between 0 and 720),
  add column anticoagulant_rodenticide boolean not null default false;

-- The technician's Certibiocide lives in the same profile columns as a customer's (migration 0040);
-- the scan of the certificate is a document of the pipeline (/documents/<uuid>).
alter table profiles
  add column certibiocide_scan text check (certibiocide_scan ~ '^/documents/[0-9a-f-]{36}$');

-- The visit as the read table shows it (folded from the stream's visit events, rebuilt by the replay).
alter table appointments
  add column departed_at timestamptz,
  add column arrived_at timestamptz,
  add column finished_at timestamptz;

-- The intervention's anticoagulant rodenticide episodes (folded state): the owner's list of open
-- episodes and overdue inspections reads them.
alter table interventions
  add column rodenticide_episodes jsonb not null default '[]';
-- The owner's list asks `rodenticide_episodes @> '[{"closedOn": null}]'`.
create index interventions_rodenticide_idx on interventions using gin (rodenticide_episodes jsonb_path_ops);

-- The site's access notes (door codes, keys, where to park) and hazards (children, pets, aquarium):
-- not events (they change, and notes are personal), one row per intervention. The notes are
-- encrypted at rest (AES-256-GCM, key derived from AUTH_SECRET; ADR 037) and read only for the
-- appointment's technician and admins.
create table intervention_sites (
  intervention_id uuid primary key references interventions (id),
  access_notes_encrypted text,
  hazards text[] not null default '{}'
    check (hazards <@ array['children', 'pets', 'aquarium']::text[]),
  updated_at timestamptz not null default now(),
  updated_by_email text
);
