import type { IncomingMessage, ServerResponse } from 'node:http';
import { orderCsvFileName, orderFiltersSchema } from '../domain/orders/admin-list.js';
import { hasUncleanText, INVALID_TEXT_MESSAGE } from '../domain/security/text.js';
import { type Services, sessionUser } from './context.js';
import { originProblem } from './http-guards.js';
import { logger } from './logger.js';
import { writeOrdersCsv } from './orders/admin-orders.js';

/**
 * GET /api/admin/orders.csv?search=&status=: the back-office list with the same filters, as CSV
 * for a spreadsheet in French settings, streamed (orders are read through a cursor and written as
 * they come). Same rules as the API: a session whose role may read orders, and a request from our
 * own pages (a GET too, since it carries data: a cross-site link or fetch is refused).
 */
export const ORDERS_CSV_PATH = '/api/admin/orders.csv';

/** Who may export: the same readers as orders.list (the auditor role joins here too). */
const mayReadOrders = (role: string) => role === 'admin';

function reply(res: ServerResponse, status: number, code: string, message: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify({ code, message }));
}

export async function handleOrdersCsv(services: Services, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'GET') {
    res.setHeader('Allow', 'GET');
    return reply(res, 405, 'METHOD_NOT_ALLOWED', 'Méthode non autorisée');
  }
  const problem = originProblem(req, services.config.trustedOrigins);
  if (problem) return reply(res, 403, 'ORIGIN_REFUSED', problem);
  const user = await sessionUser(services, req.headers);
  if (!user) return reply(res, 401, 'UNAUTHORIZED', 'Vous devez être connecté.');
  if (!mayReadOrders(user.role)) {
    return reply(res, 403, 'FORBIDDEN', "Vous n'avez pas les droits d'administration.");
  }
  const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
  const raw = { search: params.get('search') ?? undefined, status: params.get('status') ?? undefined };
  if (hasUncleanText(raw)) return reply(res, 400, 'INVALID_TEXT', INVALID_TEXT_MESSAGE);
  const filters = orderFiltersSchema.safeParse(raw);
  if (!filters.success) {
    return reply(res, 400, 'INVALID_INPUT', filters.error.issues[0]?.message ?? 'Données invalides');
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${orderCsvFileName(new Date())}"`);
  res.setHeader('Cache-Control', 'no-store');
  try {
    await writeOrdersCsv(services.sql, filters.data, res);
    res.end();
  } catch (error) {
    // Headers are gone: cut the download so that a partial file is not taken for a whole one.
    logger.error('orders CSV export failed', error);
    res.destroy();
  }
}
