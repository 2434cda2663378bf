import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration is read once from the environment and validated; a bad value stops the start
 * with a message naming the variable.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  AUTH_SECRET: z.string().min(16).optional(),
  /** Key signing the order log's checkpoints; defaults to AUTH_SECRET (see README, Security). */
  AUDIT_KEY: z.string().min(16).optional(),
  ADMIN_EMAIL: z.email().default('admin@hygiene-anti-nuisibles-27.fr'),
  // Unset: admin12345 in development; in production, a random password and a one-time link in
  // the log (seed/seed.ts). A published value is refused in production.
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Tests only (the e2e run signs in as admin12345 on a production build): never in a real shop. */
  ALLOW_PUBLISHED_ADMIN_PASSWORD: z.stringbool().default(false),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Where mails are written as .eml files when SMTP_URL is not set (default: <DATA_DIR>/mail). */
  MAIL_DIR: z.string().min(1).optional(),
  /** Reverse proxies (IPs or CIDR ranges, comma-separated) whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  MAIL_FROM: z.string().min(3).default('Hygiène - Anti-nuisibles 27 <contact@hygiene-anti-nuisibles-27.fr>'),
  SHOP_PHONE: z.string().min(3).default('06 12 34 56 78'),
  SHOP_EMAIL: z.email().default('contact@hygiene-anti-nuisibles-27.fr'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(60),
  /** Orders accepted per client address, and per customer email address, per window (seconds). */
  CHECKOUT_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  CHECKOUT_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  CHECKOUT_LIMIT_WINDOW: z.coerce.number().int().min(1).default(3600),
  /** Account mails (verification, password reset) sent to one address per window (seconds). */
  MAIL_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  MAIL_LIMIT_WINDOW: z.coerce.number().int().min(1).default(3600),
  /** Seconds between the server's checks for events to seal (0: only orders:verify seals). */
  AUDIT_SEAL_INTERVAL: z.coerce.number().int().min(0).default(60),
  /** Append-only copy of every checkpoint, outside the database (default <DATA_DIR>/audit-witness.ndjson). */
  AUDIT_WITNESS_FILE: z.string().min(1).optional(),
  /** API requests one client address may have in progress at once on an instance. */
  API_MAX_IN_FLIGHT_PER_IP: z.coerce.number().int().min(1).default(32),
  /** Websockets open at once per client address. */
  WS_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Websockets open at once per signed-in account (live updates: one per tab). */
  WS_MAX_PER_USER: z.coerce.number().int().min(1).default(10),
  /** Live updates: items a subscription may have waiting before its (slow) socket is closed. */
  LIVE_QUEUE_ITEMS: z.coerce.number().int().min(1).default(2000),
  /** Live updates: how often the order feed reads the log without a notification (ms). */
  LIVE_POLL_MS: z.coerce.number().int().min(100).default(2000),
  /** Messages a socket may send per 10 seconds before it is closed. */
  WS_MAX_MESSAGES: z.coerce.number().int().min(1).default(100),
  SEED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * The image worker's niceness (0 to 19): at 19 it only gets the CPU that requests leave. A
   * machine whose CPU other work keeps busy (a test run) starves it there: 0 gives it a fair share.
   */
  IMAGE_WORKER_NICENESS: z.coerce.number().int().min(0).max(19).default(19),
});

export type Config = Omit<z.infer<typeof schema>, 'AUTH_SECRET' | 'AUDIT_KEY' | 'AUDIT_WITNESS_FILE'> & {
  AUTH_SECRET: string;
  AUDIT_KEY: string;
  AUDIT_WITNESS_FILE: string;
  dataDir: string;
  /** Origins whose pages may call the API (Origin header checks, better-auth trustedOrigins). */
  trustedOrigins: string[];
  /** True when the server is meant to be reached by others (see isProduction). */
  production: boolean;
};

export class ConfigError extends Error {}

/** The development secret: fine on a loopback trial, refused in production. */
export const DEV_AUTH_SECRET = 'dev-secret-change-me-in-production-please';
/** Values that were ever published in this repository or its docs: anyone can sign with them. */
const KNOWN_SECRETS = new Set([
  DEV_AUTH_SECRET,
  'change-me-to-a-long-random-string',
  'change-me',
  'changeme',
  'secret',
]);
export const SECRET_MIN_LENGTH = 32;

/** The development admin password, published in the README and the old docker-compose default. */
export const DEV_ADMIN_PASSWORD = 'admin12345';
const PUBLISHED_ADMIN_PASSWORDS = new Set([DEV_ADMIN_PASSWORD, 'admin123', 'password', 'motdepasse']);
export const isPublishedAdminPassword = (value: string) => PUBLISHED_ADMIN_PASSWORDS.has(value);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The origins a browser shows for this app on this machine when no PUBLIC_URL is set. */
export function loopbackOrigins(port: number): string[] {
  return [...LOOPBACK_HOSTS].map((host) => `http://${host}:${port}`);
}

/** Why a secret cannot be used in production, or null when it can. */
function secretProblem(value: string | undefined): string | null {
  if (!value) return 'is not set';
  if (value.length < SECRET_MIN_LENGTH) return `is shorter than ${SECRET_MIN_LENGTH} characters`;
  if (KNOWN_SECRETS.has(value) || value.startsWith('dev-secret')) return 'is a published default value';
  return null;
}

/**
 * `npm start` on a fresh clone runs the production build on loopback with nothing configured: it
 * gets a random secret of its own, kept under DATA_DIR (readable by this user only), rather than a
 * published one. Anything reachable from outside must set AUTH_SECRET.
 */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * `purpose: 'audit'` is for the order-log commands: they sign and check with AUDIT_KEY, so a machine
 * holding only AUDIT_KEY (kept away from the web servers) can run them without AUTH_SECRET.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: { purpose?: 'server' | 'audit' } = {},
): Config {
  // Empty strings mean "not set", as in most .env conventions.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Unset PUBLIC_URL follows PORT, so that `PORT=4000 npm start` accepts its own sign-in requests
  // (better-auth refuses requests whose origin is not PUBLIC_URL).
  const publicUrlSet = Boolean(cleaned.PUBLIC_URL);
  const publicUrl = publicUrlSet ? parsed.data.PUBLIC_URL : `http://localhost:${parsed.data.PORT}`;
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  // Production: the production mode, or an address other people can reach.
  const production = parsed.data.NODE_ENV === 'production' || !isLoopbackUrl(publicUrl);
  let authSecret = parsed.data.AUTH_SECRET;
  if (production) {
    if (!authSecret && !publicUrlSet && options.purpose !== 'audit') authSecret = localSecret(dataDir);
    const auditOnly = options.purpose === 'audit' && parsed.data.AUDIT_KEY;
    const problem = auditOnly ? null : secretProblem(authSecret);
    if (problem) {
      throw new ConfigError(
        `Invalid configuration:\n  AUTH_SECRET: ${problem}; in production set it to a long random value (at least ${SECRET_MIN_LENGTH} characters, e.g. \`openssl rand -base64 48\`)`,
      );
    }
    const auditProblem = parsed.data.AUDIT_KEY ? secretProblem(parsed.data.AUDIT_KEY) : null;
    if (auditProblem) {
      throw new ConfigError(`Invalid configuration:\n  AUDIT_KEY: ${auditProblem}`);
    }
  }
  // The order-log commands (run through npm, so not in production mode) on the data folder of an
  // `npm start` must sign and check with the secret that server generated, not the default.
  const localSecretFile = path.join(dataDir, 'auth-secret');
  if (!authSecret && !publicUrlSet && existsSync(localSecretFile)) {
    authSecret = readFileSync(localSecretFile, 'utf8').trim();
  }
  authSecret ??= DEV_AUTH_SECRET;
  // With PUBLIC_URL set, only that origin; without it, this machine's loopback names on PORT.
  const trustedOrigins = publicUrlSet ? [new URL(publicUrl).origin] : loopbackOrigins(parsed.data.PORT);
  return {
    ...parsed.data,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: authSecret,
    AUDIT_KEY: parsed.data.AUDIT_KEY ?? authSecret,
    AUDIT_WITNESS_FILE: path.resolve(
      parsed.data.AUDIT_WITNESS_FILE ?? path.join(dataDir, 'audit-witness.ndjson'),
    ),
    dataDir,
    trustedOrigins,
    production,
  };
}
