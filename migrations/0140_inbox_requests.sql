-- The old inbox becomes requests (issue 36, src/server/interventions/inbox-import.ts): its items were
-- asked no site type, so an intervention opened from one has none until the devis says it.
alter table interventions alter column site_type drop not null;
