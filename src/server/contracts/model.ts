/**
 * The contract stream as the generic command path sees it (log/stream-commands.ts, ADR 032 and
 * 044): how its events are read, folded, sealed (the customer's identity goes to a personal record,
 * ADR 020) and projected into `service_contracts` and `contract_visits`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CONTRACT_SCHEMA_VERSION,
  type ContractEvent,
  type ContractState,
  currentDeadline,
  currentTermEnd,
  detachPersonal,
  evolve,
  lastDay,
  parseContractEvent,
} from '../../domain/contracts/decider.js';
import { contractBalance } from '../../domain/contracts/money.js';
import { parisYear, seriesNumber, yearlySeries } from '../../domain/site/yearly-series.js';
import type { Tx } from '../db/client.js';
import { nextInSeries } from '../db/number-counters.js';
import type { StreamModel } from '../log/stream-commands.js';
import { personalCommitment } from '../orders/personal-records.js';

export const contractModel: StreamModel<ContractState, ContractEvent> = {
  schemaVersion: CONTRACT_SCHEMA_VERSION,
  parse: (type, data, personal) => parseContractEvent(type, data, personal),
  evolve,
  seal(streamId, state, event) {
    // Personal fields leave the chain for a record (ADR 020): the customer's identity at signature,
    // and the address each Chatel notice went to (its proof while the record lives).
    if (event.type !== 'ContractSigned' && event.type !== 'ChatelNoticeSent') return null;
    const fields: Record<string, unknown> =
      event.type === 'ContractSigned'
        ? (event.data.customer as unknown as Record<string, unknown>)
        : { to: event.data.to };
    const salt = randomBytes(32).toString('hex');
    const subject = {
      subjectId: state.customerId ?? streamId,
      subjectKind: state.customerId ? ('customer' as const) : ('guest' as const),
    };
    const ref = {
      subjectId: subject.subjectId,
      recordId: randomUUID(),
      commitment: personalCommitment(salt, fields),
    };
    return {
      stored: detachPersonal(event, ref),
      record: {
        id: ref.recordId,
        ...subject,
        streamId,
        eventType: event.type,
        fields,
        salt,
        commitment: ref.commitment,
      },
    };
  },
  project: (tx, s) => projectContract(tx, s),
};

/** The read row of a state: the one mapping the append and the replay share. */
export function contractRow(s: ContractState) {
  const balance = contractBalance(s);
  return {
    id: s.id,
    number: s.number,
    customer_id: s.customerId,
    site_id: s.siteId,
    customer_name: s.customer.companyName || s.customer.name,
    customer_email: s.customer.email,
    customer_kind: s.customerKind,
    consumer_rules: s.consumerRules,
    conclusion_mode: s.conclusionMode,
    signed_online: s.signedOnline,
    pests: s.pests,
    zones: s.zones,
    visits_per_year: s.visitsPerYear,
    device_baseline: s.deviceBaseline,
    yearly_price_excl_cents: s.yearlyPriceExclCents,
    vat_rate: String(s.vatRate.toFixed(1)),
    billing_rhythm: s.billingRhythm,
    start_date: s.startDate,
    term_months: s.termMonths,
    tacit_renewal: s.tacitRenewal,
    notice_months: s.noticeMonths,
    renewals: s.renewals,
    term_end: currentTermEnd(s),
    deadline: currentDeadline(s),
    last_day: lastDay(s),
    terminated: s.terminated,
    invoices: s.invoices,
    notices: s.notices,
    // What the erasure and the retention job weigh without folding the stream (ADR 046).
    owed_cents: balance.owedCents,
    to_refund_cents: balance.toRefundCents,
    version: s.version,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}
type Row = ReturnType<typeof contractRow>;
const JSON_COLUMNS = ['pests', 'zones', 'device_baseline', 'terminated', 'invoices', 'notices'] as const;
export const CONTRACT_COLUMNS = Object.keys(
  contractRow({
    customer: {},
    startDate: '2026-01-01',
    termMonths: 12,
    renewals: 0,
    noticeMonths: 1,
    vatRate: 20,
    invoices: [],
    credits: [],
    payments: [],
    refunds: [],
  } as unknown as ContractState),
) as (keyof Row)[];

export const contractDbRow = (tx: Tx, s: ContractState) => {
  const row = contractRow(s) as Record<string, unknown>;
  for (const c of JSON_COLUMNS) row[c] = row[c] === null ? null : tx.json(row[c] as never);
  return row;
};

export const visitRows = (s: ContractState) =>
  s.visits.map((v) => ({
    contract_id: s.id,
    day: v.day,
    year_index: v.yearIndex,
    intervention_id: v.interventionId,
  }));
export const VISIT_COLUMNS = ['contract_id', 'day', 'year_index', 'intervention_id'] as const;

export async function projectContract(tx: Tx, s: ContractState) {
  const row = contractDbRow(tx, s);
  await tx`
    insert into service_contracts ${tx(row as never, CONTRACT_COLUMNS)}
    on conflict (id) do update set ${tx(
      row as never,
      CONTRACT_COLUMNS.filter((c) => c !== 'id'),
    )}`;
  const visits = visitRows(s);
  if (visits.length > 0)
    await tx`
      insert into contract_visits ${tx(visits as never, VISIT_COLUMNS as unknown as string[])}
      on conflict (contract_id, day) do update set intervention_id = excluded.intervention_id,
        year_index = excluded.year_index`;
}

/** The next contract number of the year (Paris time): CT-2026-000001, the shop's yearly series rule. */
export async function nextContractNumber(tx: Tx, at: Date): Promise<string> {
  const series = yearlySeries('CT', parisYear(at));
  return seriesNumber(series, await nextInSeries(tx, series));
}

/** A stored contract event as the folds read it (the list, the replay). */
export interface StoredContractRow {
  streamId: string;
  version: number;
  type: string;
  data: unknown;
  metadata: { at?: string; schemaVersion: number };
  recordedAt: Date;
  personal: unknown;
}

/** Every stream's folded state from its rows, oldest first: the one fold of the readers and the replay. */
export function foldContractRows(rows: readonly StoredContractRow[]): Map<string, ContractState> {
  const states = new Map<string, ContractState>();
  for (const r of rows) {
    const event = contractModel.parse(r.type, r.data, r.personal, r.metadata.schemaVersion);
    const at = r.metadata.at ?? r.recordedAt.toISOString();
    states.set(
      r.streamId,
      contractModel.evolve(states.get(r.streamId) ?? null, event, {
        streamId: r.streamId,
        version: r.version,
        at,
      }),
    );
  }
  return states;
}
