import { betterAuth } from 'better-auth';
import { CamelCasePlugin, Kysely } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import type { Config } from './config.js';
import type { Sql } from './db/client.js';

/**
 * better-auth on the app's one postgres.js pool, through Kysely. Its camelCase fields land in the
 * snake_case columns of migrations/0001 thanks to Kysely's CamelCasePlugin.
 */
export function createAuth(sql: Sql, config: Config) {
  const db = new Kysely<unknown>({
    dialect: new PostgresJSDialect({ postgres: sql }),
    plugins: [new CamelCasePlugin()],
  });
  return betterAuth({
    appName: 'Hygiène - Anti-nuisibles 27',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    database: { db, type: 'postgres' },
    user: { modelName: 'users' },
    session: { modelName: 'sessions' },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rate_limits',
      window: config.AUTH_RATE_LIMIT_WINDOW,
      max: 100,
      customRules: {
        '/sign-in/email': { window: config.AUTH_RATE_LIMIT_WINDOW, max: config.AUTH_RATE_LIMIT_MAX },
        '/sign-up/email': { window: config.AUTH_RATE_LIMIT_WINDOW, max: config.AUTH_RATE_LIMIT_MAX },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile row; the role is always 'user' here, only an admin
          // action (or the admin seed) can raise it.
          after: async (user) => {
            const [firstName = '', ...rest] = user.name.trim().split(/\s+/);
            await sql`
              insert into profiles (id, first_name, last_name)
              values (${user.id}, ${firstName}, ${rest.join(' ')})
              on conflict (id) do nothing`;
          },
        },
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
