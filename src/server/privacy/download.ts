import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../context.js';
import { startDownload } from '../http/download.js';
import { replyJson, requireRole } from '../http/staff-gate.js';
import { freshProofUntil } from './email-proof.js';
import { exportCustomerData } from './export.js';

/**
 * GET /api/compte/mes-donnees.zip: the signed-in person's own data (« Télécharger mes données »).
 * GET /api/admin/clients/donnees.zip?id=: the same archive of a customer, for an admin answering
 * a request received by mail. Both pass the download gate (GET, own origin, session, role).
 */
export const OWN_DATA_PATH = '/api/compte/mes-donnees.zip';
export const CUSTOMER_DATA_PATH = '/api/admin/clients/donnees.zip';

async function send(services: Services, res: ServerResponse, userId: string, byEmail: boolean) {
  const archive = await exportCustomerData(services.sql, userId, { byEmail });
  if (!archive) return replyJson(res, 404, 'CUSTOMER_NOT_FOUND', 'Client introuvable.');
  startDownload(res, 'application/zip', archive.fileName);
  res.setHeader('Content-Length', String(archive.zip.length));
  res.end(archive.zip);
}

export async function handleOwnData(services: Services, req: IncomingMessage, res: ServerResponse) {
  const user = await requireRole(services, req, res, 'signedIn', { methods: ['GET'] });
  // Guest orders and contact requests sent with the account's email: only with a fresh code (ADR 033).
  if (user) await send(services, res, user.id, (await freshProofUntil(services.sql, user.id)) !== null);
}

export async function handleCustomerData(services: Services, req: IncomingMessage, res: ServerResponse) {
  const user = await requireRole(services, req, res, 'admin', { methods: ['GET'] });
  if (!user) return;
  const id = new URL(req.url ?? '/', 'http://localhost').searchParams.get('id') ?? '';
  if (!id || id.length > 100) return replyJson(res, 400, 'INVALID_INPUT', 'Client introuvable.');
  const [row] = await services.sql<
    { emailVerified: boolean }[]
  >`select email_verified from users where id = ${id}`;
  await send(services, res, id, row?.emailVerified === true);
}
