import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../context.js';
import { errors } from '../errors.js';
import { streamDownload } from '../http/download.js';
import { replyError, requireRole } from '../http/staff-gate.js';
import { logger } from '../logger.js';
import { exportLog } from './verify.js';

/**
 * GET /api/admin/audit/export: the order log (events, stream heads, checkpoints) as the NDJSON
 * file `orders:export` writes and `orders:verify --file` checks, streamed from one snapshot.
 * Admins and auditors only. Although a GET, it obeys the API's origin rule: another site cannot
 * make a signed-in browser fetch it.
 */
export const AUDIT_EXPORT_PATH = '/api/admin/audit/export';

export async function handleAuditExport(services: Services, req: IncomingMessage, res: ServerResponse) {
  const user = await requireRole(services, req, res, 'staff', { methods: ['GET'] });
  if (!user) return;
  const count = await streamDownload(
    res,
    {
      contentType: 'application/x-ndjson; charset=utf-8',
      fileName: `journal-commandes-${new Date().toISOString().slice(0, 10)}.ndjson`,
      what: 'Order log export',
    },
    (write) => exportLog(services.sql, write),
  );
  if (count === false) return replyError(res, errors.downloadBusy());
  if (count !== null) logger.info(`Order log exported by ${user.email} (${user.role}): ${count} events`);
}
