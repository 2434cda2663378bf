import type { IncomingMessage, ServerResponse } from 'node:http';
import { isStaff } from '../../domain/account/roles.js';
import { ORIGIN_REFUSED_CODE } from '../../domain/security/origin.js';
import { type Services, type SessionUser, sessionUser } from '../context.js';
import { originProblem } from './guards.js';

/** A JSON refusal in the `{ code, message }` shape the back-office pages show as is. */
export function replyJson(res: ServerResponse, status: number, code: string, message: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify({ code, message }));
}

/**
 * The one gate of the back-office's file downloads (order CSV, log export): GET only, the API's
 * origin rule although it is a GET (a download carries data, so another site must not trigger
 * it with the visitor's cookie), a session, and a staff role (admin or auditor, the readers of
 * orders). Returns the user, or null once the refusal is sent.
 */
export async function staffDownloadUser(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<SessionUser | null> {
  return await downloadUser(services, req, res, isStaff);
}

/** The same gate with another role rule (a customer's own data export: any signed-in user). */
export async function downloadUser(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
  allowed: (role: SessionUser['role']) => boolean,
): Promise<SessionUser | null> {
  if (req.method !== 'GET') {
    res.setHeader('Allow', 'GET');
    replyJson(res, 405, 'METHOD_NOT_ALLOWED', 'Méthode non autorisée');
    return null;
  }
  const problem = originProblem(req, services.config.trustedOrigins);
  if (problem) {
    replyJson(res, 403, ORIGIN_REFUSED_CODE, problem);
    return null;
  }
  const user = await sessionUser(services, req.headers);
  if (!user) {
    replyJson(res, 401, 'UNAUTHORIZED', 'Vous devez être connecté.');
    return null;
  }
  if (!allowed(user.role)) {
    replyJson(res, 403, 'FORBIDDEN', "Vous n'avez pas les droits d'administration.");
    return null;
  }
  return user;
}

/** Headers of a file download that is never cached. */
export function startDownload(res: ServerResponse, contentType: string, fileName: string) {
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
}
