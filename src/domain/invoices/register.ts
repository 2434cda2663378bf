import { z } from 'zod';
import { daySchema } from '../common/dates.js';
import { CSV_BOM, csvAmount, csvLine } from '../orders/admin-list.js';
import { type DocumentKind, documentDate } from './document.js';

/**
 * The invoices register (the "Factures" screen and its export for the accountant): filters, the
 * totals per VAT rate (credit notes count negative), the CSV in the orders CSV's French conventions.
 */

const day = daySchema('Date invalide').optional();

export const registerFiltersSchema = z.object({
  from: day,
  to: day,
  /** "FA-2026", "AV-2026"... empty: every series. */
  series: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Z0-9-]*$/, 'Série invalide')
    .optional(),
});
export type RegisterFilters = z.infer<typeof registerFiltersSchema>;

export interface RegisterRow {
  kind: DocumentKind;
  number: string;
  series: string;
  issuedAt: string;
  orderId: string;
  orderNumber: string;
  customerName: string;
  citesNumber: string | null;
  totalExclCents: number;
  totalVatCents: number;
  totalInclCents: number;
  vat: { rate: number; baseCents: number; vatCents: number; totalInclCents: number }[];
}

/** The sign of a document in the register and its sums: an invoice adds (+1), a credit note subtracts (−1). */
export const documentSign = (r: Pick<RegisterRow, 'kind'>): 1 | -1 => (r.kind === 'credit_note' ? -1 : 1);

/** Totals per VAT rate over the rows: invoices add, credit notes subtract. */
export function totalsPerRate(rows: readonly RegisterRow[]) {
  const byRate = new Map<
    number,
    { rate: number; baseCents: number; vatCents: number; totalInclCents: number }
  >();
  for (const r of rows) {
    for (const v of r.vat) {
      const t = byRate.get(v.rate) ?? { rate: v.rate, baseCents: 0, vatCents: 0, totalInclCents: 0 };
      t.baseCents += documentSign(r) * v.baseCents;
      t.vatCents += documentSign(r) * v.vatCents;
      t.totalInclCents += documentSign(r) * v.totalInclCents;
      byRate.set(v.rate, t);
    }
  }
  const rates = [...byRate.values()].sort((a, b) => b.rate - a.rate);
  return {
    rates,
    totalExclCents: rates.reduce((s, r) => s + r.baseCents, 0),
    totalVatCents: rates.reduce((s, r) => s + r.vatCents, 0),
    totalInclCents: rates.reduce((s, r) => s + r.totalInclCents, 0),
  };
}

export const REGISTER_CSV_HEADER = [
  'Type',
  'Numéro',
  'Date',
  'Origine',
  'Client',
  'Facture d’origine',
  'Taux TVA (%)',
  'Total HT (€)',
  'TVA (€)',
  'Total TTC (€)',
];

/** One CSV line per document and rate; credit notes are negative, as in the accounts. */
export function registerCsv(rows: readonly RegisterRow[]): string {
  let out = CSV_BOM + csvLine(REGISTER_CSV_HEADER);
  for (const r of rows) {
    for (const v of r.vat) {
      out += csvLine([
        r.kind === 'invoice' ? 'Facture' : 'Avoir',
        r.number,
        documentDate(r.issuedAt),
        r.orderNumber,
        r.customerName,
        r.citesNumber,
        String(v.rate).replace('.', ','),
        csvAmount(documentSign(r) * v.baseCents),
        csvAmount(documentSign(r) * v.vatCents),
        csvAmount(documentSign(r) * v.totalInclCents),
      ]);
    }
  }
  return out;
}

export const registerFileName = (filters: RegisterFilters) =>
  `factures-${filters.from ?? 'debut'}-${filters.to ?? 'fin'}.zip`;

/** An invoice's status on the order details, from what its credit notes gave back. */
export function invoiceStatus(totalInclCents: number, creditedCents: number): string {
  if (creditedCents <= 0) return 'Émise';
  return creditedCents >= totalInclCents ? 'Annulée par avoir' : 'Partiellement remboursée par avoir';
}
