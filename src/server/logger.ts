/* A tiny levelled logger: one line per message, to stderr for warnings and errors. */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = keyof typeof levels;

let threshold: number = levels[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? levels.info;

export function setLogLevel(level: Level) {
  threshold = levels[level];
}

function write(level: Exclude<Level, 'silent'>, message: string, extra?: unknown) {
  if (levels[level] < threshold) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}${
    extra === undefined
      ? ''
      : ` ${extra instanceof Error ? (extra.stack ?? extra.message) : JSON.stringify(extra)}`
  }`;
  if (level === 'warn' || level === 'error') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const logger = {
  debug: (message: string, extra?: unknown) => write('debug', message, extra),
  info: (message: string, extra?: unknown) => write('info', message, extra),
  warn: (message: string, extra?: unknown) => write('warn', message, extra),
  error: (message: string, extra?: unknown) => write('error', message, extra),
};
