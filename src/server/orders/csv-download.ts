import type { IncomingMessage, ServerResponse } from 'node:http';
import { orderCsvFileName, orderFiltersSchema } from '../../domain/orders/admin-list.js';
import { hasUncleanText, INVALID_TEXT_MESSAGE } from '../../domain/security/text.js';
import type { Services } from '../context.js';
import { errors } from '../errors.js';
import { streamDownload } from '../http/download.js';
import { replyError, replyJson, requireRole } from '../http/staff-gate.js';
import { writeOrdersCsv } from './admin-orders.js';

/**
 * GET /api/admin/orders.csv?search=&status=: the back-office list with the same filters, as CSV
 * for a spreadsheet in French settings, streamed (orders are read through a cursor and written as
 * they come). Same rules as the API: a staff session (admins and auditors read orders), and a request from our
 * own pages (a GET too, since it carries data: a cross-site link or fetch is refused).
 */
export const ORDERS_CSV_PATH = '/api/admin/orders.csv';

export async function handleOrdersCsv(services: Services, req: IncomingMessage, res: ServerResponse) {
  if (!(await requireRole(services, req, res, 'staff', { methods: ['GET'] }))) return;
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
  const done = await streamDownload(
    res,
    { contentType: 'text/csv; charset=utf-8', fileName: orderCsvFileName(new Date()), what: 'Orders CSV' },
    (write) => writeOrdersCsv(services.sql, filters.data, write),
  );
  if (done === false) replyError(res, errors.downloadBusy());
}
