/**
 * Personal records: an order's personal fields kept outside the hash-chained log
 * (docs/decisions/020-personal-data.md). Placing an order writes its record in the placing
 * transaction and the OrderPlaced event stores only a reference with a salted commitment; readers
 * put the fields back (`readableData`). Erasing a record (server/privacy) nulls its fields and salt
 * and leaves the log as it is.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  attachPersonalData,
  detachPersonalData,
  type OrderPlacedData,
  type PersonalFields,
  type PersonalRef,
} from '../../domain/orders/events.js';
import type { Tx } from '../db/client.js';
import { canonicalJson } from './canonical.js';

/** sha256 of "<salt>\n<canonical fields>", hex: what the chain keeps of a personal record. */
export const personalCommitment = (salt: string, fields: PersonalFields): string =>
  createHash('sha256')
    .update(`${salt}\n${canonicalJson(fields)}`, 'utf8')
    .digest('hex');

export interface PersonalRecord {
  id: string;
  subjectId: string;
  subjectKind: 'customer' | 'guest';
  streamId: string;
  fields: PersonalFields;
  salt: string;
  commitment: string;
}

/**
 * Builds the record of a new order and the event data the log stores instead of its personal
 * fields. The subject is the customer's account, or for a guest the order itself.
 */
export function sealPersonalData(
  orderId: string,
  data: OrderPlacedData,
): { stored: ReturnType<typeof detachPersonalData>['stored']; record: PersonalRecord } {
  const salt = randomBytes(32).toString('hex');
  const { customer, notes } = data;
  const fields: PersonalFields = { customer, notes };
  const ref: PersonalRef = {
    subjectId: data.customerId ?? orderId,
    recordId: randomUUID(),
    commitment: personalCommitment(salt, fields),
  };
  const { stored } = detachPersonalData(data, ref);
  return {
    stored,
    record: {
      id: ref.recordId,
      subjectId: ref.subjectId,
      subjectKind: data.customerId ? 'customer' : 'guest',
      streamId: orderId,
      fields,
      salt,
      commitment: ref.commitment,
    },
  };
}

export const insertPersonalRecord = (sql: Tx, r: PersonalRecord) => sql`
  insert into personal_records (id, subject_id, subject_kind, stream_id, fields, salt, commitment)
  values (${r.id}, ${r.subjectId}, ${r.subjectKind}, ${r.streamId}, ${sql.json(r.fields)}::jsonb,
          ${r.salt}, ${r.commitment})`;

/**
 * A column expression giving the personal fields of an event's record (null when the event has
 * no reference or its record was erased), for queries over `events` aliased or not.
 */
export const personalColumn = (sql: Tx, alias?: string) => {
  const data = alias ? sql`${sql(alias)}.data` : sql`data`;
  return sql`(select r.fields from personal_records r
               where r.id = (${data} #>> '{personal,recordId}')::uuid) as personal`;
};

/** A stored event's data as readers see it: the record's fields put back (see attachPersonalData). */
export const readableData = (type: string, data: unknown, personal: unknown) =>
  attachPersonalData(type, data, personal);
