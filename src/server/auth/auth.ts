import { createHash, randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { CamelCasePlugin, Kysely } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import { FRENCH_MESSAGE_CODE, RATE_LIMITED_MESSAGE } from '../../domain/account/auth-errors.js';
import { type PasswordOwner, WEAK_PASSWORD_CODE } from '../../domain/account/password.js';
import { PASSWORD_MAX, PASSWORD_MIN, signUpSchema } from '../../domain/account/profile.js';
import { hasUncleanText, INVALID_TEXT_CODE, INVALID_TEXT_MESSAGE } from '../../domain/security/text.js';
import { shopIdentity } from '../../domain/settings/settings.js';
import type { Config } from '../config.js';
import type { Sql } from '../db/client.js';
import { accountWait, clearSignInFailures, mayMail, recordSignInFailure } from '../limits/abuse.js';
import { logger } from '../logger.js';
import { enqueueMail } from '../mail/outbox.js';
import { cachedSettings } from '../settings/store.js';
import { resetPasswordMail, verificationMail } from './mails.js';
import { checkPassword } from './password-strength.js';
import { announceRevocation } from './session-revocation.js';

/**
 * The header carrying the client address to better-auth's rate limiter. The http server always
 * overwrites it with the address it computed (socket peer, or X-Forwarded-For from a trusted
 * proxy), so a client can neither spoof it nor escape the limit by sending its own.
 */
export const CLIENT_IP_HEADER = 'x-h27-client-ip';

/**
 * The device cookie (OWASP's "device cookies", docs/decisions/023-sign-in-throttle.md): set on a
 * successful sign-in, signed with AUTH_SECRET, naming a random device id and the account (a hash of
 * its email, not the email). A browser that shows it for that account meets only its own failures.
 */
export const DEVICE_COOKIE = 'h27_device';
const DEVICE_COOKIE_DAYS = 365;

const accountTag = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

/** Reset links open the app's page, which posts the token back with the new password. */
export const RESET_PASSWORD_PATH = '/reinitialiser-mot-de-passe';

/**
 * The better-auth endpoints the product uses over HTTP. Every other one (update-user, change-email,
 * change-password, delete-user, list-sessions, ...) answers 404: profile changes go through tRPC's
 * account.updateProfile with the profile schema, and an endpoint added by a better-auth upgrade is
 * off until it is listed here.
 */
export const AUTH_PATHS_IN_USE = new Set([
  '/sign-up/email',
  '/sign-in/email',
  '/sign-out',
  '/request-password-reset',
  '/reset-password',
  '/verify-email',
  '/get-session',
  '/ok',
  '/error',
]);

/**
 * better-auth on the app's one postgres.js pool, through Kysely. Its camelCase fields land in the
 * snake_case columns of migrations/0001 thanks to Kysely's CamelCasePlugin. Account mails
 * (verification, reset) are queued in the mail outbox like every other mail, and sent by its worker.
 */
export function createAuth(sql: Sql, config: Config) {
  const db = new Kysely<unknown>({
    dialect: new PostgresJSDialect({ postgres: sql }),
    plugins: [new CamelCasePlugin()],
  });
  async function refuseWeakPassword(password: string, owner: PasswordOwner) {
    // Too short or too long: better-auth answers with its own (translated) length message.
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return;
    const problem = await checkPassword(password, owner);
    if (problem) throw new APIError('BAD_REQUEST', { code: WEAK_PASSWORD_CODE, message: problem });
  }

  /** The account a reset token belongs to, so its password is checked against its own name. */
  async function resetOwner(token: string) {
    const [row] = await sql<{ email: string; firstName: string | null; lastName: string | null }[]>`
      select u.email, p.first_name, p.last_name
        from verifications v
        join users u on u.id = v.value
        left join profiles p on p.id = u.id
       where v.identifier = ${`reset-password:${token}`}`;
    return row ?? null;
  }

  /** The device id of a valid device cookie for this account, else null (any other client). */
  async function signInOrigin(
    ctx: { getSignedCookie: (key: string, secret: string) => Promise<string | false | null> },
    email: string,
  ) {
    const value = await ctx.getSignedCookie(DEVICE_COOKIE, config.AUTH_SECRET);
    const [device, tag] = typeof value === 'string' ? value.split('.') : [];
    return { email, device: device && tag === accountTag(email) ? device : null };
  }

  /** The shop as its settings name it (Général tab), for the account mails like every other mail. */
  const currentShop = async () => shopIdentity((await cachedSettings(sql, config)).settings);

  return betterAuth({
    appName: 'Hygiène - Anti-nuisibles 27',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: config.trustedOrigins,
    database: { db, type: 'postgres' },
    user: { modelName: 'users' },
    session: { modelName: 'sessions' },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // The spec's sign-up notice asks to confirm the email, but sign-in never waits for it.
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      // A reset proves the old password may be known to someone else: end every open session.
      revokeSessionsOnPasswordReset: true,
      // ...and their open sockets at once, as a role change does (the sessions went in better-auth's
      // committed transaction; without this, a socket kept its live updates until its idle check).
      async onPasswordReset({ user }) {
        await announceRevocation(sql, user.id);
      },
      async sendResetPassword({ user, token }) {
        if (!(await mayMail(sql, config, user.email))) {
          logger.warn(`Reset mail to ${user.email} not sent: MAIL_LIMIT_PER_ADDRESS reached`);
          return;
        }
        const url = `${config.PUBLIC_URL}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
        const shop = await currentShop();
        await enqueueMail(sql, resetPasswordMail({ to: user.email, name: user.name, url, shop }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }, request) {
        // Only people signing up through the site get the mail; accounts made by server code
        // (the admin seed, test fixtures) have no inbox to confirm.
        if (!request) return;
        if (!(await mayMail(sql, config, user.email))) {
          logger.warn(`Verification mail to ${user.email} not sent: MAIL_LIMIT_PER_ADDRESS reached`);
          return;
        }
        const shop = await currentShop();
        await enqueueMail(sql, verificationMail({ to: user.email, name: user.name, url, shop }));
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rate_limits',
      window: config.AUTH_RATE_LIMIT_WINDOW,
      max: 100,
      customRules: {
        '/sign-in/email': { window: config.AUTH_RATE_LIMIT_WINDOW, max: config.AUTH_RATE_LIMIT_MAX },
        '/sign-up/email': { window: config.AUTH_RATE_LIMIT_WINDOW, max: config.AUTH_RATE_LIMIT_MAX },
        '/request-password-reset': {
          window: config.AUTH_RATE_LIMIT_WINDOW,
          max: config.AUTH_RATE_LIMIT_MAX,
        },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      // Sign-ups through the site carry first and last name: checked with the same schema as the
      // form (French messages), before anything is written.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.request && !AUTH_PATHS_IN_USE.has(ctx.path)) {
          throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found' });
        }
        if (ctx.request && (hasUncleanText(ctx.body) || hasUncleanText(ctx.query))) {
          throw new APIError('BAD_REQUEST', { code: INVALID_TEXT_CODE, message: INVALID_TEXT_MESSAGE });
        }
        if (!ctx.request) return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-in/email' && typeof body.email === 'string') {
          // Per account, whatever the client address: credential stuffing from many addresses
          // meets the same growing wait.
          if ((await accountWait(sql, await signInOrigin(ctx, body.email))) > 0) {
            throw new APIError('TOO_MANY_REQUESTS', {
              code: 'ACCOUNT_THROTTLED',
              message: RATE_LIMITED_MESSAGE,
            });
          }
          return;
        }
        if (ctx.path === '/reset-password' && typeof body.newPassword === 'string') {
          const owner = await resetOwner(typeof body.token === 'string' ? body.token : '');
          await refuseWeakPassword(body.newPassword, owner ?? { email: '' });
          return;
        }
        if (ctx.path !== '/sign-up/email') return;
        const parsed = signUpSchema.safeParse(body);
        if (!parsed.success) {
          throw new APIError('BAD_REQUEST', {
            code: FRENCH_MESSAGE_CODE,
            message: parsed.error.issues[0]?.message ?? 'Données invalides',
          });
        }
        const { firstName, lastName, email } = parsed.data;
        await refuseWeakPassword(parsed.data.password, { email, firstName, lastName });
        return {
          context: { body: { ...body, firstName, lastName, email, name: `${firstName} ${lastName}` } },
        };
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email' || !ctx.request) return;
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (typeof email !== 'string') return;
        const returned = ctx.context.returned;
        const who = await signInOrigin(ctx, email);
        if (isAPIError(returned)) {
          if (returned.statusCode === 401) await recordSignInFailure(sql, who);
        } else {
          await clearSignInFailures(sql, who);
          // This browser is now known for this account: its own failures only, from now on.
          const device = who.device ?? randomBytes(16).toString('base64url');
          await ctx.setSignedCookie(DEVICE_COOKIE, `${device}.${accountTag(email)}`, config.AUTH_SECRET, {
            httpOnly: true,
            sameSite: 'lax',
            secure: config.PUBLIC_URL.startsWith('https:'),
            path: '/api/auth',
            maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
          });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile row; the role is always 'user' here, only an admin
          // action (or the admin seed) can raise it.
          // better-auth's own `image` field (a URL of the client's choosing) is never stored: the
          // sign-up form has none (issue 23, finding 10).
          before: async (user) => ({ data: { ...user, image: null } }),
          after: async (user, context) => {
            const body = (context?.body ?? {}) as { firstName?: unknown; lastName?: unknown };
            let firstName: string;
            let lastName: string;
            if (typeof body.firstName === 'string' && typeof body.lastName === 'string') {
              firstName = body.firstName;
              lastName = body.lastName;
            } else {
              const [first = '', ...rest] = user.name.trim().split(/\s+/);
              firstName = first;
              lastName = rest.join(' ');
            }
            await sql`
              insert into profiles (id, first_name, last_name)
              values (${user.id}, ${firstName}, ${lastName})
              on conflict (id) do nothing`;
          },
        },
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
