import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { isStaff } from '../../domain/account/roles.js';
import type { DomainError } from '../../domain/errors.js';
import { hasUncleanText, INVALID_TEXT_MESSAGE } from '../../domain/security/text.js';
import { type Services, type SessionUser, sessionUser } from '../context.js';
import { errors, kindToHttpStatus } from '../errors.js';
import { originProblem } from './guards.js';

/** A JSON refusal in the `{ code, message }` shape the back-office pages show as is. */
export function replyJson(res: ServerResponse, status: number, code: string, message: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify({ code, message }));
}

/** A domain error (from the one table, src/server/errors.ts) as a non-tRPC route's answer. */
export function replyError(res: ServerResponse, error: DomainError, status = kindToHttpStatus[error.kind]) {
  replyJson(res, status, error.code, error.message);
}

/**
 * Who may pass: 'staff' is an admin or an auditor (the readers of orders), 'admin' an admin only,
 * 'signedIn' anyone signed in (a customer's own data).
 */
export type GateRole = 'staff' | 'admin' | 'field' | 'signedIn';

/** 'field': an admin or a technician (the visit's photos, ADR 037). */
const roleAllows = (gate: GateRole, role: SessionUser['role']) =>
  gate === 'admin'
    ? role === 'admin'
    : gate === 'staff'
      ? isStaff(role)
      : gate === 'field'
        ? role === 'admin' || role === 'technician'
        : true;

/**
 * The one gate of every non-tRPC back-office route (downloads, backup, image upload): the method,
 * the API's origin rule even on a GET (a download carries data, so another site must not trigger
 * it with the visitor's cookie), a session, and the role. Returns the user, or null once the
 * French refusal (from the error table) is sent. tRPC procedures have their own guards (trpc.ts).
 */
export async function requireRole(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
  role: GateRole,
  options: { methods: readonly string[] },
): Promise<SessionUser | null> {
  if (!requireRequest(services, req, res, options)) return null;
  const user = await sessionUser(services, req.headers);
  if (!user) {
    replyError(res, errors.unauthenticated());
    return null;
  }
  if (!roleAllows(role, user.role)) {
    replyError(res, errors.notAdmin());
    return null;
  }
  return user;
}

/**
 * A route's query parameters read by the domain schema of the screen they come from (the filters of
 * a list and of its CSV are one schema): the values named by `keys` (absent or empty: undefined),
 * refused with the French message when unclean or invalid. Returns null once the refusal is sent.
 */
export function readQuery<S extends z.ZodType>(
  req: IncomingMessage,
  res: ServerResponse,
  schema: S,
  keys: readonly string[],
): z.infer<S> | null {
  const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
  const raw = Object.fromEntries(keys.map((key) => [key, params.get(key) || undefined]));
  if (hasUncleanText(raw)) {
    replyJson(res, 400, 'INVALID_TEXT', INVALID_TEXT_MESSAGE);
    return null;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    replyJson(res, 400, 'INVALID_INPUT', parsed.error.issues[0]?.message ?? 'Données invalides');
    return null;
  }
  return parsed.data;
}

/**
 * The gate's first half, for a route whose right is not a session but a signed token (the guest's
 * invoice on /commande/{token}): the method and the origin rule. Returns false once the French
 * refusal is sent; the route then checks its token.
 */
export function requireRequest(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
  options: { methods: readonly string[] },
): boolean {
  if (!options.methods.includes(req.method ?? 'GET')) {
    res.setHeader('Allow', options.methods.join(', '));
    replyError(res, errors.methodNotAllowed(), 405);
    return false;
  }
  const problem = originProblem(req, services.config.trustedOrigins);
  if (problem) {
    replyError(res, errors.originRefused(problem));
    return false;
  }
  return true;
}
