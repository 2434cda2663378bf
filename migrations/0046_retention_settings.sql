-- The retention periods of personal data (src/domain/privacy/retention.ts): one row, the domain's
-- shape as jsonb (no row: the defaults, the figures of the law and of the privacy policy). Kept
-- apart from shop_settings so that other settings tabs are not touched.
create table retention_settings (
  id boolean primary key default true check (id),
  settings jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by text references users (id) on delete set null
);

-- The warning mail before an inactive account is deleted: sent once per period of inactivity.
alter table profiles add column inactivity_warned_at timestamptz;
