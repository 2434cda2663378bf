-- A fresh proof that an account holds its email address (third probe, finding 1; ADR 033).
-- « Télécharger mes données » and « Supprimer mon compte » reach what was found by that email
-- (orders placed as a guest, contact requests) only while a code mailed to it was confirmed in the
-- last minutes; without it an account reaches only what it created itself. One row per account,
-- replaced by each new code; it goes with the account.
create table email_proofs (
  user_id text primary key references users (id) on delete cascade,
  -- The address the code went to: a proof is worth nothing once the account's email changed.
  email text not null,
  code_hash text not null,
  attempts integer not null default 0,
  -- Until when the code may be typed; once confirmed, until when the proof counts.
  expires_at timestamptz not null,
  confirmed_at timestamptz,
  created_at timestamptz not null default now()
);
