-- The outbox wakes its workers itself (issue 41): every statement that inserts into mail_outbox
-- notifies the channel at commit, so a mail queued inside another statement (a status change's
-- append, one statement, src/server/orders/commit.ts) wakes the workers as enqueueMail did.
create function mail_outbox_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('mail_outbox', '');
  return null;
end
$$;

create trigger mail_outbox_notify after insert on mail_outbox
  for each statement execute function mail_outbox_notify();
