/**
 * Replay of the intervention streams (docs/decisions/032-event-log-beyond-orders.md): folds every
 * intervention event with the same pure functions the appends use, rebuilds `interventions` into a
 * temporary table, compares row by row (to_jsonb) and, when asked, writes the differences in the
 * same transaction. Run by `npm run orders:replay` after the orders' replay.
 */

import type { InterventionState } from '../../domain/interventions/decider.js';
import { INTERVENTION_EVENT_TYPES } from '../../domain/interventions/events.js';
import {
  evolveTreatmentRegister,
  TREATMENT_REGISTER_COLUMNS,
  type TreatmentRegisterRow,
} from '../../domain/interventions/treatment-register.js';
import {
  DEVICE_CHECK_COLUMNS,
  type DeviceCheckRow,
  deviceCheckRow,
} from '../../domain/sites/device-checks.js';
import type { Sql, Tx } from '../db/client.js';
import { personalColumn } from '../orders/personal-records.js';
import { APPOINTMENT_COLUMNS, appointmentRows } from './appointment-rows.js';
import { INTERVENTION_COLUMNS, interventionDbRow, interventionModel } from './model.js';
import { registerIntervention } from './treatment-register.js';

export interface InterventionDifference {
  id: string;
  kind: 'missing' | 'extra' | 'changed';
  /**
   * The read table: `interventions`, `appointments` (ADR 036), `treatment_register` (ADR 040) or
   * `device_checks` (ADR 043; these two: the id « intervention id/version »).
   */
  table?: 'appointments' | 'treatment_register' | 'device_checks';
  columns: string[];
}

export interface InterventionReplayReport {
  events: number;
  interventions: number;
  differences: InterventionDifference[];
  applied: boolean;
}

interface Row {
  streamId: string;
  version: number;
  type: string;
  data: unknown;
  metadata: { at?: string; schemaVersion: number };
  recordedAt: Date;
  personal: unknown;
}

export async function replayInterventions(
  sql: Sql,
  options: { apply?: boolean } = {},
): Promise<InterventionReplayReport> {
  return await sql.begin('isolation level repeatable read', async (tx) => {
    if (options.apply) await tx`lock table interventions in share row exclusive mode`;
    const rows = await tx<Row[]>`
      select stream_id, version, type, data, metadata, recorded_at, ${personalColumn(tx)}
        from events
       where type = any(${INTERVENTION_EVENT_TYPES as string[]}::text[])
         -- Billing events share their names with an order's (ADR 039): the stream decides.
         and exists (select 1 from events o where o.stream_id = events.stream_id and o.version = 1
                        and o.type = 'InterventionRequested')
       order by stream_id, version`;
    const states = new Map<string, InterventionState>();
    const register = new Map<string, TreatmentRegisterRow[]>();
    const deviceChecks: DeviceCheckRow[] = [];
    /** Each stream's treatments' appointments, by version (a report names its own visit's). */
    const treatmentVisits = new Map<string, Map<number, string>>();
    for (const r of rows) {
      const event = interventionModel.parse(r.type, r.data, r.personal, r.metadata.schemaVersion);
      const at = r.metadata.at ?? r.recordedAt.toISOString();
      const state = interventionModel.evolve(states.get(r.streamId) ?? null, event, {
        streamId: r.streamId,
        version: r.version,
        at,
      });
      states.set(r.streamId, state);
      // The biocide register (ADR 040): the same step as the append's, with the state after the event.
      const lines = register.get(r.streamId) ?? [];
      const visits = treatmentVisits.get(r.streamId) ?? new Map<number, string>();
      if (event.type === 'TreatmentRecorded') visits.set(r.version, event.data.appointmentId);
      treatmentVisits.set(r.streamId, visits);
      const next = evolveTreatmentRegister(
        lines,
        registerIntervention(state),
        { ...event, version: r.version },
        (v) => visits.get(v),
      );
      if (next !== lines) register.set(r.streamId, next);
      // The device checks (ADR 043): the append's row function, with the state's site.
      if (event.type === 'DeviceChecked') {
        const row = deviceCheckRow(state.id, state.siteId, r.version, event.data);
        if (row) deviceChecks.push(row);
      }
    }
    await tx`create temporary table rebuilt_interventions (like interventions) on commit drop`;
    const rebuilt = [...states.values()].map((s) => interventionDbRow(tx, s));
    for (let i = 0; i < rebuilt.length; i += 500) {
      await tx`insert into rebuilt_interventions ${tx(rebuilt.slice(i, i + 500) as never, INTERVENTION_COLUMNS)}`;
    }
    const diffs: InterventionDifference[] = await tx<
      { id: string; kind: InterventionDifference['kind']; columns: string[] }[]
    >`
      select coalesce(l.id, r.id)::text as id,
             case when l.id is null then 'missing' when r.id is null then 'extra' else 'changed' end as kind,
             coalesce((select array_agg(k order by k) from jsonb_each(to_jsonb(l)) a(k, v)
                        where to_jsonb(r) -> k is distinct from v), '{}') as columns
        from interventions l full join rebuilt_interventions r on r.id = l.id
       where to_jsonb(l) is distinct from to_jsonb(r)
       order by 1`;
    if (options.apply && diffs.length > 0) {
      await tx`delete from interventions l where not exists (select 1 from rebuilt_interventions r where r.id = l.id)`;
      await tx`
        insert into interventions select * from rebuilt_interventions r
         where not exists (select 1 from interventions l where to_jsonb(l) = to_jsonb(r))
        on conflict (id) do update set ${tx.unsafe(
          INTERVENTION_COLUMNS.filter((c) => c !== 'id')
            .map((c) => `${c} = excluded.${c}`)
            .join(', '),
        )}`;
    }
    // The appointments' read table (ADR 036), from the same states.
    if (options.apply) await tx`lock table appointments in share row exclusive mode`;
    await tx`create temporary table rebuilt_appointments (like appointments) on commit drop`;
    const appointments = [...states.values()].flatMap(appointmentRows);
    for (let i = 0; i < appointments.length; i += 500) {
      await tx`insert into rebuilt_appointments ${tx(appointments.slice(i, i + 500) as never, APPOINTMENT_COLUMNS)}`;
    }
    const appointmentDiffs = await tx<
      { id: string; kind: InterventionDifference['kind']; columns: string[] }[]
    >`
      select coalesce(l.id, r.id)::text as id,
             case when l.id is null then 'missing' when r.id is null then 'extra' else 'changed' end as kind,
             coalesce((select array_agg(k order by k) from jsonb_each(to_jsonb(l)) a(k, v)
                        where to_jsonb(r) -> k is distinct from v), '{}') as columns
        from appointments l full join rebuilt_appointments r on r.id = l.id
       where to_jsonb(l) is distinct from to_jsonb(r)
       order by 1`;
    if (options.apply && appointmentDiffs.length > 0) {
      await tx`
        insert into appointments select * from rebuilt_appointments r
         where not exists (select 1 from appointments l where to_jsonb(l) = to_jsonb(r))
        on conflict (id) do update set ${tx.unsafe(
          APPOINTMENT_COLUMNS.filter((c) => c !== 'id')
            .map((c) => `${c} = excluded.${c}`)
            .join(', '),
        )}`;
    }
    diffs.push(...appointmentDiffs.map((d) => ({ ...d, table: 'appointments' as const })));
    const registerRows = [...register.values()].flat();
    for (const [table, columns, rebuiltRows] of [
      ['treatment_register', TREATMENT_REGISTER_COLUMNS, registerRows],
      ['device_checks', DEVICE_CHECK_COLUMNS, deviceChecks],
    ] as const) {
      const found = await replayEventRows(tx, table, columns, rebuiltRows, options);
      diffs.push(...found.map((d) => ({ ...d, table })));
    }
    return {
      events: rows.length,
      interventions: states.size,
      differences: diffs,
      applied: Boolean(options.apply) && diffs.length > 0,
    };
  });
}

/**
 * A read table keyed by (intervention_id, version), one row per event (the biocide register, ADR
 * 040; the device checks, ADR 043): compared row by row with the live table; when applied, rows no
 * event gives are deleted and the others replaced, in the replay's transaction.
 */
async function replayEventRows(
  tx: Tx,
  table: 'treatment_register' | 'device_checks',
  columns: readonly string[],
  rebuilt: readonly object[],
  options: { apply?: boolean },
): Promise<{ id: string; kind: InterventionDifference['kind']; columns: string[] }[]> {
  const live = tx(table);
  const copy = tx(`rebuilt_${table}`);
  if (options.apply) await tx`lock table ${live} in share row exclusive mode`;
  await tx`create temporary table ${copy} (like ${live}) on commit drop`;
  for (let i = 0; i < rebuilt.length; i += 500) {
    await tx`insert into ${copy} ${tx(rebuilt.slice(i, i + 500) as never, columns as string[])}`;
  }
  const diffs = await tx<{ id: string; kind: InterventionDifference['kind']; columns: string[] }[]>`
    select coalesce(l.intervention_id, r.intervention_id)::text || '/' || coalesce(l.version, r.version) as id,
           case when l.intervention_id is null then 'missing' when r.intervention_id is null then 'extra'
                else 'changed' end as kind,
           coalesce((select array_agg(k order by k) from jsonb_each(to_jsonb(l)) a(k, v)
                      where to_jsonb(r) -> k is distinct from v), '{}') as columns
      from ${live} l
      full join ${copy} r on r.intervention_id = l.intervention_id and r.version = l.version
     where to_jsonb(l) is distinct from to_jsonb(r)
     order by 1`;
  if (options.apply && diffs.length > 0) {
    await tx`
      delete from ${live} l where not exists (
        select 1 from ${copy} r
         where r.intervention_id = l.intervention_id and r.version = l.version)`;
    await tx`
      insert into ${live} select * from ${copy} r
       where not exists (select 1 from ${live} l where to_jsonb(l) = to_jsonb(r))
      on conflict (intervention_id, version) do update set ${tx.unsafe(
        columns
          .filter((c) => c !== 'intervention_id' && c !== 'version')
          .map((c) => `${c} = excluded.${c}`)
          .join(', '),
      )}`;
  }
  return diffs;
}
