import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { AWAITING_INVOICE_NOTE } from '@/domain/invoices/identity';
import { shortDateTime } from '@/domain/site/dates';

/**
 * The paid orders still without an invoice (Paramètres › Facturation was incomplete when they were
 * paid): listed so that none is forgotten; saving a complete identity issues their invoices.
 */
export function AwaitingInvoices() {
  const awaiting = trpc.invoices.awaiting.useQuery();
  const orders = awaiting.data ?? [];
  if (orders.length === 0) return null;
  return (
    <Card className="border-amber-300" data-testid="awaiting-invoices">
      <CardHeader>
        <CardTitle>Commandes payées sans facture ({orders.length})</CardTitle>
        <CardDescription>{AWAITING_INVOICE_NOTE}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {orders.map((o) => (
            <li
              key={o.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md border p-3"
            >
              <span className="font-medium">
                {o.orderNumber} · {o.customerName}
              </span>
              <span className="text-muted-foreground tabular-nums">
                commande du {shortDateTime(o.createdAt)} · {formatEuros(o.totalAmountCents)} TTC
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
