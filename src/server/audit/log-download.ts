import type { IncomingMessage, ServerResponse } from 'node:http';
import { actorFromUser } from '../../domain/orders/events.js';
import { exportFileName } from '../../domain/site/time-zone.js';
import type { Services } from '../context.js';
import { errors } from '../errors.js';
import { streamDownload } from '../http/download.js';
import { replyError, replyJson, requireRole } from '../http/staff-gate.js';
import { logger } from '../logger.js';
import { writeArchive } from './archive.js';
import { exportLog } from './verify.js';

/**
 * GET /api/admin/audit/export: the order log (events, stream heads, checkpoints) as the NDJSON
 * file `orders:export` writes and `orders:verify --file` checks, streamed from one snapshot.
 * Admins and auditors only. Although a GET, it obeys the API's origin rule: another site cannot
 * make a signed-in browser fetch it.
 */
export const AUDIT_EXPORT_PATH = '/api/admin/audit/export';

/**
 * GET /api/admin/audit/archive?periode=2026 (or periode=tout): the signed archive (archive.ts),
 * recorded as an ArchiveExported event naming who exported it. Admins and auditors.
 */
export const AUDIT_ARCHIVE_PATH = '/api/admin/audit/archive';

export async function handleAuditExport(services: Services, req: IncomingMessage, res: ServerResponse) {
  const user = await requireRole(services, req, res, 'staff', { methods: ['GET'] });
  if (!user) return;
  const url = new URL(req.url ?? '/', 'http://localhost');
  const archive = url.pathname === AUDIT_ARCHIVE_PATH ? (url.searchParams.get('periode') ?? 'tout') : null;
  if (archive !== null && archive !== 'tout' && !/^\d{4}$/.test(archive)) {
    return replyJson(res, 400, 'INVALID_PERIOD', 'Période d’archive invalide.');
  }
  const count = await streamDownload(
    res,
    {
      contentType: 'application/x-ndjson; charset=utf-8',
      fileName:
        archive !== null
          ? exportFileName(`archive-caisse-${archive}`, 'ndjson', new Date())
          : exportFileName('journal-commandes', 'ndjson', new Date()),
      what: archive !== null ? 'Till archive' : 'Order log export',
    },
    async (write) =>
      archive !== null
        ? (await writeArchive(services.sql, services.config.AUDIT_KEY, archive, actorFromUser(user), write))
            .events
        : await exportLog(services.sql, write),
  );
  if (count === false) return replyError(res, errors.downloadBusy());
  if (count !== null)
    logger.info(
      `Order log ${archive !== null ? `archive ${archive} ` : ''}exported by ${user.email} (${user.role}): ${count} events`,
    );
}
