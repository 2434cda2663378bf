-- Appointments (issue 36, point 5; docs/decisions/036-appointments.md).

-- A fourth role: technicians open the back-office's planning and see only their own appointments.
alter table profiles drop constraint profiles_role_check;
alter table profiles add constraint profiles_role_check
  check (role in ('user', 'admin', 'auditor', 'technician'));

-- The read table of the appointment events of the interventions' streams (AppointmentBooked, ...),
-- written in the append's transaction from the folded state and rebuilt by `npm run orders:replay`.
-- Times are UTC instants; pages show them in Paris time.
create table appointments (
  id uuid primary key,
  intervention_id uuid not null,
  technician_id text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  status text not null check (status in ('planned', 'confirmed', 'other_slot_asked', 'cancelled')),
  sequence integer not null,
  cancel_reason text,
  customer_message text,
  booked_at timestamptz not null,
  updated_at timestamptz not null
);
-- The week calendar and the conflict check read one technician's slots by time.
create index appointments_technician_time_idx on appointments (technician_id, starts_at)
  where status <> 'cancelled';
create index appointments_intervention_idx on appointments (intervention_id);

-- The reminders' schedule: data, not a timer, so it survives restarts. One row per appointment and
-- start time (a move schedules a new one; the old one is never sent since its time is no longer the
-- appointment's). The outbox worker's sweep claims due rows `for update skip locked` and queues the
-- mail in the same transaction as `sent_at`: never two reminders.
create table appointment_reminders (
  appointment_id uuid not null references appointments (id),
  starts_at timestamptz not null,
  due_at timestamptz not null,
  sent_at timestamptz,
  primary key (appointment_id, starts_at)
);
create index appointment_reminders_due_idx on appointment_reminders (due_at) where sent_at is null;

-- Planning settings: one row (id = 1); no row means the defaults. The travel buffer is the time a
-- technician needs between two appointments (30 minutes by default).
create table appointment_settings (
  id integer primary key check (id = 1),
  travel_buffer_minutes integer not null default 30 check (travel_buffer_minutes between 0 and 240),
  updated_at timestamptz not null default now(),
  updated_by_email text
);
