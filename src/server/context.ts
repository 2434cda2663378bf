import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { WebSocket } from 'ws';
import type { Role } from '../domain/account/roles.js';
import type { Auth } from './auth/auth.js';
import { type SessionUser, sessionUser } from './auth/session-lookup.js';
import type { Config } from './config.js';
import type { Sql } from './db/client.js';

/**
 * What every request can use: built once at start-up by createApp. No mailer: mails are queued
 * with enqueueMail (src/server/mail/outbox.ts) and sent by the outbox worker.
 */
export interface Services {
  sql: Sql;
  config: Config;
  auth: Auth;
}

export type { Role };

/** The session reader (one query by token, see session-lookup.ts), kept importable from here. */
export { type SessionUser, sessionUser };

/** A websocket's view of its session: re-read for every call (see trpc.ts, followSession). */
export interface SocketSession {
  /** Who the socket belonged to when it opened. */
  opened: SessionUser | null;
  /** The session as it is now (null: signed out, revoked or expired). */
  current(): Promise<SessionUser | null>;
  /** Closes the socket (4401 unless said): the client reconnects with its current cookies. */
  close(reason: string, code?: number): void;
  /** Bytes queued on the socket and not sent yet (a slow client's grow). */
  bufferedAmount(): number;
}

export interface Context extends Services {
  user: SessionUser | null;
  requestId: string;
  ip: string;
  /** The caller's User-Agent header (evidence of a devis accepted at a distance). */
  userAgent?: string;
  /** Set on websocket calls only. */
  socket?: SocketSession;
}

const proxyLists = new WeakMap<readonly string[], BlockList>();

function blockList(ranges: readonly string[]): BlockList {
  let list = proxyLists.get(ranges);
  if (!list) {
    list = new BlockList();
    for (const range of ranges) {
      const [address = '', prefix] = range.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (!isIP(address)) continue;
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
    proxyLists.set(ranges, list);
  }
  return list;
}

const unmapped = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

function isTrusted(list: BlockList, ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address: the socket peer, unless the peer is one of TRUSTED_PROXIES; then
 * X-Forwarded-For is walked from the right, skipping trusted hops, and the first other address
 * wins. A client's own X-Forwarded-For is never believed when it connects directly.
 */
export function clientIp(req: IncomingMessage, trustedProxies: readonly string[] = []): string {
  const peer = unmapped(req.socket.remoteAddress ?? 'unknown');
  if (trustedProxies.length === 0) return peer;
  const list = blockList(trustedProxies);
  if (!isTrusted(list, peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((h) => unmapped(h.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!isIP(hop)) return peer;
    if (!isTrusted(list, hop)) return hop;
  }
  return hops[0] ?? peer;
}

export const sameIdentity = (a: SessionUser | null, b: SessionUser | null) =>
  a?.id === b?.id && a?.role === b?.role;

/** How often an idle socket (a subscription) has its session checked. */
const SOCKET_SESSION_CHECK_MS = 15_000;

/**
 * A socket keeps the cookies of its upgrade request; each call re-reads the session they name, so
 * a sign-out, a revoked or expired session or a role change takes effect on the next call, and a
 * timer closes idle sockets (subscriptions) whose session changed.
 */
function socketSession(services: Services, req: IncomingMessage, ws: WebSocket, opened: SessionUser | null) {
  const session: SocketSession = {
    opened,
    current: () => sessionUser(services, req.headers),
    close(reason, code = 4401) {
      // After the answer to the current call has been sent.
      setTimeout(() => ws.close(code, reason), 20).unref();
    },
    bufferedAmount: () => ws.bufferedAmount,
  };
  const timer = setInterval(() => {
    session
      .current()
      .then((now) => {
        if (!sameIdentity(now, opened)) session.close('Session changed');
      })
      .catch(() => undefined);
  }, SOCKET_SESSION_CHECK_MS);
  timer.unref();
  ws.once('close', () => clearInterval(timer));
  return session;
}

export async function createContext(
  services: Services,
  req: IncomingMessage,
  ws?: WebSocket,
): Promise<Context> {
  const user = await sessionUser(services, req.headers);
  return {
    ...services,
    user,
    requestId: (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) ?? randomUUID(),
    ip: clientIp(req, services.config.TRUSTED_PROXIES),
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500),
    ...(ws ? { socket: socketSession(services, req, ws, user) } : {}),
  };
}
