-- Paramètres › Interventions (issue 36): the published tariff and the service catalogue, one row
-- (id = 1) validated by the domain schema (src/domain/interventions/tariffs.ts) on every save and
-- read. No row: the defaults apply. Each save keeps its previous version in the history.
create table intervention_tariffs (
  id integer primary key check (id = 1),
  tariffs jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by_email text
);
create table intervention_tariffs_history (
  id bigserial primary key,
  tariffs jsonb not null,
  saved_at timestamptz not null default now(),
  saved_by_email text
);
