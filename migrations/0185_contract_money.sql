-- The money of yearly contracts (docs/decisions/046-contract-money.md): what a contract's invoices
-- still owe and what its credit notes still give back, kept on its read row (a pure function of
-- the stream, contractBalance) so the erasure and the retention job weigh it without a fold.
alter table service_contracts
  add column owed_cents integer not null default 0,
  add column to_refund_cents integer not null default 0;

-- Until now no contract payment or refund could be recorded: each invoice owes its total less the
-- credit notes citing it, and no credit note has anything paid to give back (what the fold gives).
update service_contracts c
   set owed_cents = coalesce((
         select sum(greatest(0, (i ->> 'totalInclCents')::integer - coalesce((
                  select sum((e.data #>> '{document,totalInclCents}')::integer)
                    from events e
                   where e.stream_id = c.id and e.type = 'CreditNoteIssued'
                     and e.data #>> '{document,cites,number}' = i ->> 'number'), 0)))
           from jsonb_array_elements(c.invoices) i), 0);
