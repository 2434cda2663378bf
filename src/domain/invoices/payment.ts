import type { Ledger } from '../orders/money.js';
import { paymentMethodLabel } from '../orders/money.js';

/**
 * When an order was paid in full, from its payments ledger (docs/decisions/018-payments-ledger.md):
 * the day of the payment that brought what was paid, less the corrections, to the total, and the
 * means of the payments that stand. The one paid-date rule of the documents: an invoice says « Payée
 * le … » with these means, and its Factur-X says prepaid = paid, due = 0 (docs/decisions/030).
 * Null while the payments standing fall short of the total, even by one cent.
 */
export function paidInFull(
  ledger: Pick<Ledger, 'payments' | 'corrections'>,
  totalCents: number,
): { day: string; methods: string[]; paidCents: number } | null {
  const moves = [
    ...ledger.payments.map((p) => ({ at: p.at, day: p.day, delta: p.amountCents })),
    ...ledger.corrections.map((c) => ({ at: c.at, day: c.day, delta: -c.amountCents })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  let paid = 0;
  let day: string | null = null;
  for (const move of moves) {
    const before = paid;
    paid += move.delta;
    if (paid < totalCents) day = null;
    else if (before < totalCents) day = move.day;
  }
  if (day === null || totalCents <= 0) return null;
  const methods = [
    ...new Set(ledger.payments.filter((p) => !p.cancelledBy).map((p) => paymentMethodLabel(p.method))),
  ];
  return { day, methods, paidCents: paid };
}
