/**
 * The back-office orders list: its filters (one schema for the screen, the procedure and the CSV
 * route), how a row names its customer, and the CSV format for a spreadsheet in French settings.
 * Pure: the server runs the queries, the client shows the rows.
 */

import { z } from 'zod';
import { isRealTimestamp } from '../common/dates.js';
import { NOTES_MAX, SEARCH_MAX, SHIPMENT_FIELD_MAX } from '../common/limits.js';
import { isId } from '../security/ids.js';
import { shortDateTime } from '../site/dates.js';
import { exportFileName } from '../site/time-zone.js';
import { ORDER_STATUSES, orderStatusLabel, paymentStatusLabel } from './status.js';

export const ORDER_PAGE_SIZE = 20;
/** A search counts at most this many orders (an exact count of a loose search costs a scan). */
export const SEARCH_COUNT_CAP = 1000;

export const orderStatusFilter = z.enum(['all', ...ORDER_STATUSES], { error: 'Statut inconnu' });
export type OrderStatusFilter = z.infer<typeof orderStatusFilter>;

/** The "Rétractation" filter (issue 26): every order, or those with a withdrawal request. */
export const withdrawalFilter = z.enum(['all', 'requested']);

export const orderFiltersSchema = z.object({
  search: z.string().trim().max(SEARCH_MAX, 'Recherche trop longue').default(''),
  status: orderStatusFilter.default('all'),
  withdrawal: withdrawalFilter.default('all'),
});
export type OrderFilters = z.infer<typeof orderFiltersSchema>;
export type WithdrawalFilter = z.infer<typeof withdrawalFilter>;

/**
 * Where the next page starts: « <created_at as PostgreSQL prints it>|<id> » of the last row
 * (keyset, newest first; the text keeps PostgreSQL's microseconds).
 */

export function parseOrderCursor(cursor: string): { createdAt: string; id: string } | null {
  const at = cursor.lastIndexOf('|');
  const createdAt = cursor.slice(0, at);
  const id = cursor.slice(at + 1);
  if (at < 1 || !isId(id) || !isRealTimestamp(createdAt)) {
    return null;
  }
  return { createdAt, id };
}

export const orderListInput = orderFiltersSchema.extend({
  cursor: z.string().max(100).nullish(),
  limit: z.number().int().min(1).max(100).default(ORDER_PAGE_SIZE),
});
export type OrderListInput = z.input<typeof orderListInput>;

export const orderNoteInput = z.object({
  note: z
    .string()
    .trim()
    .min(1, 'La note ne peut pas être vide.')
    .max(NOTES_MAX, `La note ne peut pas dépasser ${NOTES_MAX} caractères.`),
});

/**
 * The words of a search as LIKE patterns: every word must appear in the order number or the
 * customer's names, in any order. LIKE's own wildcards typed by the admin are matched literally.
 */
export function searchPatterns(search: string): string[] {
  return search
    .toLocaleLowerCase('fr-FR')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** How the Client column names the customer (back-office.md §2, order management). */
export type OrderCustomer =
  | { kind: 'account'; name: string | null }
  | { kind: 'deleted' }
  | { kind: 'guest'; name: string };

export function customerLabel(customer: OrderCustomer): string {
  switch (customer.kind) {
    case 'account':
      return customer.name ?? 'Client sans nom';
    case 'deleted':
      return 'Client supprimé';
    case 'guest':
      return customer.name || 'Client sans nom';
  }
}

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  `${first ?? ''} ${last ?? ''}`.trim() || null;

/** The customer of a row: the account's profile, a deleted account, or the guest who ordered. */
export function orderCustomer(row: {
  customerId: string | null;
  profileFirstName: string | null;
  profileLastName: string | null;
  placedWithAccount: boolean;
  shippingFirstName: string | null;
  shippingLastName: string | null;
}): OrderCustomer {
  if (row.customerId && (row.profileFirstName !== null || row.profileLastName !== null)) {
    return { kind: 'account', name: fullName(row.profileFirstName, row.profileLastName) };
  }
  if (row.customerId || row.placedWithAccount) return { kind: 'deleted' };
  return { kind: 'guest', name: fullName(row.shippingFirstName, row.shippingLastName) ?? '' };
}

/* --- CSV for a spreadsheet in French settings --- */

/** Excel and LibreOffice read UTF-8 only when the file starts with this mark. */
export const CSV_BOM = '\uFEFF';

/** Euros with a decimal comma and no symbol, so that the cell is a number: « 1234,50 ». */
export const csvAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * One cell: quoted when it holds the separator, a quote or a line break. Text a spreadsheet would
 * run as a formula (=, +, -, @ first) is prefixed with an apostrophe, except plain phone numbers and
 * negative amounts.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return csvDigits(value.digits);
  let text = String(value);
  // A number (« -18,17 », as csvAmount writes a credit) is no formula: guarded, a spreadsheet would
  // read it as text and leave it out of its sums.
  if (
    typeof value === 'string' &&
    /^[=+\-@\t\r]/.test(text) &&
    !/^\+?[\d ]+$/.test(text) &&
    !/^-\d+(,\d+)?$/.test(text)
  )
    text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell's value; `{ digits }` is text made of digits that must stay text (see csvDigits). */
export type CsvValue = string | number | null | undefined | { digits: string | null | undefined };

/**
 * A phone or a postcode: a spreadsheet would take « +33611223344 » or « 01000 » for a number (the
 * plus and the leading zero lost). Written as ="…", which Excel and LibreOffice show as that text.
 * Only digits, spaces, dots and a leading plus take that form; anything else is an ordinary cell.
 */
export function csvDigits(value: string | null | undefined): string {
  if (!value) return '';
  return /^\+?[\d .]+$/.test(value) ? `"=""${value}"""` : csvCell(value);
}

export const csvLine = (cells: CsvValue[]) => `${cells.map(csvCell).join(';')}\r\n`;

export const ORDER_CSV_HEADER = [
  'Commande',
  'Date',
  'Client',
  'Email',
  'Téléphone',
  'Adresse',
  'Code postal',
  'Ville',
  'Livraison',
  'Articles',
  'Sous-total (€)',
  'Frais de port (€)',
  'Taxes (€)',
  'Total (€)',
  'Statut',
  'Paiement',
  'Payé (€)',
  'Remboursé (€)',
  'Notes',
];

export interface OrderCsvRow {
  orderNumber: string;
  createdAt: Date | string;
  customer: OrderCustomer;
  shippingAddress: Record<string, string | undefined>;
  itemCount: number;
  subtotalCents: number;
  shippingCostCents: number;
  taxCents: number;
  totalAmountCents: number;
  status: string;
  paymentStatus: string;
  paidCents: number;
  refundedCents: number;
  notes: string | null;
}

export function orderCsvLine(row: OrderCsvRow): string {
  const a = row.shippingAddress;
  return csvLine([
    row.orderNumber,
    shortDateTime(row.createdAt),
    customerLabel(row.customer),
    a.email,
    { digits: a.phone },
    a.address,
    { digits: a.zipCode },
    a.city,
    a.deliveryMethod === 'pickup' ? 'Retrait' : 'Livraison',
    row.itemCount,
    csvAmount(row.subtotalCents),
    csvAmount(row.shippingCostCents),
    csvAmount(row.taxCents),
    csvAmount(row.totalAmountCents),
    orderStatusLabel(row.status, 'admin'),
    paymentStatusLabel(row.paymentStatus),
    csvAmount(row.paidCents),
    csvAmount(row.refundedCents),
    row.notes,
  ]);
}

/** « commandes-2026-11-23.csv », the Paris day. */
export const orderCsvFileName = (now: Date) => exportFileName('commandes', 'csv', now);

/** "Expédiée" in the back-office: the carrier and tracking number, both optional (SHIPMENT_FIELD_MAX). */
export const shipmentFormSchema = z.object({
  carrier: z
    .string()
    .trim()
    .max(SHIPMENT_FIELD_MAX, `Le transporteur fait ${SHIPMENT_FIELD_MAX} caractères au plus.`),
  trackingNumber: z
    .string()
    .trim()
    .max(SHIPMENT_FIELD_MAX, `Le numéro de suivi fait ${SHIPMENT_FIELD_MAX} caractères au plus.`),
});
export type ShipmentForm = z.output<typeof shipmentFormSchema>;

/**
 * Whether the back-office offers « Supprimer » for an order: never once invoiced (CGI art. 289:
 * an invoice is never deleted; the decider refuses it too) nor once money was received (its
 * payments are accounting entries: h39's server rule); such an order is cancelled instead.
 */
export const orderDeletable = (order: { invoiced: boolean; paidCents: number; paymentStatus: string }) =>
  !order.invoiced &&
  order.paidCents === 0 &&
  order.paymentStatus !== 'paid' &&
  order.paymentStatus !== 'refunded';
