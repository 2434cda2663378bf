import { useParams } from 'react-router-dom';
import { trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { cgvVersionLabel } from '@/domain/legal/cgv';
import { frenchLongDate } from '@/domain/site/dates';
import { SignedOrderDocuments } from '../features/account/order-documents';
import { OrderTotals } from '../features/shop/order-totals';
import { SignedPage } from '../features/shop/signed-page';
import { GuestData } from '../features/withdrawal/guest-data';
import { WithdrawalPanel } from '../features/withdrawal/withdrawal-panel';

/**
 * /commande/{token}: the signed order page, linked from the confirmation mail and from /compte. No
 * account needed: the token (an HMAC of the order id, server/orders/order-link.ts) is the right.
 */
export default function Commande() {
  const { token = '' } = useParams();
  const order = trpc.withdrawal.order.useQuery({ token }, { retry: false });
  return (
    <SignedPage
      title="Ma commande"
      help="Besoin d'aide ?"
      query={order}
      invalid="Ce lien de commande est invalide ou a expiré."
    >
      {(data) => (
        <>
          <div>
            <h1 className="text-3xl font-bold tracking-tight">
              Commande <span className="whitespace-nowrap">{data.orderNumber}</span>
            </h1>
            <p className="mt-1 text-muted-foreground">
              Passée le {frenchLongDate(data.createdAt)} · {data.statusLabel}
              {data.cgvVersion ? ` · CGV acceptées : ${cgvVersionLabel(data.cgvVersion)}` : ''}
            </p>
          </div>
          <section className="rounded-lg border bg-card p-5 sm:p-6">
            <h2 className="mb-3 text-lg font-semibold">Articles commandés</h2>
            <ul className="divide-y text-sm">
              {data.lines.map((line) => (
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
                amounts={data}
                subtotalCents={data.subtotalCents}
                pickup={data.deliveryMethod === 'pickup'}
              />
            </div>
          </section>
          <SignedOrderDocuments token={token} />
          <WithdrawalPanel token={token} order={data} />
          <GuestData token={token} />
        </>
      )}
    </SignedPage>
  );
}
