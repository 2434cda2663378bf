/**
 * Abuse limits counted in PostgreSQL (abuse_counters), so every instance shares them: orders per
 * client address and per email address, mails per recipient, failed sign-ins per account.
 */
import { DomainError } from '../../domain/errors.js';
import type { Config } from '../config.js';
import type { Tx } from '../db/client.js';

export interface Hit {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/**
 * Counts one event for `key` in a fixed window of `windowSeconds` and says whether it is within
 * `max`. One atomic upsert: concurrent requests on any instance count exactly.
 */
export async function hit(sql: Tx, key: string, max: number, windowSeconds: number): Promise<Hit> {
  const [row] = await sql<{ count: number; retryAfter: number }[]>`
    insert into abuse_counters as c (key, window_start, count)
    values (${key}, now(), 1)
    on conflict (key) do update
      set count = case when c.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1
                       else c.count + 1 end,
          window_start = case when c.window_start <= now() - make_interval(secs => ${windowSeconds})
                              then now() else c.window_start end
    returning count,
              ceil(extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now()))::int
                as retry_after`;
  return { allowed: row!.count <= max, count: row!.count, retryAfter: Math.max(0, row!.retryAfter) };
}

/** Failed sign-ins of one account, forgotten after a day without failure. */
const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;
/** Failures allowed before any wait. */
export const FREE_FAILURES = 5;
/** The wait doubles with each failure past the free ones, up to this. */
const MAX_WAIT_SECONDS = 15 * 60;

export function signInWait(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_SECONDS, 2 ** (failures - FREE_FAILURES) * 15);
}

/**
 * Whose failures a sign-in attempt meets (docs/decisions/023-sign-in-throttle.md): a browser that
 * signed in to this account before (a valid device cookie) meets its own failures only; any other
 * client meets the account's failures from everywhere else. So failures from elsewhere slow the
 * guessers down but never hold back the owner's own browser.
 */
export type SignInOrigin = { email: string; device: string | null };

const failureKey = ({ email, device }: SignInOrigin) =>
  device ? `signin-fail:device:${device}` : `signin-fail:${email.trim().toLowerCase()}`;

/** Seconds this client must wait before its next sign-in attempt on this account (0: go ahead). */
export async function accountWait(sql: Tx, who: SignInOrigin): Promise<number> {
  const [row] = await sql<{ count: number; elapsed: number }[]>`
    select count, extract(epoch from now() - window_start)::float8 as elapsed
      from abuse_counters where key = ${failureKey(who)}`;
  if (!row || row.elapsed > FAILURE_MEMORY_SECONDS) return 0;
  return Math.max(0, Math.ceil(signInWait(row.count) - row.elapsed));
}

/** A failed sign-in: one more failure, and its time (the wait runs from the last one). */
export async function recordSignInFailure(sql: Tx, who: SignInOrigin): Promise<void> {
  await sql`
    insert into abuse_counters as c (key, window_start, count) values (${failureKey(who)}, now(), 1)
    on conflict (key) do update
      set count = case when c.window_start <= now() - make_interval(secs => ${FAILURE_MEMORY_SECONDS})
                       then 1 else c.count + 1 end,
          window_start = now()`;
}

/** A sign-in that succeeded: this client's failures are forgotten (a device's, or the account's). */
export async function clearSignInFailures(sql: Tx, who: SignInOrigin): Promise<void> {
  await sql`delete from abuse_counters where key = ${failureKey(who)}`;
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** What a window counted so far for `key`, without counting (0 once the window is over). */
async function counted(sql: Tx, key: string, max: number, windowSeconds: number): Promise<Hit> {
  const [row] = await sql<{ count: number; retryAfter: number }[]>`
    select count,
           ceil(extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now()))::int as retry_after
      from abuse_counters
     where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`;
  const count = row?.count ?? 0;
  return { allowed: count < max, count, retryAfter: Math.max(0, row?.retryAfter ?? 0) };
}

/**
 * Checkout attempts per client address, refused ones included, bound at this many times the
 * accepted orders' limit: a script stays bounded, a shopper correcting a form never meets it.
 */
export const CHECKOUT_ATTEMPTS_FACTOR = 4;

const checkoutKeys = (ip: string, email: string) => ({
  ip: `checkout:ip:${ip}`,
  email: `checkout:email:${email.trim().toLowerCase()}`,
});

/**
 * Orders per client address and per customer email address. Refused before anything is decided
 * or written; the French message says when to come back and how else to order. Only accepted
 * orders count towards these limits (countAcceptedOrder, after the order is placed): refused
 * attempts used to count, so five free requests with someone's email stopped them ordering for an
 * hour (third probe, finding 5). Every attempt counts per address against a larger bound.
 */
export async function checkOrderLimits(sql: Tx, config: Config, ip: string, email: string): Promise<void> {
  const window = config.CHECKOUT_LIMIT_WINDOW;
  const keys = checkoutKeys(ip, email);
  const attempts = await hit(
    sql,
    `checkout-attempt:ip:${ip}`,
    config.CHECKOUT_LIMIT_PER_IP * CHECKOUT_ATTEMPTS_FACTOR,
    window,
  );
  const byIp = await counted(sql, keys.ip, config.CHECKOUT_LIMIT_PER_IP, window);
  const byEmail = await counted(sql, keys.email, config.CHECKOUT_LIMIT_PER_EMAIL, window);
  const refused = [attempts, byIp, byEmail].find((h) => !h.allowed);
  if (refused) {
    throw new DomainError(
      'rate_limited',
      'CHECKOUT_LIMIT',
      `Trop de commandes en peu de temps. Réessayez dans ${minutes(refused.retryAfter)} minute(s), ou appelez-nous pour commander.`,
      { retryAfter: refused.retryAfter },
    );
  }
}

/** An order was accepted: it counts towards the limits of its client address and its email. */
export async function countAcceptedOrder(sql: Tx, config: Config, ip: string, email: string): Promise<void> {
  const keys = checkoutKeys(ip, email);
  await hit(sql, keys.ip, config.CHECKOUT_LIMIT_PER_IP, config.CHECKOUT_LIMIT_WINDOW);
  await hit(sql, keys.email, config.CHECKOUT_LIMIT_PER_EMAIL, config.CHECKOUT_LIMIT_WINDOW);
}

/**
 * Orders an admin places from the back-office (by phone, at the counter): not the shop's limits
 * per address and per email (the shop's computer takes every phone order), but a limit of the
 * admin's own, so a stolen session cannot empty the stock in a loop.
 */
export const ADMIN_ORDER_LIMIT = { max: 120, windowSeconds: 3600 } as const;

export async function checkAdminOrderLimit(sql: Tx, adminId: string): Promise<void> {
  const h = await hit(sql, `admin-order:${adminId}`, ADMIN_ORDER_LIMIT.max, ADMIN_ORDER_LIMIT.windowSeconds);
  if (!h.allowed) {
    throw new DomainError(
      'rate_limited',
      'ADMIN_ORDER_LIMIT',
      `Trop de commandes créées en peu de temps. Réessayez dans ${minutes(h.retryAfter)} minute(s).`,
      { retryAfter: h.retryAfter },
    );
  }
}

/** Whether one more account mail may go to this address in the current window. */
export async function mayMail(sql: Tx, config: Config, to: string): Promise<boolean> {
  const h = await hit(
    sql,
    `mail:${to.trim().toLowerCase()}`,
    config.MAIL_LIMIT_PER_ADDRESS,
    config.MAIL_LIMIT_WINDOW,
  );
  return h.allowed;
}

/**
 * « Télécharger mes données » on the signed order page builds a ZIP with PDFs on each call, for
 * anyone holding a link: bounded per client address and shared by every instance (third probe,
 * finding 12: 2,000 calls raised the storefront's p95 from 44 to 285 ms). A guest needs one or two.
 */
export const GUEST_EXPORT_LIMIT = { max: 20, windowSeconds: 3600 } as const;

export async function checkGuestExportLimit(sql: Tx, ip: string): Promise<void> {
  const h = await hit(sql, `guest-export:ip:${ip}`, GUEST_EXPORT_LIMIT.max, GUEST_EXPORT_LIMIT.windowSeconds);
  if (!h.allowed) {
    throw new DomainError(
      'rate_limited',
      'EXPORT_LIMIT',
      `Trop de téléchargements depuis votre adresse. Réessayez dans ${minutes(h.retryAfter)} minute(s).`,
      { retryAfter: h.retryAfter },
    );
  }
}
