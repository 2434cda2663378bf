-- The outbox's statement trigger (0095) goes (issue 41, docs/decisions/034-write-path.md): its
-- NOTIFY ran inside every transaction that queued a mail, and PostgreSQL holds its notification
-- queue lock from that transaction's commit until its WAL is flushed, so concurrent status changes
-- committed one after the other. A status change's one statement now wakes the workers after its
-- commit, from the pool (mail/outbox.ts mailsCommitted); enqueueMail notifies in its caller's
-- transaction as before 0095; the workers still poll for anything a lost wake-up leaves behind.
drop trigger mail_outbox_notify on mail_outbox;
drop function mail_outbox_notify();
