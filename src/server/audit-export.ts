import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isStaff } from '../domain/account/roles.js';
import { ORIGIN_REFUSED_CODE } from '../domain/security/origin.js';
import { type Services, sessionUser } from './context.js';
import { originProblem } from './http-guards.js';
import { logger } from './logger.js';
import { exportLog } from './orders/audit.js';

/**
 * GET /api/admin/audit/export: the order log (events, stream heads, checkpoints) as the NDJSON
 * file `orders:export` writes and `orders:verify --file` checks, streamed from one snapshot.
 * Admins and auditors only. Although a GET, it obeys the API's origin rule: another site cannot
 * make a signed-in browser fetch it.
 */
export const AUDIT_EXPORT_PATH = '/api/admin/audit/export';

function reply(res: ServerResponse, status: number, code: string, message: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify({ code, message }));
}

class ClientGone extends Error {}

export async function handleAuditExport(services: Services, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'GET') {
    res.setHeader('Allow', 'GET');
    return reply(res, 405, 'METHOD_NOT_ALLOWED', 'Méthode non autorisée');
  }
  const problem = originProblem(req, services.config.trustedOrigins);
  if (problem) return reply(res, 403, ORIGIN_REFUSED_CODE, problem);
  const user = await sessionUser(services, req.headers);
  if (!user) return reply(res, 401, 'UNAUTHORIZED', 'Vous devez être connecté.');
  if (!isStaff(user.role))
    return reply(res, 403, 'FORBIDDEN', "Vous n'avez pas les droits d'administration.");

  const day = new Date().toISOString().slice(0, 10);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="journal-commandes-${day}.ndjson"`);
  res.setHeader('Cache-Control', 'no-store');
  let gone = false;
  res.once('close', () => {
    gone = !res.writableFinished;
  });
  try {
    const count = await exportLog(services.sql, async (line) => {
      if (gone) throw new ClientGone();
      // Backpressure: wait for the client to take what was sent, or to go away.
      if (!res.write(line)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    });
    res.end();
    logger.info(`Order log exported by ${user.email} (${user.role}): ${count} events`);
  } catch (error) {
    // A client that left ends the snapshot's transaction; anything else cuts the download short,
    // so the file is visibly incomplete rather than silently wrong.
    if (!(error instanceof ClientGone)) logger.error('Order log export failed', error);
    res.destroy();
  }
}
