-- One counter table for every yearly numbering of the shop (issue 34: one rule, written once).
-- Orders (CMD-2026), interventions (INT-2026), invoices and credit notes (FA-2026, AV-2026), devis
-- (DE-2026) and reports (RI-2026) each keep one row per series: the last number given,
-- incremented in the transaction that uses it, so a rollback gives it back (gapless, never a
-- PostgreSQL sequence). The order and intervention counters move in under their series' names.
alter table invoice_counters rename to number_counters;
alter table number_counters rename constraint invoice_counters_pkey to number_counters_pkey;
insert into number_counters (series, last_number)
  select 'CMD-' || year, last_value from order_number_counters where last_value >= 1;
insert into number_counters (series, last_number)
  select 'INT-' || year, last_value from intervention_number_counters where last_value >= 1;
drop table order_number_counters;
drop table intervention_number_counters;
