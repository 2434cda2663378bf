import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BIOCIDE_REGISTER_HEADER,
  biocideRegisterFileName,
  biocideRegisterLines,
  type RegisterSale,
} from '../../domain/catalog/biocide-register.js';
import type { Services } from '../context.js';
import type { Tx } from '../db/client.js';
import { sendCsv, type WriteChunk, writeCsv } from '../http/download.js';
import { requireRole } from '../http/staff-gate.js';
import { personalColumn, readableData } from './personal-records.js';

/**
 * GET /api/admin/biocides-register.csv: the "Registre des ventes de biocides", read from the order
 * log (every OrderPlaced with a biocide line), oldest first. Admins only.
 */
export const BIOCIDE_REGISTER_PATH = '/api/admin/biocides-register.csv';

export async function writeBiocideRegister(sql: Tx, write: WriteChunk): Promise<number> {
  // The buyer's name and email live in the order's personal record, outside the log (ADR 020).
  const cursor = sql<{ data: unknown; personal: unknown; recordedAt: Date }[]>`
    select data, ${personalColumn(sql)}, recorded_at from events
     where type = 'OrderPlaced' and jsonb_path_exists(data, '$.lines[*].biocideType')
     order by recorded_at, position`.cursor(500);
  return await writeCsv(write, BIOCIDE_REGISTER_HEADER, cursor, (r) =>
    biocideRegisterLines({
      ...(readableData('OrderPlaced', r.data, r.personal) as Omit<RegisterSale, 'at'>),
      at: r.recordedAt,
    }),
  );
}

export async function handleBiocideRegister(services: Services, req: IncomingMessage, res: ServerResponse) {
  if (!(await requireRole(services, req, res, 'admin', { methods: ['GET'] }))) return;
  await sendCsv(res, { fileName: biocideRegisterFileName(new Date()), what: 'Biocide register' }, (write) =>
    writeBiocideRegister(services.sql, write),
  );
}
