/**
 * Replay of the contract streams (docs/decisions/032 and 044): folds every contract's events with
 * the pure functions the appends use, rebuilds `service_contracts` and `contract_visits` into
 * temporary tables, compares row by row (to_jsonb) and, when asked, writes the differences in the
 * same transaction. Run by `npm run orders:replay` after the interventions' replay.
 */
import type { Sql, Tx } from '../db/client.js';
import { personalColumn } from '../orders/personal-records.js';
import {
  CONTRACT_COLUMNS,
  contractDbRow,
  foldContractRows,
  type StoredContractRow,
  VISIT_COLUMNS,
  visitRows,
} from './model.js';

export interface ContractDifference {
  id: string;
  kind: 'missing' | 'extra' | 'changed';
  table: 'service_contracts' | 'contract_visits';
  columns: string[];
}

async function compare(
  tx: Tx,
  table: 'service_contracts' | 'contract_visits',
  key: string,
  columns: readonly string[],
  rows: Record<string, unknown>[],
): Promise<ContractDifference[]> {
  const rebuilt = `rebuilt_${table}`;
  await tx`create temporary table ${tx(rebuilt)} (like ${tx(table)}) on commit drop`;
  for (let i = 0; i < rows.length; i += 500)
    await tx`insert into ${tx(rebuilt)} ${tx(rows.slice(i, i + 500) as never, columns as string[])}`;
  const diffs = await tx<{ id: string; kind: ContractDifference['kind']; columns: string[] }[]>`
    select coalesce(l.contract_key, r.contract_key) as id,
           case when l.contract_key is null then 'missing' when r.contract_key is null then 'extra' else 'changed' end as kind,
           coalesce((select array_agg(k order by k) from jsonb_each(to_jsonb(l) - 'contract_key') a(k, v)
                      where (to_jsonb(r) - 'contract_key') -> k is distinct from v), '{}') as columns
      from (select t.*, ${tx.unsafe(key)} as contract_key from ${tx(table)} t) l
      full join (select t.*, ${tx.unsafe(key)} as contract_key from ${tx(rebuilt)} t) r on r.contract_key = l.contract_key
     where (to_jsonb(l) - 'contract_key') is distinct from (to_jsonb(r) - 'contract_key')
     order by 1`;
  return diffs.map((d) => ({ ...d, table }));
}

export async function replayContracts(sql: Sql, options: { apply?: boolean } = {}) {
  return await sql.begin('isolation level repeatable read', async (tx) => {
    const rows = await tx<StoredContractRow[]>`
      select stream_id, version, type, data, metadata, recorded_at, ${personalColumn(tx)}
        from events
       where exists (select 1 from events o where o.stream_id = events.stream_id and o.version = 1
                        and o.type = 'ContractSigned')
       order by stream_id, version`;
    const states = foldContractRows(rows);
    const apply = Boolean(options.apply);
    if (apply) await tx`lock table service_contracts, contract_visits in share row exclusive mode`;
    const visits = [...states.values()].flatMap(visitRows);
    const contracts = [...states.values()].map((s) => contractDbRow(tx, s));
    const differences = [
      ...(await compare(
        tx,
        'contract_visits',
        "contract_id::text || '/' || day::text",
        VISIT_COLUMNS,
        visits,
      )),
      ...(await compare(tx, 'service_contracts', 'id::text', CONTRACT_COLUMNS, contracts)),
    ];
    // Applied as a whole: the visits reference the contracts, so both are rewritten in that order.
    if (apply && differences.length > 0) {
      await tx`delete from contract_visits`;
      await tx`delete from service_contracts`;
      for (let i = 0; i < contracts.length; i += 500)
        await tx`insert into service_contracts ${tx(contracts.slice(i, i + 500) as never, CONTRACT_COLUMNS)}`;
      for (let i = 0; i < visits.length; i += 500)
        await tx`insert into contract_visits ${tx(visits.slice(i, i + 500) as never, VISIT_COLUMNS as unknown as string[])}`;
    }
    return {
      events: rows.length,
      contracts: states.size,
      differences,
      applied: apply && differences.length > 0,
    };
  });
}
