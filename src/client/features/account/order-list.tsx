import { ChevronDown, Package, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { formatEuros } from '@/domain/catalog/pricing';
import { paymentStatusLabel } from '@/domain/orders/status';
import { frenchDateTime, frenchLongDate } from '@/domain/site/dates';
import { OrderDocuments } from './order-documents';
import { OrderStatusBadge } from './status-badge';

type OrderSummary = RouterOutputs['account']['orders'][number];

const articles = (n: number) => `${n} article${n > 1 ? 's' : ''}`;

function OrderDetail({ id }: { id: string }) {
  const order = trpc.account.order.useQuery({ id });
  if (order.isLoading) return <Spinner className="py-6" />;
  if (order.isError || !order.data) {
    return <p className="px-4 py-4 text-sm text-destructive sm:px-5">{errorMessage(order.error)}</p>;
  }
  const { lines, history } = order.data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 border-t bg-muted/40 px-4 py-4 sm:px-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-label="Articles">
        <h4 className="mb-2 text-sm font-semibold">Articles</h4>
        <ul className="divide-y rounded-md border bg-background">
          {lines.map((line, i) => (
            <li key={i} className="flex items-center gap-3 p-3">
              {line.image ? (
                <img
                  src={`${line.image}/320.webp`}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 shrink-0 rounded object-cover"
                />
              ) : (
                <span
                  className="flex size-12 shrink-0 items-center justify-center rounded bg-muted"
                  aria-hidden="true"
                >
                  <Package className="size-5 text-muted-foreground" />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm font-medium">{line.title}</p>
                {line.productDeleted ? (
                  <p className="text-xs font-medium text-muted-foreground">Produit supprimé</p>
                ) : null}
                <p className="text-xs text-muted-foreground">
                  {line.quantity} × {formatEuros(line.unitPriceCents)}
                </p>
              </div>
              <span className="text-sm font-semibold tabular-nums">{formatEuros(line.totalPriceCents)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Historique">
        <h4 className="mb-2 text-sm font-semibold">Historique</h4>
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun événement enregistré.</p>
        ) : (
          <ol className="relative space-y-3 border-l pl-4">
            {history.map((entry, i) => (
              <li key={i} className="relative">
                <span className="absolute -left-[21px] top-1.5 size-2.5 rounded-full bg-primary ring-4 ring-muted" />
                <p className="text-sm">{entry.summary}</p>
                <p className="text-xs text-muted-foreground">{frenchDateTime(entry.at)}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <OrderDocuments orderId={id} />
    </div>
  );
}

function OrderRow({ order }: { order: OrderSummary }) {
  const [open, setOpen] = useState(false);
  const panelId = `order-${order.id}`;
  return (
    <li>
      <Card className="overflow-hidden" data-testid="order-card">
        {/* The actions go under the order's facts when both do not fit on one line (a phone, a tablet, the
            account page's column): the facts never shrink to a narrow column. */}
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 p-4 sm:p-5">
          <div className="min-w-0 flex-1 basis-80 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">
                Commande <span className="whitespace-nowrap">{order.orderNumber}</span>
              </h3>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="text-sm text-muted-foreground">
              Passée le {frenchLongDate(order.createdAt)} · {articles(order.itemCount)} · Paiement :{' '}
              {paymentStatusLabel(order.paymentStatus)}
            </p>
            {order.paidCents > 0 || order.refundedCents > 0 ? (
              <p className="text-sm text-muted-foreground tabular-nums" data-testid="order-money">
                Payé : {formatEuros(order.paidCents)}
                {order.refundedCents > 0 ? ` · Remboursé : ${formatEuros(order.refundedCents)}` : ''}
              </p>
            ) : null}
          </div>
          {/* Wraps on a phone: the total, « Renoncer au contrat ici » and « Voir le détail » stay on the card. */}
          <div className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:ml-auto sm:w-auto sm:justify-end">
            <span className="text-lg font-bold tabular-nums">{formatEuros(order.totalAmountCents)}</span>
            {order.withdrawal === 'open' ? (
              <Button asChild variant="outline" size="sm">
                <Link to={`/commande/${order.orderToken}`}>Renoncer au contrat ici</Link>
              </Button>
            ) : order.withdrawal === 'requested' ? (
              <Link
                to={`/commande/${order.orderToken}`}
                className="text-sm font-medium text-primary underline"
              >
                Rétractation demandée
              </Link>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Masquer le détail' : 'Voir le détail'}
              <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden="true" />
            </Button>
          </div>
        </div>
        {open ? (
          // A long word of the history (an email, a reference) wraps instead of widening the card.
          <div id={panelId} className="min-w-0 [overflow-wrap:anywhere]">
            <OrderDetail id={order.id} />
          </div>
        ) : null}
      </Card>
    </li>
  );
}

export function OrderList({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <ShoppingBag className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">Vous n'avez pas encore passé de commande.</p>
        <p className="text-sm text-muted-foreground">Vos commandes et leur suivi apparaîtront ici.</p>
        <Button asChild className="mt-2">
          <Link to="/boutique">Découvrir la boutique</Link>
        </Button>
      </Card>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Mes commandes">
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </ul>
  );
}
