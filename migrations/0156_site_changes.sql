-- The audit trail of the sites' master data (issue 38, docs/decisions/042-sites-and-devices.md):
-- every change the back-office makes to a site, its zones, its plan and its devices, with who and
-- when, appended in the change's transaction. Append-only, like the products' price history.
create table site_changes (
  id bigint generated always as identity primary key,
  -- No foreign key: the trail outlives anything it names.
  site_id uuid not null,
  changed_at timestamptz not null default now(),
  changed_by text,
  changed_by_email text,
  -- site_created, site_updated, site_archived, zone_added, zone_renamed, zones_reordered,
  -- zone_removed, plan_uploaded, device_added, device_moved, device_zone_changed, device_removed
  action text not null,
  -- What changed, as the screen would name it (ids, names, labels, before and after).
  detail jsonb not null default '{}'
);
create index site_changes_site_idx on site_changes (site_id, changed_at);

create function site_changes_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'site_changes is append-only';
end $$;
create trigger site_changes_no_change before update or delete or truncate on site_changes
  for each statement execute function site_changes_append_only();
