/**
 * The intervention stream as the generic command path sees it (log/stream-commands.ts): how its
 * events are read, folded, sealed (the requester's personal fields go to a personal record, ADR
 * 020) and projected into `interventions`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { evolve, type InterventionState } from '../../domain/interventions/decider.js';
import {
  type DEVIS_PERSONAL_TYPES,
  joinDevisPersonal,
  splitDevisPersonal,
} from '../../domain/interventions/devis-personal.js';
import {
  detachRequester,
  INTERVENTION_SCHEMA_VERSION,
  type InterventionEvent,
  parseInterventionEvent,
} from '../../domain/interventions/events.js';
import { parisYear, seriesNumber, yearlySeries } from '../../domain/site/yearly-series.js';
import type { Tx } from '../db/client.js';
import { nextInSeries } from '../db/number-counters.js';
import type { StreamModel } from '../log/stream-commands.js';
import { canonicalJson } from '../orders/canonical.js';
import type { PersonalRecord } from '../orders/personal-records.js';
import { upsertAppointments } from './appointment-rows.js';
import { projectDeviceChecks } from './device-checks.js';
import { projectTreatmentRegister } from './treatment-register.js';

const commitment = (salt: string, fields: object) =>
  createHash('sha256')
    .update(`${salt}\n${canonicalJson(fields)}`, 'utf8')
    .digest('hex');

/** The data subject of a request: the signed-in customer, or for a guest the intervention itself. */
export const interventionSubject = (id: string, customerId: string | null) => ({
  subjectId: customerId ?? id,
  subjectKind: customerId ? ('customer' as const) : ('guest' as const),
});

export const interventionModel: StreamModel<InterventionState, InterventionEvent> = {
  schemaVersion: INTERVENTION_SCHEMA_VERSION,
  parse: (type, data, personal) =>
    parseInterventionEvent(type, joinDevisPersonal(type, data, personal), personal),
  evolve,
  seal(streamId, state, event) {
    const salt = randomBytes(32).toString('hex');
    const subject = interventionSubject(streamId, state.customerId);
    // A devis's customer and a signature's signer (ADR 035 amendment): the same record and commitment.
    const devis = splitDevisPersonal(event.type, event.data as Record<string, unknown>);
    if (devis) {
      const fields = devis.fields as Record<string, unknown>;
      const ref = {
        subjectId: subject.subjectId,
        recordId: randomUUID(),
        commitment: commitment(salt, fields),
      };
      return {
        stored: { ...devis.stored, personal: ref },
        record: {
          id: ref.recordId,
          ...subject,
          streamId,
          eventType: event.type as (typeof DEVIS_PERSONAL_TYPES)[number],
          fields,
          salt,
          commitment: ref.commitment,
        },
      };
    }
    if (event.type !== 'InterventionRequested') return null;
    const ref = {
      subjectId: subject.subjectId,
      recordId: randomUUID(),
      commitment: commitment(salt, event.data.requester),
    };
    const { stored, fields } = detachRequester(event.data, ref);
    const record: PersonalRecord = {
      id: ref.recordId,
      ...subject,
      streamId,
      eventType: 'InterventionRequested',
      fields,
      salt,
      commitment: ref.commitment,
    };
    return { stored, record };
  },
  project: async (tx, s, change) => {
    await projectInterventionState(tx, s);
    await projectTreatmentRegister(tx, s, change);
    await projectDeviceChecks(tx, s, change);
  },
};

/** The read-table row of a state: the one mapping the append and the replay share. */
export const interventionRow = (s: InterventionState) => ({
  id: s.id,
  number: s.number,
  status: s.status,
  service: s.service,
  site_type: s.siteType,
  urgency: s.urgency,
  preferred_slots: s.preferredSlots,
  name: s.requester.name,
  email: s.requester.email,
  phone: s.requester.phone,
  street: s.requester.street,
  zip_code: s.requester.zipCode,
  city: s.requester.city,
  message: s.requester.message,
  photos: s.photos,
  callback_consent_at: s.callbackConsent?.at ?? null,
  callback_consent_wording: s.callbackConsent?.wording ?? null,
  source: s.source,
  customer_id: s.customerId,
  site_id: s.siteId,
  service_contract_id: s.serviceContractId,
  lost_reason: s.lostReason,
  note_count: s.noteCount,
  devis: s.devis,
  contract: s.contract,
  rodenticide_episodes: s.rodenticideEpisodes,
  reports: s.reports,
  invoice: s.invoice,
  paid_cents: s.paidCents,
  version: s.version,
  created_at: s.createdAt,
  updated_at: s.updatedAt,
});

type Row = ReturnType<typeof interventionRow>;
export const INTERVENTION_COLUMNS = Object.keys(
  interventionRow({ requester: {} } as unknown as InterventionState),
) as (keyof Row)[];

/** The row as written: its JSON columns wrapped for the driver (the append and the replay). */
export const interventionDbRow = (tx: Tx, s: InterventionState) => ({
  ...interventionRow(s),
  photos: tx.json(s.photos as never),
  devis: s.devis ? tx.json(s.devis as never) : null,
  contract: s.contract ? tx.json(s.contract as never) : null,
  rodenticide_episodes: tx.json(s.rodenticideEpisodes as never),
  reports: tx.json(s.reports as never),
  invoice: s.invoice ? tx.json(s.invoice as never) : null,
});

/** The read rows a state gives on its own (the register's lines need the event: project). */
export async function projectInterventionState(tx: Tx, s: InterventionState) {
  await upsertIntervention(tx, s);
  await upsertAppointments(tx, s);
}

export function upsertIntervention(tx: Tx, s: InterventionState) {
  const row = interventionDbRow(tx, s);
  return tx`
    insert into interventions ${tx(row as never, INTERVENTION_COLUMNS)}
    on conflict (id) do update set ${tx(
      row as never,
      INTERVENTION_COLUMNS.filter((c) => c !== 'id'),
    )}`;
}

/** The next intervention number of the year (Paris time): INT-2026-000001, the shop's yearly series rule. */
export async function nextInterventionNumber(tx: Tx, at: Date): Promise<string> {
  const year = parisYear(at);
  const series = yearlySeries('INT', year);
  return seriesNumber(series, await nextInSeries(tx, series));
}
