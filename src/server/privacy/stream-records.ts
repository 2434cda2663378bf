/**
 * The erasure steps every stream with personal records takes (ADR 020), for interventions and
 * contracts alike: null the subject's records (the log stays as it is and still verifies), then
 * delete the mails that named the streams (they name the customer and are no legal record).
 */
import type postgres from 'postgres';
import type { Tx } from '../db/client.js';

/** Whose streams: an account, the guest streams named, and the (proven, lower-cased) emails. */
export interface StreamSubject {
  userId: string | null;
  emails: string[];
  /** Streams a guest's erasure names (the retention job names a guest's request or contract so). */
  guestOrderIds?: readonly string[];
}

/**
 * Nulls the subject's `opening` records (the stream's first event: made for their account, a
 * guest stream named, or typed with one of their emails), then the other personal records
 * (`others`) of those streams. Returns the streams erased.
 */
export async function eraseStreamRecords(
  tx: Tx,
  s: StreamSubject,
  opening: string,
  others: readonly string[],
): Promise<string[]> {
  const rows = await tx<{ streamId: string }[]>`
    update personal_records set fields = null, salt = null, erased_at = now()
     where erased_at is null and event_type = ${opening}
       and (subject_id = ${s.userId ?? ''} or stream_id = any(${s.guestOrderIds ?? []}::uuid[])
            or lower(fields ->> 'email') = any(${s.emails}::text[]))
    returning stream_id`;
  const ids = rows.map((r) => r.streamId);
  if (ids.length === 0) return ids;
  await tx`
    update personal_records set fields = null, salt = null, erased_at = now()
     where erased_at is null and stream_id = any(${ids}::uuid[])
       and event_type = any(${[...others]}::text[])`;
  return ids;
}

/**
 * Deletes the mails (mail_outbox) whose subject or text names one of `numbers` (a query of one
 * `number` column: the streams' and their documents' numbers), or whose dedupe key holds one of
 * `keys` (a stream's id, for mails that name no number).
 */
export async function deleteMailsNaming(
  tx: Tx,
  numbers: postgres.PendingQuery<postgres.Row[]>,
  keys: readonly string[] = [],
): Promise<void> {
  await tx`
    delete from mail_outbox m
     where exists (select 1 from (${numbers}) n
                    where position(n.number in m.subject || ' ' || m.text_body) > 0)
        or exists (select 1 from unnest(${[...keys]}::text[]) c where position(c in m.dedupe_key) > 0)`;
}
