/**
 * The back-office's reads of orders: the list (search, status filter, keyset pages, a capped
 * count), one row, the details dialog (folded from the log, so deleted orders open too) and the
 * CSV export, streamed with a cursor. Writes are commands on the log (commands.ts).
 */
import { DomainError, isDomainError } from '../../domain/errors.js';
import {
  customerLabel,
  ORDER_CSV_HEADER,
  type OrderCustomer,
  type OrderFilters,
  type OrderListInput,
  orderCsvLine,
  orderCustomer,
  orderDeletable,
  orderListInput,
  parseOrderCursor,
  SEARCH_COUNT_CAP,
  searchPatterns,
} from '../../domain/orders/admin-list.js';
import type { OrderState } from '../../domain/orders/decider.js';
import {
  type Ledger,
  type MoneySummary,
  moneySummary,
  paymentMethodLabel,
  REFUND_REASON_LABELS,
  type RefundReason,
  refundableShippingCents,
  refundedQuantities,
} from '../../domain/orders/money.js';
import { withdrawalRefundedAt } from '../../domain/orders/withdrawal.js';
import { toId } from '../../domain/security/ids.js';
import type { Tx } from '../db/client.js';
import { writeCsv } from '../http/download.js';
import { foldStored } from './commit.js';
import { type OrderAmounts, type OrderedLine, orderAmounts, recordedLine } from './projections.js';
import { readStream } from './store.js';

export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  customer: OrderCustomer;
  itemCount: number;
  totalAmountCents: number;
  paidCents: number;
  refundedCents: number;
  status: string;
  paymentStatus: string;
  /** The order's version when read: an inline change sends it back (expectedVersion). */
  version: number;
  createdAt: Date;
  /** When the customer withdrew (issue 26), from the log; null: no request. */
  withdrawalRequestedAt: Date | null;
  /** Whether « Supprimer » is offered (orderDeletable: not invoiced, no money received). */
  deletable: boolean;
  /** The first refund recorded after that request: the badge's countdown stops there. */
  withdrawalRefundedAt: Date | null;
}

export interface AdminOrderPage {
  items: AdminOrderRow[];
  nextCursor: string | null;
  /** Counted on the first page only (null on the next ones). */
  total: number | null;
  /** The search matched more than SEARCH_COUNT_CAP orders: total is the cap. */
  totalCapped: boolean;
}

interface RawRow {
  paidCents: number;
  refundedCents: number;
  id: string;
  orderNumber: string;
  customerId: string | null;
  status: string;
  paymentStatus: string;
  totalAmountCents: number;
  itemCount: number;
  version: number;
  createdAt: Date;
  cursorAt: string;
  profileFirstName: string | null;
  profileLastName: string | null;
  shippingFirstName: string | null;
  shippingLastName: string | null;
  placedWithAccount: boolean;
  withdrawalRequestedAt: Date | null;
  invoiced: boolean;
  withdrawalRefundedAt: Date | null;
}

const notFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.');

/*
 * The search documents, spelled exactly as the trigram indexes of migrations/0009 so that the
 * planner uses them.
 */
const orderDocument = (sql: Tx) =>
  sql`lower(order_number || ' ' || coalesce(shipping_address ->> 'firstName', '') || ' ' || coalesce(shipping_address ->> 'lastName', ''))`;
const profileDocument = (sql: Tx) => sql`lower(first_name || ' ' || last_name)`;

const allMatch = (sql: Tx, document: ReturnType<typeof orderDocument>, patterns: string[]) =>
  patterns.reduce((acc, pattern) => sql`${acc} and ${document} like ${pattern}`, sql`true`);

/**
 * The condition on orders `o` (search and status), for the list, its count and the export. A search
 * gathers the matching ids first (each side through its own trigram index), then filters.
 */
function filtered(sql: Tx, filters: OrderFilters) {
  const patterns = searchPatterns(filters.search);
  const status = filters.status === 'all' ? sql`` : sql`and o.status = ${filters.status}`;
  // Withdrawals live in the log: the partial index of migration 0035 finds the orders with one.
  const withdrawal =
    filters.withdrawal === 'requested'
      ? sql`and o.id in (select stream_id from events where type = 'WithdrawalRequested')`
      : sql``;
  const search =
    patterns.length === 0
      ? sql``
      : sql`and o.id in (
          select id from orders where ${allMatch(sql, orderDocument(sql), patterns)}
          union
          select x.id from profiles p join orders x on x.customer_id = p.id
           where ${allMatch(sql, profileDocument(sql), patterns)})`;
  return sql`true ${status} ${withdrawal} ${search}`;
}

/** The columns of a list row (customer resolved by orderCustomer). */
const rowColumns = (sql: Tx) => sql`
  o.id, o.order_number, o.customer_id, o.status, o.payment_status, o.total_amount_cents, o.paid_cents,
  o.refunded_cents, o.item_count,
  o.version, o.created_at, o.created_at::text as cursor_at,
  p.first_name as profile_first_name, p.last_name as profile_last_name,
  o.shipping_address ->> 'firstName' as shipping_first_name,
  o.shipping_address ->> 'lastName' as shipping_last_name,
  (select w.recorded_at from events w
    where w.stream_id = o.id and w.type = 'WithdrawalRequested' limit 1) as withdrawal_requested_at,
  exists (select 1 from events i where i.stream_id = o.id and i.type = 'InvoiceIssued') as invoiced,
  (select min(r.recorded_at) from events r
     join events w on w.stream_id = r.stream_id and w.type = 'WithdrawalRequested' and w.position < r.position
    where r.stream_id = o.id and r.type = 'RefundRecorded') as withdrawal_refunded_at`;

/**
 * A customer deleted since is null in the read table: the log's first event says whether the
 * order had an account. Asked of a page's rows only (one index lookup each; over a whole table the
 * planner would hash every event).
 */
const placedWithAccount = (sql: Tx, row: string) => sql`
  (${sql(row)}.customer_id is null and exists (
     select 1 from events e where e.stream_id = ${sql(row)}.id and e.version = 1 and e.data ->> 'customerId' is not null
  )) as placed_with_account`;

const toRow = (r: RawRow): AdminOrderRow => ({
  id: r.id,
  orderNumber: r.orderNumber,
  customer: orderCustomer(r),
  itemCount: r.itemCount,
  totalAmountCents: r.totalAmountCents,
  paidCents: r.paidCents,
  refundedCents: r.refundedCents,
  status: r.status,
  paymentStatus: r.paymentStatus,
  version: r.version,
  createdAt: r.createdAt,
  withdrawalRequestedAt: r.withdrawalRequestedAt,
  deletable: orderDeletable(r),
  withdrawalRefundedAt: r.withdrawalRefundedAt,
});

/** One page of the back-office list, newest first. */
export async function listAdminOrders(sql: Tx, rawInput: OrderListInput): Promise<AdminOrderPage> {
  const input = orderListInput.parse(rawInput);
  const cursor = input.cursor ? parseOrderCursor(input.cursor) : null;
  if (input.cursor && !cursor) throw new DomainError('invalid', 'INVALID_CURSOR', 'Page invalide.');
  const after = cursor
    ? sql`and (o.created_at, o.id) < (${cursor.createdAt}::text::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const [rows, count] = await Promise.all([
    sql<RawRow[]>`
      select page.*, ${placedWithAccount(sql, 'page')}
        from (select ${rowColumns(sql)}
                from orders o left join profiles p on p.id = o.customer_id
               where ${filtered(sql, input)} ${after}
               order by o.created_at desc, o.id desc
               limit ${input.limit + 1}) page
       order by page.created_at desc, page.id desc`,
    cursor ? null : countOrders(sql, input),
  ]);
  const more = rows.length > input.limit;
  const items = more ? rows.slice(0, input.limit) : rows;
  const last = items.at(-1);
  return {
    items: items.map(toRow),
    nextCursor: more && last ? `${last.cursorAt}|${last.id}` : null,
    total: count?.total ?? null,
    totalCapped: count?.capped ?? false,
  };
}

/** Exact without a search; a search counts up to the cap (beyond: « Plus de 1 000 commandes »). */
async function countOrders(sql: Tx, filters: OrderFilters): Promise<{ total: number; capped: boolean }> {
  if (searchPatterns(filters.search).length === 0) {
    const [row] = await sql<
      { total: number }[]
    >`select count(*)::int as total from orders o where ${filtered(sql, filters)}`;
    return { total: row?.total ?? 0, capped: false };
  }
  const [row] = await sql<{ total: number }[]>`
    select count(*)::int as total from (select 1 from orders o where ${filtered(sql, filters)} limit ${SEARCH_COUNT_CAP + 1}) s`;
  const total = row?.total ?? 0;
  return total > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total, capped: false };
}

/** One row of the list as it is now (null: deleted or unknown). */
export async function adminOrderRow(sql: Tx, orderId: string): Promise<AdminOrderRow | null> {
  const id = toId(orderId);
  if (!id) return null;
  const [row] = await sql<RawRow[]>`
    select ${rowColumns(sql)}, ${placedWithAccount(sql, 'o')}
      from orders o left join profiles p on p.id = o.customer_id
     where o.id = ${id}`;
  return row ? toRow(row) : null;
}

/**
 * Runs an inline change; when the order changed since the screen read it (a stale version, or
 * another writer winning the race), the refusal carries the fresh row, so the screen shows it
 * with the French message instead of overwriting anything.
 */
export async function withFreshRowOnConflict<T>(sql: Tx, orderId: string, change: () => Promise<T>) {
  try {
    return await change();
  } catch (error) {
    if (isDomainError(error) && (error.code === 'STALE_VERSION' || error.code === 'VERSION_CONFLICT')) {
      const row = await adminOrderRow(sql, orderId);
      throw new DomainError(
        'concurrency',
        'STALE_VERSION',
        row
          ? 'La commande a été modifiée entre-temps par quelqu’un d’autre. Elle est affichée à jour : vérifiez, puis refaites votre changement.'
          : 'La commande a été supprimée entre-temps par quelqu’un d’autre.',
        { ...error.details, row },
      );
    }
    throw error;
  }
}

export interface AdminOrderDetails extends OrderAmounts {
  id: string;
  orderNumber: string;
  version: number;
  status: string;
  paymentStatus: string;
  deleted: boolean;
  deletedReason: string | null;
  customer: OrderCustomer;
  customerLabel: string;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  lines: (OrderedLine & { id: string; productId: string; refundedQuantity: number })[];
  /** Due, paid, refunded, left (money.ts moneySummary). */
  money: MoneySummary;
  /** What the delivery cost still refundable is. */
  refundableShippingCents: number;
  /** Payments, corrections and refunds, oldest first, with who recorded them. */
  movements: MoneyEntry[];
  /** The CGV version accepted at checkout (null: placed before versioning). */
  cgvVersion: string | null;
  /** The customer's withdrawal (issue 26) and the owner's record of the hygiene exception. */
  withdrawal: OrderState['withdrawal'];
  /** The first refund recorded after the withdrawal request (its countdown stops there). */
  withdrawalRefundedAt: string | null;
  deliveredAt: string | null;
}

export interface MoneyEntry {
  id: string;
  kind: 'payment' | 'correction' | 'refund';
  amountCents: number;
  method: string;
  methodLabel: string;
  day: string;
  at: string;
  by: string;
  reference: string | null;
  /** Refund reason label, correction or refund comment. */
  detail: string | null;
  cancelledBy: string | null;
  legacy: boolean;
}

async function adminNames(sql: Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: string; name: string }[]>`
    select u.id,
           coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''),
                    nullif(trim(u.name), ''), u.email) as name
      from users u left join profiles p on p.id = u.id
     where u.id = any(${ids}::text[])`;
  return new Map(rows.map((r) => [r.id, r.name]));
}

function moneyEntries(ledger: Ledger, names: Map<string, string>): MoneyEntry[] {
  const who = (id: string | null, legacy = false) =>
    legacy ? 'Ancien statut' : id ? (names.get(id) ?? 'Administrateur') : 'Système';
  const entries: MoneyEntry[] = [
    ...ledger.payments.map((p) => ({
      id: p.paymentId,
      kind: 'payment' as const,
      amountCents: p.amountCents,
      method: p.method,
      methodLabel: paymentMethodLabel(p.method),
      day: p.day,
      at: p.at,
      by: who(p.by, p.legacy),
      reference: p.reference,
      detail: null,
      cancelledBy: p.cancelledBy,
      legacy: p.legacy,
    })),
    ...ledger.corrections.map((c) => ({
      id: c.paymentId,
      kind: 'correction' as const,
      amountCents: c.amountCents,
      method: c.method,
      methodLabel: paymentMethodLabel(c.method),
      day: c.day,
      at: c.at,
      by: who(c.by),
      reference: null,
      detail: c.note,
      cancelledBy: null,
      legacy: false,
    })),
    ...ledger.refunds.map((r) => ({
      id: r.refundId,
      kind: 'refund' as const,
      amountCents: r.amountCents,
      method: r.method,
      methodLabel: paymentMethodLabel(r.method),
      day: r.day,
      at: r.at,
      by: who(r.by, r.legacy),
      reference: null,
      detail: [REFUND_REASON_LABELS[r.reason as RefundReason], r.note].filter(Boolean).join(' : ') || null,
      cancelledBy: null,
      legacy: r.legacy,
    })),
  ];
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** The details dialog, folded from the order's events: deleted orders open too. */
export async function adminOrderDetails(sql: Tx, orderId: string): Promise<AdminOrderDetails> {
  const id = toId(orderId);
  if (!id) throw notFound();
  const state = foldStored(await readStream(sql, id));
  if (!state) throw notFound();
  const productIds = [...new Set(state.lines.map((l) => l.productId))];
  const [existing, profile] = await Promise.all([
    sql<{ id: string }[]>`select id from products where id = any(${productIds}::uuid[])`,
    state.customerId
      ? sql<{ firstName: string; lastName: string }[]>`
          select first_name, last_name from profiles where id = ${state.customerId}`
      : [],
  ]);
  const kept = new Set(existing.map((p) => p.id));
  const ledgerIds = [
    ...state.ledger.payments.map((p) => p.by),
    ...state.ledger.corrections.map((c) => c.by),
    ...state.ledger.refunds.map((r) => r.by),
  ].filter((id): id is string => id !== null);
  const names = await adminNames(sql, [...new Set(ledgerIds)]);
  const refunded = refundedQuantities(state.ledger);
  const customer = orderCustomer({
    customerId: profile[0] ? state.customerId : null,
    profileFirstName: profile[0]?.firstName ?? null,
    profileLastName: profile[0]?.lastName ?? null,
    placedWithAccount: state.customerId !== null,
    shippingFirstName: state.customer.firstName,
    shippingLastName: state.customer.lastName,
  });
  return {
    id: state.id,
    orderNumber: state.orderNumber,
    version: state.version,
    status: state.status,
    paymentStatus: state.paymentStatus,
    deleted: state.deleted,
    deletedReason: state.deletedReason,
    customer,
    customerLabel: customerLabel(customer),
    ...orderAmounts(state),
    notes: state.notes,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    lines: state.lines.map((l) => ({
      ...recordedLine(l),
      id: l.itemId,
      productId: l.productId,
      productDeleted: !kept.has(l.productId),
      refundedQuantity: refunded.get(l.itemId) ?? 0,
    })),
    money: moneySummary(state.ledger, state.totalAmountCents, state.status === 'cancelled'),
    refundableShippingCents: refundableShippingCents(state.ledger, state.shippingCostCents),
    movements: moneyEntries(state.ledger, names),
    cgvVersion: state.cgvVersion ?? null,
    withdrawal: state.withdrawal,
    withdrawalRefundedAt: state.withdrawal
      ? withdrawalRefundedAt(state.withdrawal.requestedAt, state.ledger.refunds)
      : null,
    deliveredAt: state.deliveredAt,
  };
}

interface CsvRaw extends RawRow {
  shippingAddress: Record<string, string>;
  subtotalCents: number;
  shippingCostCents: number;
  taxCents: number;
  notes: string | null;
}

/**
 * Writes the filtered list as CSV (BOM, semicolons, decimal commas, fr-FR dates), newest first,
 * read through a server-side cursor in batches: memory stays flat whatever the number of orders,
 * and a slow reader holds the cursor back (the stream's backpressure) instead of filling memory.
 */
export async function writeOrdersCsv(
  sql: Tx,
  filters: OrderFilters,
  write: (text: string) => Promise<void>,
): Promise<number> {
  const cursor = sql<CsvRaw[]>`
    select ${rowColumns(sql)}, ${placedWithAccount(sql, 'o')}, o.shipping_address, o.subtotal_cents, o.shipping_cost_cents, o.tax_cents, o.notes
      from orders o left join profiles p on p.id = o.customer_id
     where ${filtered(sql, filters)}
     order by o.created_at desc, o.id desc`.cursor(500);
  return await writeCsv(write, ORDER_CSV_HEADER, cursor, (r) =>
    orderCsvLine({ ...r, customer: orderCustomer(r) }),
  );
}
