/**
 * The contracts' part of the personal-data export and erasure (ADR 020, ADR 044): a contract's
 * customer identity, and the address each Chatel notice went to, live in personal records (event
 * types CONTRACT_PERSONAL_TYPES) found by the account or by a proven email, as interventions find
 * theirs. Erasing nulls the records (the log stays as it is and still verifies) and writes the
 * read table again from the fold: « Client supprimé », as a replay gives. The contract's invoices
 * stay as issued under the legal hold (HOLDING_RECORD_TYPES: staff only from then on).
 */
import { CONTRACT_PERSONAL_TYPES, contractRuns } from '../../domain/contracts/decider.js';
import type { ErasableContract } from '../../domain/privacy/erasure.js';
import { parisDay } from '../../domain/site/time-zone.js';
import type { Tx } from '../db/client.js';
import { documentFiles } from '../invoices/queries.js';
import { readModelStream } from '../log/stream-commands.js';
import { deleteMailsNaming, eraseStreamRecords } from '../privacy/stream-records.js';
import { contractModel, projectContract } from './model.js';

interface Subject {
  userId: string | null;
  emails: string[];
  /** Streams a guest's erasure names (the retention job names a guest's request or contract so). */
  guestOrderIds?: readonly string[];
}

/** The subject's contracts: made for their account, or signed with one of their (proven) emails. */
async function contractIdsOf(sql: Tx, s: Subject): Promise<string[]> {
  const rows = await sql<{ streamId: string }[]>`
    select stream_id from personal_records
     where event_type = 'ContractSigned' and erased_at is null
       and (subject_id = ${s.userId ?? ''} or stream_id = any(${s.guestOrderIds ?? []}::uuid[])
            or lower(fields ->> 'email') = any(${s.emails.map((e) => e.toLowerCase())}::text[]))
     order by created_at`;
  return rows.map((r) => r.streamId);
}

/**
 * The subject's contracts as the erasure weighs them (openContractReason, ADR 046): whether each
 * runs today, what its invoices owe and its credit notes give back (the read row's figures),
 * locked: a money command or the sweep on one of them waits for the erasure's decision.
 */
export async function subjectContracts(
  sql: Tx,
  s: Subject,
  today = parisDay(new Date()),
): Promise<ErasableContract[]> {
  const ids = await contractIdsOf(sql, s);
  const rows = await sql<
    { number: string; lastDay: string | null; owedCents: number; toRefundCents: number }[]
  >`
    select number, to_char(last_day, 'YYYY-MM-DD') as last_day, owed_cents, to_refund_cents
      from service_contracts where id = any(${ids}::uuid[])
     order by number
     for update`;
  return rows.map((r) => ({
    number: r.number,
    running: contractRuns(r, today),
    owedCents: r.owedCents,
    toRefundCents: r.toRefundCents,
  }));
}

/**
 * Export: each contract as signed (the identity typed, the terms), its history (notices with the
 * address they went to, renewals, termination), its site as the shop holds it, and its invoices
 * (PDFs as issued, in `factures/` of the ZIP, as an order's).
 */
export async function exportContracts(sql: Tx, s: Subject) {
  const out = [];
  const files = [];
  for (const id of await contractIdsOf(sql, s)) {
    const { events, state } = await readModelStream(sql, contractModel, id);
    if (!state) continue;
    const [site] = await sql`
      select name, street, zip_code, city, site_type from sites where id = ${state.siteId}::uuid`;
    const invoices = await documentFiles(sql, id);
    files.push(...invoices.files);
    out.push({
      number: state.number,
      signed: events[0]?.data,
      site: site ?? null,
      history: events.map((e) => ({ type: e.type, at: e.at, data: e.data })),
      invoices: invoices.data,
    });
  }
  return { data: out, files };
}

/** What names the subject's contracts in a mail: their numbers and their invoices' (read before the erasure). */
export async function contractMailNeedles(sql: Tx, s: Subject): Promise<string[]> {
  const ids = await contractIdsOf(sql, s);
  const rows = await sql<{ needle: string }[]>`
    select number as needle from service_contracts where id = any(${ids}::uuid[])
    union select number from invoice_documents where order_id = any(${ids}::uuid[])`;
  return rows.map((r) => r.needle);
}

/** The sites of the subject's contracts (read before the erasure: the sites' eraser weighs them). */
export async function contractSiteIds(sql: Tx, s: Subject): Promise<string[]> {
  const ids = await contractIdsOf(sql, s);
  const rows = await sql<{ siteId: string }[]>`
    select distinct site_id from service_contracts where id = any(${ids}::uuid[])`;
  return rows.map((r) => r.siteId);
}

/**
 * Erasure: the signature's and the notices' records go, the mails that named the contract or its
 * invoices go, and the read row is written again from the fold (« Client supprimé », no email, no
 * notice address). Returns how many contracts.
 */
export async function eraseContracts(tx: Tx, s: Subject): Promise<number> {
  const ids = await eraseStreamRecords(tx, s, 'ContractSigned', CONTRACT_PERSONAL_TYPES);
  if (ids.length === 0) return 0;
  // The invoices stay, as issued (legal hold); the mails that carried them or spoke of the
  // contract (signature, notices, termination) go: they name the customer and are no legal record.
  await deleteMailsNaming(
    tx,
    tx`select number from service_contracts where id = any(${ids}::uuid[])
       union select number from invoice_documents where order_id = any(${ids}::uuid[])`,
    ids,
  );
  for (const id of ids) {
    const { state } = await readModelStream(tx, contractModel, id);
    if (state) await projectContract(tx, state);
  }
  return ids.length;
}
