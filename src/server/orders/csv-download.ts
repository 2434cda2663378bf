import type { IncomingMessage, ServerResponse } from 'node:http';
import { orderCsvFileName, orderFiltersSchema } from '../../domain/orders/admin-list.js';
import type { Services } from '../context.js';
import { sendCsv } from '../http/download.js';
import { readQuery, requireRole } from '../http/staff-gate.js';
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
  const filters = readQuery(req, res, orderFiltersSchema, ['search', 'status', 'withdrawal']);
  if (!filters) return;
  await sendCsv(res, { fileName: orderCsvFileName(new Date()), what: 'Orders CSV' }, (write) =>
    writeOrdersCsv(services.sql, filters, write),
  );
}
