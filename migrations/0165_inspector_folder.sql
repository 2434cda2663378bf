-- The inspector's folder (issue 38 point 4, docs/decisions/045-inspector-folder.md): the protocol the
-- owner writes per site (what is done there and why), and when each link was last opened and how
-- often (the owner sees whether the inspector read it).
alter table sites add column protocol text not null default '' check (length(protocol) <= 4000);
alter table inspector_links add column last_opened_at timestamptz;
alter table inspector_links add column open_count integer not null default 0;
