import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '../domain/account/roles.js';
import type { Auth } from './auth.js';
import type { Config } from './config.js';
import type { Sql } from './db/client.js';
import type { Mailer } from './mailer.js';

/** What every request can use: built once at start-up by createApp. */
export interface Services {
  sql: Sql;
  config: Config;
  auth: Auth;
  mailer: Mailer;
}

export type { Role };

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface Context extends Services {
  user: SessionUser | null;
  requestId: string;
  ip: string;
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

/** Reads the better-auth session from the request cookies and the role from the profile row. */
export async function sessionUser(
  services: Services,
  headers: IncomingMessage['headers'],
): Promise<SessionUser | null> {
  if (!headers.cookie) return null;
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

export async function createContext(services: Services, req: IncomingMessage): Promise<Context> {
  return {
    ...services,
    user: await sessionUser(services, req.headers),
    requestId: (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) ?? randomUUID(),
    ip: clientIp(req, services.config.TRUSTED_PROXIES),
  };
}
