/**
 * Closures of the till (issue 24, docs/decisions/018-payments-ledger.md): the « conservation »
 * condition of CGI art. 286 I 3° bis (BOI-TVA-DECLA-30-10-30 §§ 190-260: periodic closures,
 * daily at least, then monthly and yearly, with cumulative totals). A closure sums the money
 * movements of its Paris days: count, net, per method and per VAT rate, and the perpetual grand
 * total (every movement since the first, never reset). Pure: the server reads the movements, this
 * module sums them, and orders:verify sums them again with the same function.
 */
import { z } from 'zod';
import { frenchDay } from '../site/dates.js';

export const CLOSURE_KINDS = ['day', 'month', 'year'] as const;
export type ClosureKind = (typeof CLOSURE_KINDS)[number];

export const CLOSURE_KIND_LABELS: Record<ClosureKind, string> = {
  day: 'Journalière',
  month: 'Mensuelle',
  year: 'Annuelle',
};

/** The stream of the shop's ledger documents (closures, archive exports), apart from the orders. */
export const LEDGER_STREAM_ID = '00000000-0000-4000-8000-000000000024';

/** A till movement as stored in a money event, signed: in (payment) positive, out negative. */
export interface Movement {
  position: number;
  day: string;
  method: string;
  amountCents: number;
  vatRate: number;
  vatCents: number;
}

/** The figures a money event records (PaymentRecorded, PaymentCancelled, RefundRecorded), unsigned. */
export interface MovementData {
  day: string;
  method: string;
  amountCents: number;
  vatRate: number;
  vatCents: number;
}

/**
 * THE sign of a till movement (issue 34, one rule): a payment comes in (+), a payment's correction
 * and a refund go out (−), amount and VAT alike. The keys are events.ts's MONEY_MOVEMENT_TYPES.
 */
export const MOVEMENT_SIGN: Readonly<Record<string, 1 | -1>> = {
  PaymentRecorded: 1,
  PaymentCancelled: -1,
  RefundRecorded: -1,
};

/**
 * A money event as the till sees it, signed by MOVEMENT_SIGN: closures and orders:verify both read
 * movements through it. Null for any other event (PaymentFailed moves no money).
 */
export function tillMovement(type: string, position: number, data: MovementData): Movement | null {
  const sign = MOVEMENT_SIGN[type];
  if (!sign) return null;
  return {
    position,
    day: data.day,
    method: data.method,
    amountCents: sign * Number(data.amountCents),
    vatRate: Number(data.vatRate),
    vatCents: sign * Number(data.vatCents),
  };
}

const vatLine = z.object({ rate: z.number(), amountCents: z.number().int(), vatCents: z.number().int() });
export const closureTotalsSchema = z.object({
  movementCount: z.number().int().nonnegative(),
  netCents: z.number().int(),
  /** In, per method (payments), and out (corrections and refunds, as negative amounts). */
  byMethod: z.record(z.string(), z.number().int()),
  byVat: z.array(vatLine),
});
export type ClosureTotals = z.infer<typeof closureTotalsSchema>;

export const closureWrittenSchema = z.object({
  kind: z.enum(CLOSURE_KINDS),
  period: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  totals: closureTotalsSchema,
  /** Every movement of this kind of closure since the first one, this one included. */
  grandTotalCents: z.number().int(),
  /** The last money event the closure covers (null for a period without movement). */
  lastEventPosition: z.number().int().nullable(),
  lastEventHash: z.string().nullable(),
});
export type ClosureWritten = z.infer<typeof closureWrittenSchema>;

/** An archive was exported (archivage): who (the metadata's actor), when, which period. */
export const archiveExportedSchema = z.object({
  period: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
});

/** The ledger stream's vocabulary (not order events: the order replay never folds them). */
export const LEDGER_EVENT_SCHEMAS = {
  ClosureWritten: closureWrittenSchema,
  ArchiveExported: archiveExportedSchema,
} as const;
export type LedgerEventType = keyof typeof LEDGER_EVENT_SCHEMAS;

/** Sums movements: count, net, per method, per VAT rate (rates in ascending order). */
export function closureTotals(movements: readonly Movement[]): ClosureTotals {
  const byMethod: Record<string, number> = {};
  const byVat = new Map<number, { amountCents: number; vatCents: number }>();
  let netCents = 0;
  for (const m of movements) {
    netCents += m.amountCents;
    byMethod[m.method] = (byMethod[m.method] ?? 0) + m.amountCents;
    const vat = byVat.get(m.vatRate) ?? { amountCents: 0, vatCents: 0 };
    vat.amountCents += m.amountCents;
    vat.vatCents += m.vatCents;
    byVat.set(m.vatRate, vat);
  }
  const methods = Object.fromEntries(Object.entries(byMethod).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    movementCount: movements.length,
    netCents,
    byMethod: methods,
    byVat: [...byVat.entries()].sort(([a], [b]) => a - b).map(([rate, v]) => ({ rate, ...v })),
  };
}

/** The Paris days a period covers, both ends included. */
export function periodDays(kind: ClosureKind, period: string): { firstDay: string; lastDay: string } {
  if (kind === 'day') return { firstDay: period, lastDay: period };
  if (kind === 'year') return { firstDay: `${period}-01-01`, lastDay: `${period}-12-31` };
  const [year, month] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { firstDay: `${period}-01`, lastDay: `${period}-${String(last).padStart(2, '0')}` };
}

export const periodOf = (kind: ClosureKind, day: string): string =>
  kind === 'day' ? day : kind === 'month' ? day.slice(0, 7) : day.slice(0, 4);

/** A period can be closed once its last day is over (today is always open). */
export const periodIsOver = (kind: ClosureKind, period: string, today: string): boolean =>
  periodDays(kind, period).lastDay < today;

/** What a closure says, in French, for screens and the archive. */
export function closureLabel(kind: ClosureKind, period: string): string {
  if (kind === 'day') return `Journée du ${frenchDay(period)}`;
  if (kind === 'month') return `Mois de ${period.slice(5, 7)}/${period.slice(0, 4)}`;
  return `Année ${period}`;
}
