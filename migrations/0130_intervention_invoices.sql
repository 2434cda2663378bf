-- The invoice from the report (issue 37 point 5, docs/decisions/039-invoice-from-report.md). The
-- invoice is an InvoiceIssued event of the intervention's stream and its payments PaymentRecorded
-- events (same names and shapes as an order's: one register, one ZIP export, one documents' audit,
-- one set of closures). The read table keeps the invoice's summary and what was received, from the
-- fold like every other column.
alter table interventions
  add column invoice jsonb,
  add column paid_cents integer not null default 0;

-- A document's PDF row names the stream its event belongs to: an order or, now, an intervention.
comment on column invoice_documents.order_id is
  'The stream of the document''s event: an order, or an intervention (docs/decisions/039).';
