/**
 * Closures of the till (issue 24, point 4): daily for each past Paris day with money movements
 * (written by the server on its own under an advisory lock, and on demand), then monthly and yearly
 * once the period is over. Each closure is an event of the ledger stream (hash-chained and sealed
 * by the checkpoints like every event) with its projection in money_closures. Money commands share
 * the same lock (orders/money.ts): no movement lands in a day while it is being closed, and none
 * lands in a closed day after.
 */

import { addDays } from '../../domain/dashboard/periods.js';
import { DomainError } from '../../domain/errors.js';
import {
  type ClosureKind,
  type ClosureWritten,
  closureTotals,
  LEDGER_STREAM_ID,
  type Movement,
  type MovementData,
  periodDays,
  periodIsOver,
  tillMovement,
} from '../../domain/orders/closures.js';
import { type Actor, EVENT_SCHEMA_VERSION, MONEY_MOVEMENT_TYPES } from '../../domain/orders/events.js';
import { parisDay } from '../../domain/site/time-zone.js';
import type { Sql, Tx } from '../db/client.js';
import { CLOSURE_LOCK } from '../orders/money.js';
import { appendEvent } from '../orders/store.js';

export interface ClosureRow {
  position: number;
  kind: ClosureKind;
  period: string;
  firstDay: string;
  lastDay: string;
  movementCount: number;
  netCents: number;
  grandTotalCents: number;
  totals: ClosureWritten['totals'];
  lastEventPosition: number | null;
  lastEventHash: string | null;
  closedAt: Date;
  closedBy: string | null;
}

const MOVEMENT_TYPES = MONEY_MOVEMENT_TYPES as unknown as string[];

/** The signed movements (tillMovement) of the money events dated in [firstDay, lastDay], in log order. */
export async function readMovements(
  tx: Tx,
  firstDay: string,
  lastDay: string,
): Promise<(Movement & { hash: string })[]> {
  const rows = await tx<{ position: number; hash: string; type: string; data: MovementData }[]>`
    select position, hash, type, data
      from events
     where type = any(${MOVEMENT_TYPES}::text[])
       and data ->> 'day' between ${firstDay} and ${lastDay}
     order by position`;
  return rows.map((r) => ({
    ...(tillMovement(r.type, Number(r.position), r.data) as Movement),
    hash: r.hash,
  }));
}

export async function listClosures(sql: Tx, limit = 400): Promise<ClosureRow[]> {
  return await sql<ClosureRow[]>`
    select position, kind, period, first_day::text as first_day, last_day::text as last_day, movement_count,
           net_cents, grand_total_cents, totals, last_event_position, last_event_hash, closed_at, closed_by
      from money_closures
     order by last_day desc, case kind when 'year' then 0 when 'month' then 1 else 2 end
     limit ${limit}`;
}

async function writeClosure(
  tx: Tx,
  kind: ClosureKind,
  period: string,
  actor: Actor,
  at: string,
): Promise<ClosureRow> {
  const { firstDay, lastDay } = periodDays(kind, period);
  const [movements, [previous], [head]] = await Promise.all([
    readMovements(tx, firstDay, lastDay),
    tx<{ grandTotalCents: number }[]>`
      select grand_total_cents from money_closures where kind = ${kind} and last_day < ${firstDay}::date
       order by last_day desc limit 1`,
    tx<{ version: number; headHash: string }[]>`
      select version, head_hash from event_streams where stream_id = ${LEDGER_STREAM_ID}`,
  ]);
  const totals = closureTotals(movements);
  const last = movements.reduce<(typeof movements)[number] | null>(
    (a, m) => (!a || m.position > a.position ? m : a),
    null,
  );
  const data: ClosureWritten = {
    kind,
    period,
    firstDay,
    lastDay,
    totals,
    grandTotalCents: Number(previous?.grandTotalCents ?? 0) + totals.netCents,
    lastEventPosition: last ? Number(last.position) : null,
    lastEventHash: last?.hash ?? null,
  };
  const metadata = { actor, at, requestId: 'closure', schemaVersion: EVENT_SCHEMA_VERSION };
  const appended = await appendEvent(tx, LEDGER_STREAM_ID, head?.version ?? 0, head?.headHash ?? null, {
    type: 'ClosureWritten',
    data,
    metadata,
  });
  const closedBy = 'userId' in actor ? actor.userId : null;
  await tx`
    insert into money_closures (position, kind, period, first_day, last_day, movement_count, net_cents,
                                grand_total_cents, totals, last_event_position, last_event_hash, closed_at, closed_by)
    values (${appended.position}, ${kind}, ${period}, ${firstDay}, ${lastDay}, ${totals.movementCount},
            ${totals.netCents}, ${data.grandTotalCents}, ${tx.json(totals)}::jsonb, ${data.lastEventPosition},
            ${data.lastEventHash}, ${at}, ${closedBy})`;
  return {
    position: appended.position,
    kind,
    period,
    firstDay,
    lastDay,
    movementCount: totals.movementCount,
    netCents: totals.netCents,
    grandTotalCents: data.grandTotalCents,
    totals,
    lastEventPosition: data.lastEventPosition,
    lastEventHash: data.lastEventHash,
    closedAt: new Date(at),
    closedBy,
  };
}

/**
 * Closes every past Paris day up to `throughDay` that had movements and is not closed yet (and
 * `throughDay` itself when asked on demand, even without movement), then every month and year that
 * is over and whose days are closed. One transaction, the closures' lock held exclusively.
 */
export async function closeThrough(
  sql: Sql,
  throughDay: string,
  actor: Actor,
  options: { now?: Date; includeEmpty?: boolean } = {},
): Promise<ClosureRow[]> {
  const now = options.now ?? new Date();
  const today = parisDay(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(throughDay)) {
    throw new DomainError('invalid', 'INVALID_DATE', 'Date de clôture invalide.');
  }
  if (throughDay >= today) {
    throw new DomainError(
      'invalid',
      'DAY_NOT_OVER',
      "Seules les journées passées peuvent être clôturées : la journée en cours reste ouverte jusqu'à minuit.",
    );
  }
  const at = now.toISOString();
  return await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${CLOSURE_LOCK}, 0))`;
    const [lastClosed] = await tx<{ day: string | null }[]>`
      select max(last_day)::text as day from money_closures where kind = 'day'`;
    const from = lastClosed?.day ? addDays(lastClosed.day, 1) : '0000-01-01';
    if (from > throughDay) return [];
    const days = (
      await tx<{ day: string }[]>`
        select distinct data ->> 'day' as day from events
         where type = any(${MOVEMENT_TYPES}::text[]) and data ->> 'day' between ${from} and ${throughDay}
         order by 1`
    ).map((r) => r.day);
    if (options.includeEmpty && !days.includes(throughDay)) days.push(throughDay);
    const written: ClosureRow[] = [];
    for (const day of days) written.push(await writeClosure(tx, 'day', day, actor, at));
    for (const kind of ['month', 'year'] as const) {
      const closedDays = await tx<{ period: string }[]>`
        select distinct ${kind === 'month' ? tx`to_char(first_day, 'YYYY-MM')` : tx`to_char(first_day, 'YYYY')`} as period
          from money_closures c
         where kind = 'day'
           and not exists (select 1 from money_closures o where o.kind = ${kind}
                             and c.first_day between o.first_day and o.last_day)
         order by 1`;
      for (const { period } of closedDays) {
        // Only once the whole period is over and closed up to its last day.
        if (!periodIsOver(kind, period, today) || periodDays(kind, period).lastDay > throughDay) continue;
        written.push(await writeClosure(tx, kind, period, actor, at));
      }
    }
    return written;
  });
}

/** The automatic round: close every past day with movements (yesterday included). */
export async function closePastDays(sql: Sql, now = new Date()): Promise<ClosureRow[]> {
  const yesterday = parisDay(new Date(now.getTime() - 24 * 3600 * 1000));
  const today = parisDay(now);
  // Around the clock change the day 24 h ago may be today's Paris day: nothing to do then.
  if (yesterday >= today) return [];
  return await closeThrough(sql, yesterday, { kind: 'system', name: 'closures' }, { now });
}
