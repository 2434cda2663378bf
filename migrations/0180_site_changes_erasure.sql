-- A site's audit trail stays append-only, with one exception: the erasure of a household
-- (RGPD art. 17, docs/decisions/020-personal-data.md) replaces what a change said of the home
-- (its name and address, in `detail`) by the placeholder {"erased": true}; who, when and which
-- action stay. Any other update, any delete or truncate is refused as before. The statement
-- trigger of 0156 becomes a row trigger for updates so the one allowed change can be recognised.
drop trigger site_changes_no_change on site_changes;
create trigger site_changes_no_delete before delete or truncate on site_changes
  for each statement execute function site_changes_append_only();

create function site_changes_redact_only() returns trigger language plpgsql as $$
begin
  if new.detail = '{"erased": true}'::jsonb
     and (new.id, new.site_id, new.changed_at, new.changed_by, new.changed_by_email, new.action)
         is not distinct from
         (old.id, old.site_id, old.changed_at, old.changed_by, old.changed_by_email, old.action) then
    return new;
  end if;
  raise exception 'site_changes is append-only';
end $$;
create trigger site_changes_no_change before update on site_changes
  for each row execute function site_changes_redact_only();
