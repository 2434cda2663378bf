/**
 * `npm run bench:contracts` (issue 38 point 6): generating a year of planned visits for 100
 * contracts through the real command path (renewAndPlan, as the outbox sweep runs it: read the
 * stream, decide, append the chained ContractVisitsPlanned event, project the contract's row and
 * its visits, one transaction per contract). Baseline in the same run: the same visit rows written
 * by plain INSERTs, one transaction per contract. Goal (docs/decisions/044-yearly-contracts.md):
 * the 100 contracts' year under 2 s; exits 1 when missed.
 *
 * Then the back-office list (« Contrats », listContracts through its query, median of 5 calls)
 * against the plain SQL read of the same contracts' rows in the same run (BENCH_LIST_CONTRACTS
 * more contracts signed for it, default 900: 1,000 in the list).
 *
 * Options (environment): BENCH_CONTRACTS (default 100), BENCH_VISITS (a year, default 12).
 * BENCH_TINY=1: 5 contracts (bench:smoke keeps it from rotting; figures mean nothing).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { contractInputSchema } from '../src/domain/contracts/contract.js';
import { DEFAULT_SETTINGS } from '../src/domain/settings/settings.js';
import { renewAndPlan, signContract } from '../src/server/contracts/commands.js';
import { listContracts } from '../src/server/contracts/queries.js';
import { createSql } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { setLogLevel } from '../src/server/logger.js';
import { fmt, openBenchDatabase } from './support.js';

const TINY = process.env.BENCH_TINY === '1';
const CONTRACTS = TINY ? 5 : Number(process.env.BENCH_CONTRACTS ?? 100);
const VISITS = Number(process.env.BENCH_VISITS ?? 12);
const LIST_EXTRA = TINY ? 5 : Number(process.env.BENCH_LIST_CONTRACTS ?? 900);
const GOAL_MS = 2000;

setLogLevel('warn');
const db = await openBenchDatabase('contracts');
const sql = createSql(db.url, 10);
let missed = false;
try {
  await migrate(sql);
  const siteId = randomUUID();
  await sql`insert into sites (id, name, street, zip_code, city, site_type)
            values (${siteId}, 'Restaurant', '1 rue du Port', '27000', 'Évreux', 'restauration')`;
  const mailing = {
    publicUrl: 'http://localhost:3000',
    secret: 'bench-secret-0123456789abcdef0123',
    settings: DEFAULT_SETTINGS,
  };
  const signedAt = '2026-01-05T09:00:00.000Z';
  // Starting in a year: signing plans nothing yet (a year is planned 60 days ahead).
  const ids: string[] = [];
  const signOne = async (i: number) => {
    const input = contractInputSchema.parse({
      siteId,
      customer: {
        name: `Client ${i}`,
        email: `client${i}@example.fr`,
        street: '1 rue du Port',
        zipCode: '27000',
        city: 'Évreux',
      },
      customerKind: 'particulier',
      conclusionMode: 'a_distance',
      signedOnline: true,
      pests: ['rongeurs'],
      visitsPerYear: VISITS,
      yearlyPriceExclCents: 120_000,
      billingRhythm: 'quarterly',
      startDate: '2027-01-04',
      termMonths: 12,
      tacitRenewal: true,
      noticeMonths: 1,
    });
    const { state } = await signContract(
      sql,
      input,
      { actor: { kind: 'system' }, at: signedAt, requestId: 'bench' },
      mailing,
    );
    return state!.id;
  };
  for (let i = 0; i < CONTRACTS; i++) ids.push(await signOne(i));
  const at = '2026-12-01T06:00:00.000Z';
  const t0 = performance.now();
  let planned = 0;
  for (const id of ids) {
    const { events } = await renewAndPlan(sql, id, { actor: { kind: 'system' }, at, requestId: 'bench' });
    planned += events.length;
  }
  const commandMs = performance.now() - t0;
  const [{ visits }] = (await sql`select count(*)::int as visits from contract_visits`) as never as [
    { visits: number },
  ];
  // Baseline: the same rows, plain INSERTs, one transaction per contract.
  await sql`create table bench_visits (like contract_visits)`;
  const rows = await sql<{ contractId: string; day: string; yearIndex: number }[]>`
    select contract_id, day::text, year_index from contract_visits order by contract_id, day`;
  const byContract = new Map<string, { contractId: string; day: string; yearIndex: number }[]>();
  for (const r of rows) byContract.set(r.contractId, [...(byContract.get(r.contractId) ?? []), r]);
  const t1 = performance.now();
  for (const [, list] of byContract)
    await sql.begin(
      (tx) =>
        tx`insert into bench_visits ${tx(list.map((r) => ({ contract_id: r.contractId, day: r.day, year_index: r.yearIndex })))}`,
    );
  const baselineMs = performance.now() - t1;
  console.log(
    `bench:contracts, ${db.mode}: a year of visits (${VISITS} each) for ${fmt(CONTRACTS)} contracts, ${fmt(planned)} ContractVisitsPlanned events, ${fmt(visits)} visit rows`,
  );
  console.log(
    `command path (renewAndPlan, one transaction per contract): ${commandMs.toFixed(0)} ms (${(commandMs / CONTRACTS).toFixed(1)} ms per contract)`,
  );
  console.log(
    `baseline, plain INSERTs of the same rows (one transaction per contract): ${baselineMs.toFixed(0)} ms`,
  );
  if (planned !== CONTRACTS || visits !== CONTRACTS * VISITS)
    throw new Error('not every contract got its year planned');

  // The list: the planned contracts and more, each with its stream behind it.
  for (let i = CONTRACTS; i < CONTRACTS + LIST_EXTRA; i++) await signOne(i);
  const median = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b)[2]!;
  };
  const today = '2026-12-01';
  const listed = (await listContracts(sql, today)).length;
  const listMs = await median(() => listContracts(sql, today));
  const plainMs = await median(
    () => sql`select c.*, s.name from service_contracts c join sites s on s.id = c.site_id order by c.number`,
  );
  console.log(
    `list (listContracts, ${fmt(listed)} contracts, median of 5): ${listMs.toFixed(1)} ms; plain SQL of the same rows: ${plainMs.toFixed(1)} ms (${((plainMs / listMs) * 100).toFixed(0)} %)`,
  );
  missed = !TINY && commandMs >= GOAL_MS;
  console.log(
    `goal: under ${GOAL_MS} ms for the year of ${fmt(CONTRACTS)} contracts: ${commandMs < GOAL_MS ? 'met' : 'NOT met'}`,
  );
} finally {
  await sql.end({ timeout: 5 });
  await db.close();
}
if (missed) process.exit(1);
