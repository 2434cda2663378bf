-- Shop and checkout: the outbox of mails promised to shoppers (the order confirmation).
-- A mail is queued with the order it belongs to and sent later by a worker in any app instance,
-- so a mail server that is down never loses or blocks an order; failed sends are retried with backoff.
create table mail_outbox (
  id bigint generated always as identity primary key,
  -- What the mail is about, unique so that queueing twice (a retried checkout) queues once.
  dedupe_key text not null unique,
  kind text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  -- When a pending mail may next be tried; also the lease of the instance sending it.
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status = 'pending';
