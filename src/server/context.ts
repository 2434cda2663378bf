import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth.js';
import type { Config } from './config.js';
import type { Sql } from './db/client.js';

/** What every request can use: built once at start-up by createApp. */
export interface Services {
  sql: Sql;
  config: Config;
  auth: Auth;
}

export type Role = 'user' | 'admin';

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

export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
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
    ip: clientIp(req),
  };
}
