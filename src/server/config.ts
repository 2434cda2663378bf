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
  AUTH_SECRET: z.string().min(16).default('dev-secret-change-me-in-production-please'),
  ADMIN_EMAIL: z.email().default('admin@hygiene-anti-nuisibles-27.fr'),
  ADMIN_PASSWORD: z.string().min(8).default('admin12345'),
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
  SEED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = z.infer<typeof schema> & { dataDir: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "not set", as in most .env conventions.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Unset PUBLIC_URL follows PORT, so that `PORT=4000 npm start` accepts its own sign-in requests
  // (better-auth refuses requests whose origin is not PUBLIC_URL).
  const publicUrl = cleaned.PUBLIC_URL ? parsed.data.PUBLIC_URL : `http://localhost:${parsed.data.PORT}`;
  return { ...parsed.data, PUBLIC_URL: publicUrl, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
