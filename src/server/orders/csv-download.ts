import type { IncomingMessage, ServerResponse } from 'node:http';
import { orderCsvFileName, orderFiltersSchema } from '../../domain/orders/admin-list.js';
import { hasUncleanText, INVALID_TEXT_MESSAGE } from '../../domain/security/text.js';
import type { Services } from '../context.js';
import { replyJson, staffDownloadUser, startDownload } from '../http/staff-gate.js';
import { logger } from '../logger.js';
import { writeOrdersCsv } from './admin-orders.js';

/**
 * GET /api/admin/orders.csv?search=&status=: the back-office list with the same filters, as CSV
 * for a spreadsheet in French settings, streamed (orders are read through a cursor and written as
 * they come). Same rules as the API: a staff session (admins and auditors read orders), and a request from our
 * own pages (a GET too, since it carries data: a cross-site link or fetch is refused).
 */
export const ORDERS_CSV_PATH = '/api/admin/orders.csv';

export async function handleOrdersCsv(services: Services, req: IncomingMessage, res: ServerResponse) {
  if (!(await staffDownloadUser(services, req, res))) return;
  const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
  const raw = {
    search: params.get('search') ?? undefined,
    status: params.get('status') || undefined,
    withdrawal: params.get('withdrawal') || undefined,
  };
  if (hasUncleanText(raw)) return replyJson(res, 400, 'INVALID_TEXT', INVALID_TEXT_MESSAGE);
  const filters = orderFiltersSchema.safeParse(raw);
  if (!filters.success) {
    return replyJson(res, 400, 'INVALID_INPUT', filters.error.issues[0]?.message ?? 'Données invalides');
  }
  startDownload(res, 'text/csv; charset=utf-8', orderCsvFileName(new Date()));
  try {
    await writeOrdersCsv(services.sql, filters.data, res);
    res.end();
  } catch (error) {
    // Headers are gone: cut the download so that a partial file is not taken for a whole one.
    logger.error('orders CSV export failed', error);
    res.destroy();
  }
}
