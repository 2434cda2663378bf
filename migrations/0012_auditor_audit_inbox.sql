-- Issue 13, points 9 to 11: the auditor role, the stored verification runs of the audit page,
-- and the handled mark of the contact inbox (docs/decisions/012-auditor-audit-inbox.md).

-- A third role: auditors (accountants, inspectors) read orders and the order log, change nothing.
alter table profiles drop constraint if exists profiles_role_check;
alter table profiles add constraint profiles_role_check check (role in ('user', 'admin', 'auditor'));

-- One row per "Vérifier maintenant": who started it, its progress (polled by the page, from any
-- instance) and its result. The name is copied so the record outlives the account.
create table audit_runs (
  id uuid primary key default gen_random_uuid(),
  started_by text references users (id) on delete set null,
  started_by_name text not null,
  started_at timestamptz not null default now(),
  -- Written with each batch: a running row not touched for minutes belongs to a stopped instance.
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  status text not null default 'running' check (status in ('running', 'ok', 'tampered', 'failed')),
  total bigint not null default 0,
  checked bigint not null default 0,
  streams integer,
  checkpoint_id bigint,
  unsealed bigint,
  problem_count integer not null default 0,
  -- The first problems found ({ position, kind, message }), at most as many as the verifier keeps.
  problems jsonb not null default '[]',
  error text
);
create index audit_runs_started_at_idx on audit_runs (started_at desc);

-- The contact inbox: a request is new until an admin marks it handled (who and when).
alter table contact_requests
  add column handled_at timestamptz,
  add column handled_by text references users (id) on delete set null,
  add column handled_by_name text;
create index contact_requests_new_idx on contact_requests (created_at desc) where handled_at is null;
