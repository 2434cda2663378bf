import { useParams } from 'react-router-dom';
import { Spinner } from '@/client/components/ui/spinner';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/utils';
import { formatEuros } from '@/domain/catalog/pricing';
import { cgvVersionLabel } from '@/domain/legal/cgv';
import { frenchLongDate } from '@/domain/site/dates';
import { SignedOrderDocuments } from '../features/account/order-documents';
import { OrderTotals } from '../features/shop/order-totals';
import { ShopContact } from '../features/shop/shop-contact';
import { ShopLayout } from '../features/shop/shop-header';
import { GuestData } from '../features/withdrawal/guest-data';
import { WithdrawalPanel } from '../features/withdrawal/withdrawal-panel';

/**
 * /commande/{token}: the signed order page, linked from the confirmation mail and from /compte. No
 * account needed: the token (an HMAC of the order id, server/orders/order-link.ts) is the right.
 */
export default function Commande() {
  usePageTitle('Ma commande');
  const { token = '' } = useParams();
  const order = trpc.withdrawal.order.useQuery({ token }, { retry: false });
  return (
    <ShopLayout>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        {order.isLoading ? (
          <Spinner className="min-h-[40vh]" />
        ) : !order.data ? (
          <p role="alert" className="rounded-lg border bg-card p-6 text-center">
            {order.error?.message ?? 'Ce lien de commande est invalide ou a expiré.'}
          </p>
        ) : (
          <>
            <div>
              <h1 className="text-3xl font-bold tracking-tight">
                Commande <span className="whitespace-nowrap">{order.data.orderNumber}</span>
              </h1>
              <p className="mt-1 text-muted-foreground">
                Passée le {frenchLongDate(order.data.createdAt)} · {order.data.statusLabel}
                {order.data.cgvVersion ? ` · CGV acceptées : ${cgvVersionLabel(order.data.cgvVersion)}` : ''}
              </p>
            </div>
            <section className="rounded-lg border bg-card p-5 sm:p-6">
              <h2 className="mb-3 text-lg font-semibold">Articles commandés</h2>
              <ul className="divide-y text-sm">
                {order.data.lines.map((line) => (
                  <li key={line.itemId} className="flex justify-between gap-4 py-3">
                    <span>
                      <span className="font-medium">{line.title}</span>
                      <span className="block text-muted-foreground">Quantité : {line.quantity}</span>
                    </span>
                    <span className="font-semibold tabular-nums">{formatEuros(line.totalPriceCents)}</span>
                  </li>
                ))}
              </ul>
              <div className="mt-2 border-t pt-4">
                <OrderTotals
                  amounts={order.data}
                  subtotalCents={order.data.subtotalCents}
                  pickup={order.data.deliveryMethod === 'pickup'}
                />
              </div>
            </section>
            <SignedOrderDocuments token={token} />
            <WithdrawalPanel token={token} order={order.data} />
            <GuestData token={token} />
            <section className="rounded-lg border border-primary/20 bg-secondary p-5 sm:p-6">
              <h2 className="mb-2 text-lg font-semibold">Besoin d'aide ?</h2>
              <ShopContact />
            </section>
          </>
        )}
      </div>
    </ShopLayout>
  );
}
