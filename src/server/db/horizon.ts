import type { Tx } from './client.js';

/**
 * The log's read horizon, as an xid8 expression for one statement: the oldest transaction still
 * running that may belong to this database. Events of older transactions are final (their set can
 * no longer grow), so a reader in commit order (the live feed, the store's readAfter) and the
 * sealer stop there.
 *
 * pg_snapshot_xmin alone is the oldest running transaction of the whole cluster: a long one in
 * another database of the same server held back live updates and sealing (issue 23, finding 6).
 * Here a running transaction is passed over only when pg_stat_activity names it as another
 * database's; any it cannot place (already ended, or not shown to this role: grant
 * pg_read_all_stats to the app's role on a shared server) still holds the horizon, so nothing is
 * ever skipped. xip lists xid8s and pg_stat_activity 32-bit xids: two running transactions
 * cannot share their low 32 bits.
 */
export const logHorizon = (sql: Tx) => sql`(
  select coalesce(
           (select min(x) from pg_snapshot_xip(s) x
             where not exists (
               select 1 from pg_stat_activity a
                where a.datid <> (select oid from pg_database where datname = current_database())
                  and a.backend_xid::text::bigint = (x::text::numeric % 4294967296)::bigint)),
           pg_snapshot_xmax(s))
    from pg_current_snapshot() s)`;
