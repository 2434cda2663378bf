-- The folded orders a process keeps in memory between commands (docs/decisions/050-order-read-cache.md)
-- are trusted only for what the append's own statement checks: the stream's version and head hash,
-- and this counter of changes to the stream's personal records. An erasure (or any other change to a
-- personal record) changes no version; the trigger makes it change the stream's head, so that a state
-- folded before it can no longer append, nor queue a mail with the data it erased.
alter table event_streams add column personal_epoch integer not null default 0;

create function bump_stream_personal_epoch() returns trigger language plpgsql as $$
begin
  update event_streams set personal_epoch = personal_epoch + 1 where stream_id = old.stream_id;
  return null;
end
$$;

create trigger personal_records_bump_epoch
  after update or delete on personal_records
  for each row execute function bump_stream_personal_epoch();
