/**
 * Verification runs of the audit page ("Vérifier maintenant"): the same verifier as
 * `orders:verify`, run on the server in the background, its progress and result stored in
 * audit_runs so that the page can poll it from any instance behind the load balancer.
 *
 * - One run at a time for the whole shop: a second click joins the running one.
 * - The verifier reads the log in batches and yields to the event loop after each one, so the
 *   instance keeps serving the shop while it runs.
 * - A run never seals: checkpoints stay the sealer's and the CLI's job (an auditor only reads).
 * - A run whose instance stopped (its row not touched for STALE_AFTER) is closed as failed.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { DomainError } from '../../domain/errors.js';
import type { Services, SessionUser } from '../context.js';
import type { Sql, Tx } from '../db/client.js';
import { logger } from '../logger.js';
import { latestWitnessed, type ProblemKind, verifyDatabase } from './verify.js';

export type AuditRunStatus = 'running' | 'ok' | 'tampered' | 'failed';

export interface AuditRun {
  id: string;
  status: AuditRunStatus;
  startedByName: string;
  startedAt: Date;
  finishedAt: Date | null;
  /** Events in the log when the run started, and how many were checked so far. */
  total: number;
  checked: number;
  streams: number | null;
  checkpointId: number | null;
  unsealed: number | null;
  problemCount: number;
  problems: { position: number | null; kind: ProblemKind; message: string }[];
  error: string | null;
}

export interface LatestCheckpoint {
  id: number;
  createdAt: Date;
  eventCount: number;
  maxPosition: number;
}

/** Events read per batch: small enough that one batch's hashing is a few milliseconds. */
const BATCH_SIZE = 250;
/** Progress is written at most this often (the page polls about twice a second). */
const PROGRESS_WRITE_MS = 250;
const STALE_AFTER = '2 minutes';
const RUN_LOCK = 'h27:audit-run';

export const AUDIT_RUN_MESSAGES = {
  notFound: 'Vérification introuvable.',
  stopped: 'Vérification interrompue : le serveur s’est arrêté. Relancez-la.',
  abandoned: 'Vérification interrompue : le serveur qui la menait ne répond plus. Relancez-la.',
  failed: 'La vérification n’a pas pu aboutir. Réessayez dans un instant.',
} as const;

const runColumns = (sql: Tx) =>
  sql`id, status, started_by_name, started_at, finished_at, total, checked, streams, checkpoint_id,
      unsealed, problem_count, problems, error`;

class RunStopped extends Error {}

/** The runs this instance is carrying out, so that stopping the server ends them cleanly. */
const inProgress = new Map<string, { controller: AbortController; done: Promise<void> }>();

/**
 * Starts a verification (or returns the one already running) and answers at once; the run goes on
 * in the background and records its progress and result.
 */
export async function startAuditRun(
  services: Pick<Services, 'sql' | 'config'>,
  user: SessionUser,
): Promise<{ id: string; joined: boolean }> {
  const { sql } = services;
  const started = await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${RUN_LOCK}, 0))`;
    await tx`
      update audit_runs
         set status = 'failed', error = ${AUDIT_RUN_MESSAGES.abandoned}, finished_at = now()
       where status = 'running' and updated_at < now() - ${STALE_AFTER}::interval`;
    const [running] = await tx<{ id: string }[]>`
      select id from audit_runs where status = 'running' order by started_at desc limit 1`;
    if (running) return { id: running.id, joined: true };
    const [row] = await tx<{ id: string }[]>`
      insert into audit_runs (started_by, started_by_name, total)
      values (${user.id}, ${user.name || user.email}, (select count(*) from events))
      returning id`;
    return { id: row!.id, joined: false };
  });
  if (!started.joined) {
    const controller = new AbortController();
    const done = carryOut(services, started.id, controller.signal).finally(() =>
      inProgress.delete(started.id),
    );
    inProgress.set(started.id, { controller, done });
  }
  return started;
}

async function carryOut(services: Pick<Services, 'sql' | 'config'>, id: string, signal: AbortSignal) {
  const { sql, config } = services;
  let lastWrite = 0;
  try {
    const report = await verifyDatabase(
      sql,
      config.AUDIT_KEY,
      async (done, total) => {
        if (signal.aborted) throw new RunStopped();
        const now = Date.now();
        if (now - lastWrite >= PROGRESS_WRITE_MS) {
          lastWrite = now;
          await sql`
            update audit_runs set checked = ${done}, total = ${total}, updated_at = now() where id = ${id}`;
        }
        // Let requests waiting on this instance run before the next batch is hashed.
        await yieldToEventLoop();
      },
      { batchSize: BATCH_SIZE, witnessed: await latestWitnessed(config.AUDIT_WITNESS_FILE) },
    );
    await sql`
      update audit_runs
         set status = ${report.ok ? 'ok' : 'tampered'},
             checked = ${report.events},
             total = ${report.events},
             streams = ${report.streams},
             checkpoint_id = ${report.checkpoint?.id ?? null},
             unsealed = ${report.unsealed},
             problem_count = ${report.problems.length},
             problems = ${sql.json(report.problems as never)},
             finished_at = now(),
             updated_at = now()
       where id = ${id}`;
  } catch (error) {
    const stopped = error instanceof RunStopped;
    if (!stopped) logger.error('Order log verification failed', error);
    await sql`
      update audit_runs
         set status = 'failed',
             error = ${stopped ? AUDIT_RUN_MESSAGES.stopped : AUDIT_RUN_MESSAGES.failed},
             finished_at = now(),
             updated_at = now()
       where id = ${id}`.catch(() => undefined);
  }
}

/** Ends the runs of this instance (server shutdown): each is recorded as interrupted. */
export async function stopAuditRuns(): Promise<void> {
  const runs = [...inProgress.values()];
  for (const run of runs) run.controller.abort();
  await Promise.all(runs.map((run) => run.done));
}

export async function findAuditRun(sql: Tx, id: string): Promise<AuditRun> {
  const [run] = await sql<AuditRun[]>`select ${runColumns(sql)} from audit_runs where id = ${id}`;
  if (!run) throw new DomainError('not_found', 'AUDIT_RUN_NOT_FOUND', AUDIT_RUN_MESSAGES.notFound);
  return run;
}

/** What the audit page opens with: the latest run (running or finished) and the latest checkpoint. */
export async function auditOverview(sql: Sql): Promise<{
  latestRun: AuditRun | null;
  checkpoint: LatestCheckpoint | null;
  events: number;
}> {
  const [latestRun] = await sql<AuditRun[]>`
    select ${runColumns(sql)} from audit_runs order by started_at desc limit 1`;
  const [checkpoint] = await sql<LatestCheckpoint[]>`
    select id, created_at, event_count, max_position from audit_checkpoints order by id desc limit 1`;
  const [count] = await sql<{ n: number }[]>`select count(*) as n from events`;
  return { latestRun: latestRun ?? null, checkpoint: checkpoint ?? null, events: count?.n ?? 0 };
}
