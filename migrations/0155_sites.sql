-- Sites, zones, floor plans and devices (issue 38, docs/decisions/042-sites-and-devices.md).
-- A site is where the work is done: a restaurant's kitchen, a building's cellars. It belongs to a
-- customer account (or to none yet), has zones, a floor plan (an uploaded image, each upload a new
-- version: the old ones stay, for the reports of their time) and devices placed on it. Sites are
-- master data like products (plain tables, changes audited); what happens at a site stays in the
-- intervention streams (DeviceChecked carries the device's id), and `device_checks` is their
-- projection, written in the append's transaction and rebuilt by `npm run orders:replay`.

create table sites (
  id uuid primary key,
  customer_id text,
  name text not null check (length(name) between 1 and 120),
  street text not null,
  zip_code text not null,
  city text not null,
  site_type text not null check (site_type in ('logement_ancien', 'logement_neuf', 'parties_communes', 'commerce', 'restauration', 'exterieur')),
  created_at timestamptz not null default now(),
  archived_at timestamptz
);
create index sites_customer_idx on sites (customer_id);

create table site_zones (
  id uuid primary key,
  site_id uuid not null references sites (id),
  name text not null check (length(name) between 1 and 80),
  position integer not null,
  unique (site_id, name)
);

-- Each upload of the plan is a version: (site, 1), (site, 2)... The latest is the current plan.
create table site_plans (
  site_id uuid not null references sites (id),
  version integer not null check (version >= 1),
  -- The image as stored by the images module (its id and the served URL of its large variant).
  image_id text not null,
  image_url text not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  uploaded_at timestamptz not null default now(),
  uploaded_by_email text not null,
  primary key (site_id, version)
);

-- A device: numbered per site (1, 2, 3... printed « P3 » style by kind on its label) and known by a
-- short code printed as a QR on its label. x and y place it on the plan as fractions of its width
-- and height (0..1), null while not placed. A removed device keeps its history.
create table site_devices (
  id uuid primary key,
  site_id uuid not null references sites (id),
  number integer not null check (number >= 1),
  code text not null unique,
  kind text not null check (kind in ('poste_appatage', 'plaque_glu', 'desinsectiseur', 'piege_pheromones')),
  zone_id uuid references site_zones (id),
  x real check (x between 0 and 1),
  y real check (y between 0 and 1),
  placed_at timestamptz not null default now(),
  removed_at timestamptz,
  unique (site_id, number)
);
create index site_devices_site_idx on site_devices (site_id) where removed_at is null;

-- Every device check of every visit (projection of DeviceChecked with a device id).
create table device_checks (
  intervention_id uuid not null,
  -- The DeviceChecked event's version in its stream.
  version integer not null,
  site_id uuid not null,
  device_id uuid not null,
  checked_at timestamptz not null,
  state text not null,
  consumption_percent integer,
  captures integer,
  primary key (intervention_id, version)
);
create index device_checks_site_idx on device_checks (site_id, checked_at);
create index device_checks_device_idx on device_checks (device_id, checked_at);

-- The inspector's folder (DDPP): a signed, revocable, read-only link per site. Only the token's
-- SHA-256 is kept; the link is shown once when made.
create table inspector_links (
  id uuid primary key,
  site_id uuid not null references sites (id),
  token_sha256 text not null unique,
  label text not null,
  created_at timestamptz not null default now(),
  created_by_email text not null,
  revoked_at timestamptz,
  revoked_by_email text
);
create index inspector_links_site_idx on inspector_links (site_id);

-- An intervention done at a site, and the yearly contract it belongs to (a planned visit).
alter table interventions add column site_id uuid;
alter table interventions add column service_contract_id uuid;
create index interventions_site_idx on interventions (site_id) where site_id is not null;
alter table interventions drop constraint if exists interventions_source_check;
alter table interventions add constraint interventions_source_check
  check (source in ('form', 'inbox', 'admin', 'contract', 'sighting'));
