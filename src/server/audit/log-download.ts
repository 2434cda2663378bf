import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportFileName } from '../../domain/site/time-zone.js';
import type { Services } from '../context.js';
import { staffDownloadUser, startDownload } from '../http/staff-gate.js';
import { logger } from '../logger.js';
import { exportLog } from './verify.js';

/**
 * GET /api/admin/audit/export: the order log (events, stream heads, checkpoints) as the NDJSON
 * file `orders:export` writes and `orders:verify --file` checks, streamed from one snapshot.
 * Admins and auditors only. Although a GET, it obeys the API's origin rule: another site cannot
 * make a signed-in browser fetch it.
 */
export const AUDIT_EXPORT_PATH = '/api/admin/audit/export';

class ClientGone extends Error {}

export async function handleAuditExport(services: Services, req: IncomingMessage, res: ServerResponse) {
  const user = await staffDownloadUser(services, req, res);
  if (!user) return;
  startDownload(
    res,
    'application/x-ndjson; charset=utf-8',
    exportFileName('journal-commandes', 'ndjson', new Date()),
  );
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
