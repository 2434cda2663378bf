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
  const app = await startApp(config, { dev });
  logger.info(
    `Hygiène - Anti-nuisibles 27 is served on ${app.url}${dev ? ' (development, hot reload)' : ''}`,
  );

  let signals = 0;
  const shutdown = async (signal: string) => {
    signals += 1;
    if (signals > 1) return;
    logger.info(`${signal} received: stopping`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  logger.error(error instanceof Error ? error.message : String(error));
  if (process.env.LOG_LEVEL === 'debug') console.error(error);
  process.exit(1);
});
