import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import {
  BIOCIDE_REGISTER_HEADER,
  biocideRegisterFileName,
  biocideRegisterLines,
  type RegisterSale,
} from '../../domain/catalog/biocide-register.js';
import { CSV_BOM, csvLine } from '../../domain/orders/admin-list.js';
import type { Services } from '../context.js';
import type { Tx } from '../db/client.js';
import { replyJson, staffDownloadUser, startDownload } from '../http/staff-gate.js';
import { logger } from '../logger.js';

/**
 * GET /api/admin/biocides-register.csv: the "Registre des ventes de biocides", read from the order
 * log (every OrderPlaced with a biocide line), oldest first. Admins only.
 */
export const BIOCIDE_REGISTER_PATH = '/api/admin/biocides-register.csv';

export async function writeBiocideRegister(sql: Tx, out: Writable): Promise<number> {
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve));
  await write(CSV_BOM + csvLine(BIOCIDE_REGISTER_HEADER));
  let count = 0;
  const cursor = sql<{ data: Omit<RegisterSale, 'at'>; recordedAt: Date }[]>`
    select data, recorded_at from events
     where type = 'OrderPlaced' and jsonb_path_exists(data, '$.lines[*].biocideType')
     order by recorded_at, position`.cursor(500);
  for await (const rows of cursor) {
    if (out.destroyed) break;
    await write(rows.map((r) => biocideRegisterLines({ ...r.data, at: r.recordedAt })).join(''));
    count += rows.length;
  }
  return count;
}

export async function handleBiocideRegister(services: Services, req: IncomingMessage, res: ServerResponse) {
  const user = await staffDownloadUser(services, req, res);
  if (!user) return;
  if (user.role !== 'admin') {
    return replyJson(res, 403, 'FORBIDDEN', "Vous n'avez pas les droits d'administration.");
  }
  startDownload(res, 'text/csv; charset=utf-8', biocideRegisterFileName(new Date()));
  try {
    await writeBiocideRegister(services.sql, res);
    res.end();
  } catch (error) {
    logger.error('biocide register export failed', error);
    res.destroy();
  }
}
