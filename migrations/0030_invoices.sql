-- Invoices and credit notes (issue 25, docs/decisions/019-invoices.md). An invoice is an event of
-- its order's stream (InvoiceIssued / CreditNoteIssued) carrying its full snapshot; what is here is
-- the seller's identity it is taken from, the per-series counters and the rendered PDFs.

-- The seller's legal identity (Paramètres › Facturation): one row, absent until first saved.
create table seller_identity (
  id boolean primary key default true check (id),
  legal_name text not null,
  legal_form text not null,
  share_capital text not null,
  address text not null,
  zip_code text not null,
  city text not null,
  siren text not null,
  siret text not null,
  registry text not null,
  vat_number text not null,
  vat_exempt boolean not null,
  invoice_prefix text not null,
  credit_note_prefix text not null,
  updated_at timestamptz not null default now(),
  updated_by_email text
);

-- One row per series ("FA-2026"): the last number given. Incremented in the issuing transaction,
-- so a rollback gives the number back and the row lock orders concurrent issues: never a
-- PostgreSQL sequence, which leaves gaps on rollback (CGI art. 289 I 5).
create table invoice_counters (
  series text primary key,
  last_number integer not null check (last_number >= 1)
);

-- The PDF of every document, as issued: served as stored, verified against the event's hash.
create table invoice_documents (
  number text primary key,
  order_id uuid not null,
  kind text not null check (kind in ('invoice', 'credit_note')),
  pdf bytea not null,
  sha256 text not null,
  created_at timestamptz not null default now()
);
create index invoice_documents_order_idx on invoice_documents (order_id);

-- Kept ten years (C. com. L123-22): never updated or deleted by anyone but a restore.
create function invoice_documents_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'invoice documents are never changed or deleted (%)', old.number
    using errcode = 'P0001';
end $$;
create trigger invoice_documents_immutable before update or delete on invoice_documents
  for each row execute function invoice_documents_immutable();

-- The invoices screen and the audit read the documents from the log.
create index events_documents_idx on events (position)
  where type in ('InvoiceIssued', 'CreditNoteIssued');

-- Attachments of a queued mail (an invoice's PDF): [{ filename, contentType, contentBase64 }].
alter table mail_outbox add column attachments jsonb;

-- A business customer ("Professionnel") in the profile.
alter table profiles add column company_name text;
alter table profiles add column siren text;
alter table profiles add column vat_number text;
