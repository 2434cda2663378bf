-- Issue 23, finding 4: each checkpoint signs its place in the chain (how many checkpoints exist
-- with it, and the previous one's signature), so a checkpoint removed from the middle is caught by
-- the key, and one removed from the end by the witness file the server keeps and checks.
-- Checkpoints written before this migration keep null here and their original signature.
alter table audit_checkpoints
  add column sequence bigint,
  add column previous_signature text;
