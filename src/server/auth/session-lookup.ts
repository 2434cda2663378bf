import type { IncomingMessage } from 'node:http';
import { parseCookies } from 'better-auth/cookies';
import { constantTimeEqual, makeSignature } from 'better-auth/crypto';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '../../domain/account/roles.js';
import type { Sql } from '../db/client.js';
import type { Auth } from './auth.js';

/*
 * The session behind a request, read on every API call: the signed session cookie is checked as
 * better-auth checks it (HMAC-SHA256 of the token with the auth secret, same cookie name, same
 * signature shape), then ONE query reads the session, its user and the profile's role by token.
 * Anything unusual (an expired session to clean up, a session due for its sliding refresh, a
 * cookie header better-auth's parser and ours could read differently) is left to better-auth's own
 * getSession, so its behaviour is unchanged; only the common case is faster
 * (docs/decisions/009-admin-orders.md, "Session lookup").
 *
 * Requests carrying the same session while its query is in flight share that query (a busy admin
 * screen sends several at once). Nothing is kept once it has answered: a session deleted, expired
 * or demoted is seen by the next read, on every instance, with no cache to invalidate.
 */

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/** What sessionUser needs: the pool and the auth instance (a subset of the app's Services). */
export interface SessionServices {
  sql: Sql;
  auth: Auth;
}

interface CookieRules {
  name: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const rulesByAuth = new WeakMap<Auth, Promise<CookieRules>>();

function cookieRules(auth: Auth): Promise<CookieRules> {
  let rules = rulesByAuth.get(auth);
  if (!rules) {
    rules = auth.$context.then((ctx) => ({
      name: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    rulesByAuth.set(auth, rules);
  }
  return rules;
}

/**
 * The session token of the cookie header, its signature verified: null when there is no session
 * cookie or its signature is wrong (better-auth answers "no session" then too); undefined when the
 * header is unusual enough to let better-auth read it itself (the cookie twice, or not parsed).
 */
export async function verifiedSessionToken(
  cookieHeader: string,
  rules: Pick<CookieRules, 'name' | 'secret'>,
): Promise<string | null | undefined> {
  if (!cookieHeader.includes(rules.name)) return null;
  const named = cookieHeader.split(';').filter((c) => c.trimStart().startsWith(`${rules.name}=`));
  if (named.length !== 1) return undefined;
  const value = parseCookies(cookieHeader).get(rules.name);
  if (!value) return undefined;
  // better-call's getSignedCookie: "<token>.<base64 HMAC-SHA256>", a 44-character signature.
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  // The HMAC is the costliest step of a request's session check (an async WebCrypto job): a
  // signature verified once is remembered, per secret (a pure function of both, nothing about
  // the session itself, which is read from the database every time).
  const key = `${rules.secret}\u0000${value}`;
  const known = verifiedSignatures.get(key);
  if (known) return known;
  if (!constantTimeEqual(await makeSignature(token, rules.secret), signature)) return null;
  if (verifiedSignatures.size >= VERIFIED_SIGNATURES_MAX) verifiedSignatures.clear();
  verifiedSignatures.set(key, token);
  return token;
}

/** Signed cookie values whose signature was verified, and their token (bounded: cleared when full). */
const verifiedSignatures = new Map<string, string>();
const VERIFIED_SIGNATURES_MAX = 10_000;

/** The previous path: better-auth's getSession (it may refresh or delete the session), then the role. */
async function viaBetterAuth(services: SessionServices, headers: IncomingMessage['headers']) {
  const session = await services.auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!session) return null;
  const [profile] = await services.sql<
    { role: Role }[]
  >`select role from profiles where id = ${session.user.id}`;
  return {
    id: session.user.id,
    email: session.user.email,
    name: session.user.name,
    role: profile?.role ?? 'user',
  };
}

type SessionRow = SessionUser & { expiresAt: Date };

const inFlight = new WeakMap<Sql, Map<string, Promise<SessionRow | null>>>();

/** The session, its user and role by token; concurrent reads of one token share one query. */
function readSession(sql: Sql, token: string): Promise<SessionRow | null> {
  let reads = inFlight.get(sql);
  if (!reads) {
    reads = new Map();
    inFlight.set(sql, reads);
  }
  const running = reads.get(token);
  if (running) return running;
  const read = (async () => {
    try {
      const [row] = await sql<SessionRow[]>`
        select s.expires_at, u.id, u.email, u.name, coalesce(p.role, 'user') as role
          from sessions s
          join users u on u.id = s.user_id
          left join profiles p on p.id = s.user_id
         where s.token = ${token}`;
      return row ?? null;
    } finally {
      reads.delete(token);
    }
  })();
  reads.set(token, read);
  return read;
}

/** Reads the session of the request's cookies and the user's role: one query in the common case. */
export async function sessionUser(
  services: SessionServices,
  headers: IncomingMessage['headers'],
): Promise<SessionUser | null> {
  const cookie = headers.cookie;
  if (!cookie) return null;
  const rules = await cookieRules(services.auth);
  const token = await verifiedSessionToken(cookie, rules);
  if (token === null) return null;
  if (token === undefined) return await viaBetterAuth(services, headers);
  const row = await readSession(services.sql, token);
  if (!row) return null;
  const expiresAt = row.expiresAt.getTime();
  const now = Date.now();
  // Expired (better-auth deletes it) or due for its sliding refresh (better-auth extends it).
  if (expiresAt <= now || expiresAt - rules.expiresInMs + rules.updateAgeMs <= now) {
    return await viaBetterAuth(services, headers);
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}
