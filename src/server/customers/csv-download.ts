import type { IncomingMessage, ServerResponse } from 'node:http';
import { customerListSchema } from '../../domain/account/customers.js';
import { ROLE_LABELS } from '../../domain/account/roles.js';
import { csvAmount, csvLine } from '../../domain/orders/admin-list.js';
import { exportFileName } from '../../domain/site/time-zone.js';
import type { Services } from '../context.js';
import type { Tx } from '../db/client.js';
import { sendCsv, type WriteChunk, writeCsv } from '../http/download.js';
import { readQuery, requireRole } from '../http/staff-gate.js';
import { spentCentsSql } from '../orders/sales.js';
import { customerFilter } from './customers.js';

/**
 * GET /api/admin/customers.csv?search=&role=: the customers list with the screen's filters, as CSV
 * for a spreadsheet in French settings (the orders CSV's format and gate: orders/csv-download.ts),
 * streamed through a cursor. Admins only: customers' details are not the auditor's to read.
 */
export const CUSTOMERS_CSV_PATH = '/api/admin/customers.csv';

export const CUSTOMER_CSV_HEADER = [
  'Prénom',
  'Nom',
  'Email',
  'Téléphone',
  'Adresse',
  'Code postal',
  'Ville',
  'Pays',
  'Rôle',
  'Inscrit le',
  'Commandes',
  'Total dépensé (€)',
];

interface CustomerCsvRow {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  role: keyof typeof ROLE_LABELS;
  createdDay: string;
  orderCount: number;
  totalSpentCents: string;
}

export async function writeCustomersCsv(
  sql: Tx,
  filters: { search: string; role?: string | null },
  write: WriteChunk,
): Promise<number> {
  const cursor = sql<CustomerCsvRow[]>`
    select p.first_name, p.last_name, u.email, p.phone, p.address, p.postal_code, p.city, p.country, p.role,
           to_char(p.created_at at time zone 'Europe/Paris', 'DD/MM/YYYY') as created_day,
           coalesce(t.order_count, 0)::int as order_count, coalesce(t.total_spent_cents, 0)::text as total_spent_cents
      from profiles p
      join users u on u.id = p.id
      left join lateral (
        select count(*) as order_count,
               sum(${spentCentsSql(sql, sql`o`)}) as total_spent_cents
          from orders o where o.customer_id = p.id) t on true
     where ${customerFilter(sql, filters)}
     order by p.created_at desc, p.id desc`.cursor(500);
  return await writeCsv(write, CUSTOMER_CSV_HEADER, cursor, (r) =>
    csvLine([
      r.firstName,
      r.lastName,
      r.email,
      { digits: r.phone },
      r.address,
      { digits: r.postalCode },
      r.city,
      r.country,
      ROLE_LABELS[r.role]?.label ?? r.role,
      r.createdDay,
      r.orderCount,
      csvAmount(Number(r.totalSpentCents)),
    ]),
  );
}

/** « clients-2026-11-25.csv », the Paris day. */
export const customerCsvFileName = (now: Date) => exportFileName('clients', 'csv', now);

export async function handleCustomersCsv(services: Services, req: IncomingMessage, res: ServerResponse) {
  if (!(await requireRole(services, req, res, 'admin', { methods: ['GET'] }))) return;
  const filters = readQuery(req, res, customerListSchema, ['search', 'role']);
  if (!filters) return;
  await sendCsv(res, { fileName: customerCsvFileName(new Date()), what: 'Customers CSV' }, (write) =>
    writeCustomersCsv(services.sql, { ...filters, search: filters.search ?? '' }, write),
  );
}
