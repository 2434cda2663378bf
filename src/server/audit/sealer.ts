/**
 * The server seals the order log by itself: every AUDIT_SEAL_INTERVAL seconds, when events exist
 * past the last checkpoint, one instance (whichever takes the advisory lock) verifies the log and
 * writes a signed checkpoint, appended to the witness file too. A log that fails verification is
 * never sealed: the problem is logged for the operator instead.
 */
import type { Config } from '../config.js';
import type { Sql } from '../db/client.js';
import { logger } from '../logger.js';
import { closePastDays } from './closures.js';
import {
  type Checkpoint,
  latestCheckpointSigned,
  latestWitnessed,
  sealLog,
  verifyDatabase,
} from './verify.js';

export type SealOutcome =
  | { kind: 'sealed'; checkpoint: Checkpoint }
  | { kind: 'nothing-new' | 'locked' | 'refused' };

const LOCK = 'h27:audit-seal';

/** One sealing round, as one instance at a time runs it. */
export async function sealOnce(sql: Sql, config: Config): Promise<SealOutcome> {
  const conn = await sql.reserve();
  try {
    const [lock] = await conn<
      { locked: boolean }[]
    >`select pg_try_advisory_lock(hashtextextended(${LOCK}, 0)) as locked`;
    if (!lock?.locked) return { kind: 'locked' };
    try {
      // Closures first (issue 24): every past Paris day with movements, so that they are sealed too.
      await closePastDays(sql).catch((error) => logger.error('Closing the past days failed', error));
      const [last] = await sql<{ maxPosition: number }[]>`
        select max_position from audit_checkpoints order by id desc limit 1`;
      const [fresh] = await sql<{ n: number }[]>`
        select count(*)::int as n from events where position > ${last?.maxPosition ?? 0}`;
      if (!fresh?.n) return { kind: 'nothing-new' };
      // Against the witness the server writes too: a checkpoint removed from the end of the chain
      // (with the sealed events rewritten behind it) is refused, never sealed over.
      const witnessed = await latestWitnessed(config.AUDIT_WITNESS_FILE);
      const report = await verifyDatabase(sql, config.AUDIT_KEY, undefined, { witnessed });
      if (!report.ok) {
        logger.error(
          `Order log NOT sealed: ${report.problems.length} problem(s) found, run orders:verify. First: ${report.problems[0]?.message}`,
        );
        return { kind: 'refused' };
      }
      const checkpoint = await sealLog(sql, config.AUDIT_KEY, config.AUDIT_WITNESS_FILE);
      return { kind: 'sealed', checkpoint };
    } finally {
      await conn`select pg_advisory_unlock(hashtextextended(${LOCK}, 0))`;
    }
  } finally {
    conn.release();
  }
}

/**
 * Seconds since the oldest event not yet sealed was recorded (0: everything is sealed), and
 * whether that is late: past twice the sealing interval, when the server seals by itself.
 */
export async function unsealedAge(sql: Sql, config: Config): Promise<{ seconds: number; late: boolean }> {
  const [row] = await sql<{ seconds: number | null }[]>`
    select extract(epoch from now() - min(recorded_at))::float8 as seconds from events
     where position > coalesce((select max_position from audit_checkpoints order by id desc limit 1), 0)`;
  const seconds = Math.max(0, Math.floor(row?.seconds ?? 0));
  return { seconds, late: config.AUDIT_SEAL_INTERVAL > 0 && seconds > 2 * config.AUDIT_SEAL_INTERVAL };
}

/** Whether the witness file's latest checkpoint is in the database as written; logs when not. */
export async function checkWitness(sql: Sql, config: Config): Promise<boolean> {
  const [latest] = await latestWitnessed(config.AUDIT_WITNESS_FILE);
  if (!latest) return true;
  const [row] = await sql<{ signature: string }[]>`
    select signature from audit_checkpoints where id = ${latest.id}`;
  if (row?.signature === latest.signature) return true;
  logger.error(
    `Order log: checkpoint #${latest.id} of the witness file (${config.AUDIT_WITNESS_FILE}) is ${row ? 'different' : 'missing'} in the database. Run orders:verify; nothing is sealed until this is resolved.`,
  );
  return false;
}

/**
 * Whether this server's AUDIT_KEY signed the latest checkpoint; logs when not. A restored or moved
 * database started with another key (a fresh DATA_DIR generating its own secret) would otherwise
 * only show as "signature does not match" on the audit page (issue 23, finding 7).
 */
export async function checkKey(sql: Sql, config: Config): Promise<boolean> {
  if (await latestCheckpointSigned(sql, config.AUDIT_KEY)) return true;
  logger.error(
    'Order log: the latest checkpoint is not signed with this AUDIT_KEY. Start a restored or moved database with the AUDIT_KEY it was restored with (README, "Restore a backup"): with another key every checkpoint reports "signature does not match" and nothing is sealed.',
  );
  return false;
}

export function startSealer(sql: Sql, config: Config) {
  if (config.AUDIT_SEAL_INTERVAL === 0) return { stop: async () => undefined };
  let running: Promise<unknown> | null = null;
  let startedAt = 0;
  // Every round that does not seal what it should is said (issue 23, finding 6: a sealer once
  // stopped for 20 minutes with nothing logged): a failure, a round still running at the next
  // tick, and sealing late (the oldest unsealed event older than twice the interval).
  // At start: the database still holds the witness's latest checkpoint, unchanged (the full check
  // of the events against it runs with every seal).
  void checkWitness(sql, config).catch((error) => logger.error('Checking the audit witness failed', error));
  void checkKey(sql, config).catch((error) => logger.error('Checking the audit key failed', error));
  const timer = setInterval(() => {
    if (running) {
      logger.warn(
        `Order log sealing: the round started ${Math.round((Date.now() - startedAt) / 1000)} s ago is still running`,
      );
      return;
    }
    startedAt = Date.now();
    running = sealOnce(sql, config)
      .then(async (outcome) => {
        if (outcome.kind === 'sealed' || outcome.kind === 'refused') return;
        const age = await unsealedAge(sql, config);
        if (age.late) {
          logger.warn(
            `Order log sealing is late: the oldest unsealed event is ${age.seconds} s old (round: ${outcome.kind})`,
          );
        }
      })
      .catch((error) => logger.error('Sealing the order log failed', error))
      .finally(() => {
        running = null;
      });
  }, config.AUDIT_SEAL_INTERVAL * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
