/**
 * A site's device trends (issue 38 point 5, docs/decisions/043-device-checks-and-trends.md): the
 * device_checks projection summed per device and Paris month in one indexed read
 * (device_checks_site_idx), the rule and the shape from the domain (siteTrends).
 */
import { DomainError } from '../../domain/errors.js';
import type { DeviceKind } from '../../domain/interventions/visit-events.js';
import { parisDay, SHOP_TIME_ZONE } from '../../domain/site/time-zone.js';
import { deviceLabel } from '../../domain/sites/site.js';
import {
  type MonthlyDeviceSums,
  monthRange,
  monthsBefore,
  type SiteTrends,
  siteTrends,
} from '../../domain/sites/trends.js';
import type { Tx } from '../db/client.js';
import { readSite } from './queries.js';

export const TRENDS_MONTHS_DEFAULT = 24;
export const TRENDS_MONTHS_MAX = 60;

/** The trends of the `months` Paris months ending with `now`'s month. */
export async function readSiteTrends(
  sql: Tx,
  siteId: string,
  options: { months?: number; now?: Date } = {},
): Promise<SiteTrends & { siteName: string }> {
  const site = await readSite(sql, siteId);
  if (!site) throw new DomainError('not_found', 'SITE_NOT_FOUND', 'Site introuvable.');
  const count = Math.min(TRENDS_MONTHS_MAX, Math.max(1, options.months ?? TRENDS_MONTHS_DEFAULT));
  const last = parisDay(options.now ?? new Date()).slice(0, 7);
  const first = monthsBefore(last, count);
  // The period's bounds as Paris midnights, so that the index on (site_id, checked_at) is used.
  const [bounds] = await sql<{ from: Date; to: Date }[]>`
    select (${`${first}-01`}::date::timestamp at time zone ${SHOP_TIME_ZONE}) as from,
           ((${`${last}-01`}::date + interval '1 month')::timestamp at time zone ${SHOP_TIME_ZONE}) as to`;
  const sums = await sql<MonthlyDeviceSums[]>`
    select device_id::text as device_id,
           to_char(checked_at at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM') as month,
           count(*)::int as checks,
           coalesce(sum(case state when 'consomme' then consumption_percent when 'intact' then 0 end), 0)::int
             as consumption_sum,
           count(*) filter (where state in ('consomme', 'intact'))::int as consumption_count,
           coalesce(sum(captures), 0)::int as captures,
           count(*) filter (where state = 'manquant')::int as missing,
           count(*) filter (where state = 'remplace')::int as replaced
      from device_checks
     where site_id = ${siteId} and checked_at >= ${bounds!.from} and checked_at < ${bounds!.to}
     group by 1, 2`;
  // Every device the period checked, removed ones included (their history stays), by number.
  const ids = [...new Set(sums.map((s) => s.deviceId))];
  const devices = await sql<{ id: string; number: number; kind: DeviceKind }[]>`
    select id::text as id, number, kind from site_devices
     where site_id = ${siteId} and (removed_at is null or id = any(${ids}::uuid[]))
     order by number`;
  return {
    siteName: site.name,
    ...siteTrends(
      monthRange(first, last),
      sums,
      devices.map((d) => ({ id: d.id, label: deviceLabel(d.kind, d.number) })),
    ),
  };
}
