/**
 * What every request and websocket passes before reaching a handler: well-formed path, Origin of
 * state-changing requests, body sizes, tRPC batch size, socket counts and message rates, server
 * timeouts. Each refusal is an HTTP status with a French message (and a tRPC-shaped body on
 * /api/trpc, so the client shows it like any other error), before anything is read or written.
 */
import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type TRPC_ERROR_CODE_KEY, TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { WebSocket, WebSocketServer } from 'ws';
import { ORIGIN_REFUSED_CODE, originRefusedMessage } from '../../domain/security/origin.js';
import type { Config } from '../config.js';
import { clientIp } from '../context.js';
import { DOCUMENT_UPLOAD_PATH } from '../images/documents.js';
import { IMAGE_UPLOAD_PATH, VISIT_PHOTO_UPLOAD_PATH } from '../images/upload.js';
import { REQUEST_PHOTO_PATH } from '../interventions/request-photos.js';
import { hardenSocket } from './harden-socket.js';

/** Request limits (README, Security). Uploads have their own, in their route. */
export const LIMITS = {
  /** better-auth bodies: an email, a password, two names. */
  authBodyBytes: 8 * 1024,
  /** tRPC HTTP bodies (a checkout of many lines fits many times over). */
  trpcBodyBytes: 1_000_000,
  /** Calls in one tRPC HTTP batch or one websocket message. */
  batchCalls: 10,
  /** Websocket message size. */
  wsMessageBytes: 64 * 1024,
  /** Window over which a socket's messages are counted (WS_MAX_MESSAGES per window). */
  wsWindowMs: 10_000,
  headersTimeoutMs: 10_000,
  // Long enough for a large photo upload on a slow line; headers must arrive within 10 s anyway.
  requestTimeoutMs: 120_000,
  maxHeaderBytes: 16 * 1024,
} as const;

const messages = {
  malformedPath: 'Adresse invalide : elle contient un encodage « % » incorrect.',
  tooLarge: (limit: number) =>
    `La requête est trop volumineuse (${Math.round(limit / 1024)} Ko au plus). Rien n’a été enregistré.`,
  lengthRequired: 'La taille de la requête doit être indiquée (en-tête Content-Length).',
  inFlight: 'Trop de requêtes en cours depuis votre adresse. Réessayez dans un instant.',
  batch: `Trop d’appels dans une seule requête (${LIMITS.batchCalls} au plus). Rien n’a été enregistré.`,
};

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/** The body tRPC's client reads as an error of every call of its batch. */
function trpcError(code: TRPC_ERROR_CODE_KEY, httpStatus: number, message: string, domainCode: string) {
  return {
    error: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus, domainCode } },
  };
}

/** Refuses with the body the caller's client understands: tRPC's shape, or better-auth's. */
function refuse(
  res: ServerResponse,
  pathname: string,
  status: number,
  trpcCode: TRPC_ERROR_CODE_KEY,
  code: string,
  message: string,
) {
  if (pathname.startsWith('/api/trpc')) sendJson(res, status, trpcError(trpcCode, status, message, code));
  else if (pathname.startsWith('/api/')) sendJson(res, status, { code, message });
  else {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(message);
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request check. A browser names the page's origin in Origin on every POST and every
 * websocket upgrade, and says where a request comes from in Sec-Fetch-Site: an Origin that is not
 * one of ours, or a request marked cross-site, is refused. A request with neither header comes
 * from a program, not a page: it cannot carry a visitor's cookies without their owner's consent.
 */
export function originProblem(req: IncomingMessage, trusted: readonly string[]): string | null {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    return trusted.includes(origin) ? null : originRefusedMessage(origin, trusted);
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return originRefusedMessage(null, trusted);
  }
  return null;
}

/**
 * The calls tRPC will run for a batch path: it decodes the path before splitting it on commas, so
 * `%2C` separates calls as `,` does (issue 23, finding 1). The path was checked decodable above.
 */
export function batchCallCount(rawPath: string): number {
  return decodeURIComponent(rawPath).split(',').length;
}

/**
 * The calls tRPC will run for one websocket message: a text frame's JSON, an array being a batch.
 * PING/PONG are tRPC's keep-alive, answered without running anything.
 */
export function socketCallCount(data: unknown, isBinary = false): number {
  const text = Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : String(data);
  if (!isBinary && (text === 'PING' || text === 'PONG')) return 0;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.length : 1;
  } catch {
    return 1;
  }
}

function contentLength(req: IncomingMessage): number | null {
  const raw = req.headers['content-length'];
  if (raw === undefined) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : Number.POSITIVE_INFINITY;
}

/** API requests in progress per client address (this instance): one client's burst waits its turn. */
const inFlight = new Map<string, number>();

function admitApiRequest(req: IncomingMessage, res: ServerResponse, config: Config): boolean {
  const ip = clientIp(req, config.TRUSTED_PROXIES);
  const now = inFlight.get(ip) ?? 0;
  if (now >= config.API_MAX_IN_FLIGHT_PER_IP) return false;
  inFlight.set(ip, now + 1);
  res.once('close', () => {
    const n = (inFlight.get(ip) ?? 1) - 1;
    if (n <= 0) inFlight.delete(ip);
    else inFlight.set(ip, n);
  });
  return true;
}

/**
 * The one spelling of a request's target (third probe, finding 4): the path as the router's URL
 * parser reads it (dot segments resolved, `%2e` read as a dot, `\\` as a slash, an absolute-form
 * target reduced to its path), then repeated slashes collapsed; the query kept. The result is a
 * fixed point: parsing it again gives it back, so the guard, the route table, tRPC and better-auth
 * all read one path. Null when it cannot be parsed.
 */
export function normalRequestTarget(raw: string): { pathname: string; url: string } | null {
  try {
    const parsed = /^https?:\/\//i.test(raw)
      ? new URL(raw)
      : // Prefixed with an origin: alone, `//api/x` would name a host "api".
        new URL(`http://localhost${raw.startsWith('/') ? '' : '/'}${raw}`);
    const pathname = parsed.pathname.replace(/\/{2,}/g, '/');
    return { pathname, url: pathname + parsed.search };
  } catch {
    return null;
  }
}

/**
 * Rewrites `req.url` to its one spelling (normalRequestTarget) and returns the path, or null when
 * the path is malformed (undecodable `%`). Called once per request, before the guard and the route
 * table, and for each websocket upgrade.
 */
export function normalizeRequestPath(req: IncomingMessage): string | null {
  const raw = req.url ?? '/';
  try {
    decodeURIComponent(raw.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const target = normalRequestTarget(raw);
  if (!target) return null;
  if (target.url !== raw) req.url = target.url;
  return target.pathname;
}

/**
 * Checks a request before routing. Returns true when it answered (refused) the request.
 */
export function guardRequest(req: IncomingMessage, res: ServerResponse, config: Config): boolean {
  const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
  const pathname = normalizeRequestPath(req);
  if (pathname === null) {
    refuse(res, rawPath, 400, 'BAD_REQUEST', 'MALFORMED_PATH', messages.malformedPath);
    return true;
  }
  if (!pathname.startsWith('/api/')) return false;
  if (!admitApiRequest(req, res, config)) {
    res.setHeader('Retry-After', '1');
    refuse(res, pathname, 429, 'TOO_MANY_REQUESTS', 'TOO_MANY_IN_FLIGHT', messages.inFlight);
    return true;
  }

  if (!SAFE_METHODS.has(req.method ?? 'GET')) {
    const problem = originProblem(req, config.trustedOrigins);
    if (problem) {
      refuse(res, pathname, 403, 'FORBIDDEN', ORIGIN_REFUSED_CODE, problem);
      return true;
    }
    const isAuth = pathname.startsWith('/api/auth/');
    // Uploads bound their own body (10 MB, with the image's French message): image-upload.ts.
    const limit = isAuth
      ? LIMITS.authBodyBytes
      : pathname === IMAGE_UPLOAD_PATH ||
          pathname === VISIT_PHOTO_UPLOAD_PATH ||
          pathname === REQUEST_PHOTO_PATH ||
          pathname === DOCUMENT_UPLOAD_PATH
        ? Number.POSITIVE_INFINITY
        : LIMITS.trpcBodyBytes;
    const length = contentLength(req);
    // better-auth reads whatever arrives: a declared, bounded length is the only way in. tRPC
    // bounds its own reading (maxBodySize), so a chunked body there is cut at the same limit.
    if (isAuth && length === null && req.headers['transfer-encoding']) {
      refuse(res, pathname, 411, 'BAD_REQUEST', 'LENGTH_REQUIRED', messages.lengthRequired);
      return true;
    }
    if (length !== null && length > limit) {
      // Do not read the rest: close once the answer is out.
      res.setHeader('Connection', 'close');
      refuse(res, pathname, 413, 'PAYLOAD_TOO_LARGE', 'PAYLOAD_TOO_LARGE', messages.tooLarge(limit));
      return true;
    }
  }
  if (pathname.startsWith('/api/trpc/')) {
    const calls = batchCallCount(pathname.slice('/api/trpc/'.length));
    if (calls > LIMITS.batchCalls) {
      refuse(res, pathname, 413, 'PAYLOAD_TOO_LARGE', 'BATCH_TOO_LARGE', messages.batch);
      return true;
    }
  }
  return false;
}

/** Timeouts and header size: a slow or endless request cannot hold a connection forever. */
export function hardenServer(server: http.Server) {
  server.headersTimeout = LIMITS.headersTimeoutMs;
  server.requestTimeout = LIMITS.requestTimeoutMs;
  server.maxHeadersCount = 100;
}

function rejectUpgrade(socket: Duplex, status: number, reason: string, message: string) {
  const body = Buffer.from(message, 'utf8');
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.toString('utf8')}`,
  );
}

/**
 * Websockets: Origin checked at the upgrade, sockets per client address bounded, and each socket's
 * messages (and the calls inside them) counted; a socket over its budget is closed with 1008
 * before the message reaches tRPC.
 */
export function createSocketGuard(wss: WebSocketServer, config: Config) {
  const perIp = new Map<string, number>();

  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const ip = clientIp(req, config.TRUSTED_PROXIES);
    perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
    ws.once('close', () => {
      const n = (perIp.get(ip) ?? 1) - 1;
      if (n <= 0) perIp.delete(ip);
      else perIp.set(ip, n);
    });
    let windowStart = Date.now();
    let used = 0;
    hardenSocket(ws, (data, isBinary) => {
      const now = Date.now();
      if (now - windowStart > LIMITS.wsWindowMs) {
        windowStart = now;
        used = 0;
      }
      const calls = socketCallCount(data, isBinary);
      used += calls;
      if (calls > LIMITS.batchCalls || used > config.WS_MAX_MESSAGES) {
        ws.close(1008, calls > LIMITS.batchCalls ? 'Too many calls in one message' : 'Too many messages');
        return false;
      }
      return true;
    });
  });

  return {
    /** Returns true when the upgrade was refused (and answered). */
    refuseUpgrade(req: IncomingMessage, socket: Duplex): boolean {
      const problem = originProblem(req, config.trustedOrigins);
      if (problem) {
        rejectUpgrade(socket, 403, 'Forbidden', problem);
        return true;
      }
      const ip = clientIp(req, config.TRUSTED_PROXIES);
      if ((perIp.get(ip) ?? 0) >= config.WS_MAX_PER_IP) {
        rejectUpgrade(socket, 429, 'Too Many Requests', 'Trop de connexions ouvertes depuis cette adresse.');
        return true;
      }
      return false;
    },
  };
}

/** connect-src names the app's own origins only (http and ws), never "any websocket host". */
export function connectSources(config: Config): string {
  const sources = new Set<string>(["'self'"]);
  for (const origin of config.trustedOrigins) {
    // Browsers reject IPv6 literals in source lists (the whole entry is ignored, with a console
    // error); a page opened at [::1] is covered by 'self', which CSP 3 extends to ws: on its host.
    if (new URL(origin).hostname.startsWith('[')) continue;
    sources.add(origin);
    sources.add(origin.replace(/^http/, 'ws'));
  }
  return [...sources].join(' ');
}
