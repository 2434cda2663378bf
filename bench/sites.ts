/**
 * `npm run bench:sites` (issue 38 point 6, docs/decisions/043-device-checks-and-trends.md): the
 * server time of a site's plan and devices read (readSite, currentPlan, siteDevices: what the plan
 * screen, the visit's checklist and the folder read) and of its trends (siteActivity.trends through
 * the tRPC router and its middlewares) for a site with 200 devices and 3 years of monthly visits
 * (36 × 200 checks), beside a baseline of the same run: a plain `select count(*)` of the same rows.
 *
 * Set-up: the site's rows as the back-office writes them; the 7,200 checks written by the
 * projection's own insert function (insertDeviceChecks, the append's), not through 7,200 appends:
 * the reads measured only see device_checks. Goal: p95 under 500 ms for each read; the bench exits
 * non-zero when it is missed.
 *
 * Options (environment): BENCH_DEVICES (default 200), BENCH_MONTHS (default 36), BENCH_RUNS
 * (default 50). BENCH_TINY=1: 20 devices, 3 months, 3 runs (bench:smoke; figures mean nothing).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { DeviceState } from '../src/domain/interventions/visit-events.js';
import { parisDay } from '../src/domain/site/time-zone.js';
import type { DeviceCheckRow } from '../src/domain/sites/device-checks.js';
import { deviceCode } from '../src/domain/sites/site.js';
import { monthRange, monthsBefore } from '../src/domain/sites/trends.js';
import { createAuth } from '../src/server/auth/auth.js';
import { createSql } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { insertDeviceChecks } from '../src/server/interventions/device-checks.js';
import { setLogLevel } from '../src/server/logger.js';
import { appRouter } from '../src/server/routers/index.js';
import { currentPlan, readSite, siteDevices } from '../src/server/sites/queries.js';
import { createCallerFactory } from '../src/server/trpc.js';
import { benchConfig, fmt, openBenchDatabase } from './support.js';

const TINY = process.env.BENCH_TINY === '1';
const DEVICES = TINY ? 20 : Number(process.env.BENCH_DEVICES ?? 200);
const MONTHS = TINY ? 3 : Number(process.env.BENCH_MONTHS ?? 36);
const RUNS = TINY ? 3 : Number(process.env.BENCH_RUNS ?? 50);
const GOAL_MS = 500;

setLogLevel('warn');
const db = await openBenchDatabase('sites');
const sql = createSql(db.url, 10);
let failed = false;
try {
  await migrate(sql);
  const config = benchConfig(db.url, 'sites');
  const auth = createAuth(sql, config);

  // Two sites: the measured one and a neighbour of the same size, so the index has rows to skip.
  const sites = [randomUUID(), randomUUID()];
  const rows: DeviceCheckRow[] = [];
  const last = parisDay(new Date()).slice(0, 7);
  const months = monthRange(monthsBefore(last, MONTHS), last);
  for (const [s, siteId] of sites.entries()) {
    await sql`
      insert into sites (id, name, street, zip_code, city, site_type)
      values (${siteId}, ${`Entrepôt ${s + 1}`}, '1 quai de Seine', '27000', 'Évreux', 'commerce')`;
    const zones = ['Quai', 'Réserve', 'Bureaux', 'Extérieur'].map((name, position) => ({
      id: randomUUID(),
      site_id: siteId,
      name,
      position,
    }));
    await sql`insert into site_zones ${sql(zones)}`;
    await sql`
      insert into site_plans (site_id, version, image_id, image_url, width, height, uploaded_by_email)
      values (${siteId}, 1, ${randomUUID()}, '/images/plan/1600.webp', 1600, 1000, 'patron@example.fr')`;
    const devices = Array.from({ length: DEVICES }, (_, i) => ({
      id: randomUUID(),
      site_id: siteId,
      number: i + 1,
      code: deviceCode(randomBytes(8)),
      kind: 'poste_appatage',
      zone_id: zones[i % zones.length]!.id,
      x: (i % 20) / 20 + 0.025,
      y: Math.floor(i / 20) / 20 + 0.025,
      placed_at: `${months[0]}-01T08:00:00Z`,
    }));
    for (let i = 0; i < devices.length; i += 500)
      await sql`insert into site_devices ${sql(devices.slice(i, i + 500))}`;
    // One visit a month (the 10th, 9:00 Paris), every device checked: mostly intact, some consumed.
    for (const [m, month] of months.entries()) {
      const interventionId = randomUUID();
      devices.forEach((d, i) => {
        const roll = (i * 7 + m * 13) % 20;
        const state: DeviceState =
          roll < 12 ? 'intact' : roll < 17 ? 'consomme' : roll < 18 ? 'remplace' : 'manquant';
        rows.push({
          intervention_id: interventionId,
          version: 3 + i,
          site_id: siteId,
          device_id: d.id,
          checked_at: new Date(Date.parse(`${month}-10T08:00:00Z`) + i * 20_000).toISOString(),
          state,
          consumption_percent: state === 'consomme' ? 10 + ((i + m) % 9) * 10 : null,
          captures: i % 5 === 0 ? (i + m) % 4 : null,
        });
      });
    }
  }
  const started = performance.now();
  await insertDeviceChecks(sql, rows);
  const insertMs = performance.now() - started;
  await sql`analyze device_checks`;
  await sql`analyze site_devices`;

  const siteId = sites[0]!;
  const admin = createCallerFactory(appRouter)({
    sql,
    config,
    auth,
    user: { id: 'bench-owner', email: 'patron@example.fr', name: 'Patron', role: 'admin' },
    requestId: 'bench',
    ip: '127.0.0.1',
  });
  const measure = async (label: string, run: () => Promise<unknown>, goal: number | null) => {
    for (let i = 0; i < 3; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const verdict = goal === null ? 'baseline' : at(0.95) < goal ? 'goal met' : 'goal NOT met';
    console.log(
      `${label.padEnd(44)} median ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${at(0.95).toFixed(1).padStart(6)} ms   ${verdict}`,
    );
    if (goal !== null && at(0.95) >= goal) failed = true;
    return at(0.5);
  };

  console.log(
    `bench:sites, ${db.mode}: ${fmt(DEVICES)} devices, ${MONTHS} monthly visits (${fmt(DEVICES * MONTHS)} checks) on the measured site, the same on a neighbour; ${RUNS} runs each`,
  );
  console.log(
    `set-up: ${fmt(rows.length)} checks by insertDeviceChecks in ${fmt(insertMs)} ms (the projection's insert, not the append path)`,
  );
  const baseline = await measure(
    'baseline: select count(*) of the same rows',
    () => sql`select count(*) from device_checks where site_id = ${siteId}`,
    null,
  );
  const plan = await measure(
    'plan and devices (site, plan, siteDevices)',
    async () => {
      const [site, current, devices] = await Promise.all([
        readSite(sql, siteId),
        currentPlan(sql, siteId),
        siteDevices(sql, siteId),
      ]);
      if (!site || !current || devices.length !== DEVICES)
        throw new Error('bench:sites: the site did not read back');
    },
    GOAL_MS,
  );
  const trends = await measure(
    `trends, ${MONTHS} months (siteActivity.trends)`,
    async () => {
      const t = await admin.siteActivity.trends({ siteId, months: MONTHS });
      if (t.devices.length !== DEVICES) throw new Error('bench:sites: the trends miss devices');
    },
    GOAL_MS,
  );
  console.log(
    `ratios to the baseline (medians): plan and devices ${(plan / baseline).toFixed(1)}×, trends ${(trends / baseline).toFixed(1)}×`,
  );
  console.log(`goal: each read under ${GOAL_MS} ms (p95): ${failed ? 'NOT met' : 'met'}`);
} finally {
  await sql.end({ timeout: 5 });
  await db.close();
}
if (failed) process.exit(1);
