/**
 * Personal records: an order's personal fields kept outside the hash-chained log
 * (docs/decisions/020-personal-data.md). Appending an event that carries some (OrderPlaced,
 * WithdrawalRequested) writes its record in the same transaction and the event stores only a
 * reference with a salted commitment; readers
 * put the fields back (`readableData`). Erasing a record (server/privacy) nulls its fields and salt
 * and leaves the log as it is.
 */

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DEVIS_PERSONAL_TYPES } from '../../domain/interventions/devis-personal.js';
import {
  attachPersonalData,
  detachPersonalData,
  type PersonalEventType,
  type PersonalRef,
} from '../../domain/orders/events.js';
import type { Tx } from '../db/client.js';
import { canonicalJson } from './canonical.js';

/** sha256 of "<salt>\n<canonical fields>", hex: what the chain keeps of a personal record. */
export const personalCommitment = (salt: string, fields: Record<string, unknown>): string =>
  createHash('sha256')
    .update(`${salt}\n${canonicalJson(fields)}`, 'utf8')
    .digest('hex');

export interface PersonalRecord {
  id: string;
  subjectId: string;
  subjectKind: 'customer' | 'guest';
  streamId: string;
  /** The event type whose data the record completes (OrderPlaced, WithdrawalRequested, InterventionRequested). */
  eventType:
    | PersonalEventType
    | 'InterventionRequested'
    | 'ContractSigned'
    | 'ChatelNoticeSent'
    | (typeof DEVIS_PERSONAL_TYPES)[number];
  fields: Record<string, unknown>;
  salt: string;
  commitment: string;
}

/** The data subject of an order's records: the customer's account, or for a guest the order itself. */
export const orderSubject = (orderId: string, customerId: string | null | undefined) => ({
  subjectId: customerId ?? orderId,
  subjectKind: customerId ? ('customer' as const) : ('guest' as const),
});

/**
 * Builds the record of a new event carrying personal fields (PERSONAL_EVENTS) and the data the
 * log stores instead: a reference to the record and a salted commitment of its fields.
 */
export function sealPersonalData(
  streamId: string,
  subject: ReturnType<typeof orderSubject>,
  type: PersonalEventType,
  data: object,
): { stored: Record<string, unknown>; record: PersonalRecord } {
  const salt = randomBytes(32).toString('hex');
  const { fields } = detachPersonalData(type, data, { subjectId: '', recordId: '', commitment: '' });
  const ref: PersonalRef = {
    subjectId: subject.subjectId,
    recordId: randomUUID(),
    commitment: personalCommitment(salt, fields),
  };
  const { stored } = detachPersonalData(type, data, ref);
  return {
    stored,
    record: {
      id: ref.recordId,
      ...subject,
      streamId,
      eventType: type,
      fields,
      salt,
      commitment: ref.commitment,
    },
  };
}

export const insertPersonalRecord = (sql: Tx, r: PersonalRecord) => sql`
  insert into personal_records (id, subject_id, subject_kind, stream_id, event_type, fields, salt, commitment)
  values (${r.id}, ${r.subjectId}, ${r.subjectKind}, ${r.streamId}, ${r.eventType},
          ${sql.json(r.fields as never)}::jsonb, ${r.salt}, ${r.commitment})`;

/**
 * A column expression giving the personal fields of an event's record (null when the event has
 * no reference or its record was erased), for queries over `events` aliased or not.
 */
export const personalColumn = (sql: Tx, alias?: string) => {
  const data = alias ? sql`${sql(alias)}.data` : sql`data`;
  return sql`(select r.fields from personal_records r
               where r.id = (${data} #>> '{personal,recordId}')::uuid) as personal`;
};

/**
 * Whether an OrderPlaced record (`alias`, else the personal_records table) is a data subject's: the
 * account's, one of the named orders, or a guest order placed with one of its emails (given
 * lower-cased). The one rule of « the subject's orders », for export and erasure alike.
 */
export const isSubjectOrderRecord = (
  sql: Tx,
  subject: { userId: string | null; orderIds: readonly string[]; emails: readonly string[] },
  alias?: string,
) => {
  const r = alias ? sql`${sql(alias)}.` : sql``;
  return sql`(${r}subject_id = ${subject.userId ?? ''}
              or ${r}stream_id = any(${subject.orderIds as string[]}::uuid[])
              or (${r}subject_kind = 'guest'
                  and lower(${r}fields #>> '{customer,email}') = any(${subject.emails as string[]}::text[])))`;
};

/** A stored event's data as readers see it: the record's fields put back (see attachPersonalData). */
export const readableData = (type: string, data: unknown, personal: unknown) =>
  attachPersonalData(type, data, personal);
