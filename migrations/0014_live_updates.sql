-- Live updates (docs/decisions/015-live-updates.md). A customer's account is created, edited, given
-- a role or deleted from several places (sign-up, the account page, the back-office, deletion with
-- its cascade): one trigger on profiles announces every such change to the instances' live hubs.
-- Profiles are few and rarely written, so the NOTIFY costs no hot path (orders announce themselves
-- from the app, after their commit).
create function live_profile_changed() returns trigger language plpgsql as $$
declare
  changed text;
begin
  if tg_op = 'DELETE' then
    changed := old.id;
  else
    changed := new.id;
  end if;
  perform pg_notify('h27_live', json_build_object('kind', 'customer', 'id', changed)::text);
  return null;
end
$$;

create trigger profiles_live_changed
  after insert or update or delete on profiles
  for each row execute function live_profile_changed();
