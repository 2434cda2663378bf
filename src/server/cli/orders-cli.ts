// Shared start-up of the order-log commands: configuration, database, migrations, progress lines.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { setLogLevel } from '../logger.js';

type Opened = Awaited<ReturnType<typeof open>>;

/**
 * Runs a command on the database: DATABASE_URL's, else the embedded cluster of DATA_DIR (the one a
 * running server published, or one started here for the command).
 */
export async function withOrderLog(run: (ctx: Opened) => Promise<number>) {
  let ctx: Opened | null = null;
  await withConfig(
    async (config) => {
      ctx = await open(config);
      return await run(ctx);
    },
    () => (ctx as Opened | null)?.db.close(),
  );
}

/** Runs a command that needs no database (checking a file): its configuration only. */
export async function withConfig(
  run: (config: ReturnType<typeof loadConfig>) => Promise<number>,
  cleanUp: () => Promise<void> | undefined = () => undefined,
) {
  try {
    const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env }, { purpose: 'audit' });
    // stdout carries the command's output (an export may be piped): the logger's info lines would
    // mix into it, so only warnings and errors are logged (to stderr) unless asked otherwise.
    setLogLevel(config.LOG_LEVEL);
    process.exitCode = await run(config);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  } finally {
    await cleanUp();
  }
  // Exit with the command's code even if a stray handle would keep the event loop alive.
  process.exit(process.exitCode);
}

async function open(config: ReturnType<typeof loadConfig>) {
  const db = await openDatabase(config, { join: true });
  await migrate(db.sql);
  return { config, db, sql: db.sql };
}

/** A progress reporter writing at most twice a second to stderr, so stdout stays clean. */
export function progress(label: string) {
  let last = 0;
  return (done: number, total: number) => {
    const now = Date.now();
    if (now - last < 500 && done < total) return;
    last = now;
    const pct = total > 0 ? Math.floor((done / total) * 100) : 100;
    process.stderr.write(`${label}: ${done}/${total} events (${pct}%)\n`);
  };
}

export const hasFlag = (name: string) => process.argv.includes(name);

export function flagValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
