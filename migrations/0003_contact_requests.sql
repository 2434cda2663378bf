-- Contact and quote requests sent from the landing page's form (issue 6).
-- The back-office lists them; the per-address rate limit counts them, so it holds across instances.
create table contact_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 120),
  email text not null check (length(email) between 3 and 200),
  phone text not null check (length(phone) between 1 and 30),
  service text not null check (service in ('deratisation', 'frelon', 'guepe', 'punaises', 'cafards', 'autre')),
  message text not null default '' check (length(message) <= 2000),
  ip text not null,
  created_at timestamptz not null default now()
);

create index contact_requests_created_at_idx on contact_requests (created_at desc);
create index contact_requests_ip_created_at_idx on contact_requests (ip, created_at);
