import { startApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { logger } from './logger.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const dev = config.NODE_ENV === 'development' && process.argv.includes('--dev');
  // Handlers first: a signal during start-up must still stop the embedded database (a process killed
  // by an unhandled signal runs no 'exit' listener, and process.exit does).
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: stopping`);
    // Within 10 s in all: requests drain for up to 5 s, the pool closes within 2 s, then the database.
    const force = setTimeout(() => {
      logger.error('Shutdown took too long: exiting now');
      process.exit(1);
    }, 9_000);
    force.unref();
    try {
      await app?.stop();
    } finally {
      process.exit(0);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void shutdown(signal));

  app = await startApp(config, { dev });
  logger.info(
    `Hygiène - Anti-nuisibles 27 is served on ${app.url}${dev ? ' (development, hot reload)' : ''}`,
  );
}

main().catch((error) => {
  logger.error(error instanceof Error ? error.message : String(error));
  if (process.env.LOG_LEVEL === 'debug') console.error(error);
  process.exit(1);
});
