import { CircleCheck, House, ShoppingBag } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { usePageTitle } from '@/client/lib/utils';
import { formatPhone } from '@/domain/common/phone';
import { WITHDRAWAL_DAYS } from '@/domain/legal/cgv';
import { formatEuros, formatShipping } from '../../domain/catalog/pricing';
import { useCart } from '../features/cart/cart-context';
import { deleteLastOrder, type LastOrder } from '../features/shop/last-order';
import { OrderTotals } from '../features/shop/order-totals';
import { ShopContact } from '../features/shop/shop-contact';
import { ShopLayout } from '../features/shop/shop-header';

/**
 * The order saved by the checkout, read once by the route (app.tsx), which sends a visitor without
 * one to /boutique before this page's code loads. It is deleted right after, as the spec says.
 */
export default function Confirmation({ order }: { order: LastOrder }) {
  usePageTitle('Commande confirmée');
  const { clearCart } = useCart();

  useEffect(() => {
    clearCart();
    deleteLastOrder();
  }, [clearCart]);

  const { customer } = order;
  const delivery = customer.deliveryMethod === 'delivery';
  const steps = [
    {
      title: 'Email de confirmation',
      text: `Vous recevrez un email de confirmation à ${customer.email} dans les 24h.`,
    },
    {
      title: 'Paiement et livraison',
      text: 'Nous vous contacterons pour organiser le paiement et la livraison.',
    },
    {
      title: delivery ? 'Livraison' : 'Retrait en boutique',
      text: delivery
        ? 'Votre commande vous sera livrée à l’adresse indiquée.'
        : 'Vous pourrez retirer votre commande en boutique le samedi.',
    },
  ];

  return (
    <ShopLayout>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="mb-8 flex flex-col items-center text-center">
          <CircleCheck className="mb-4 size-16 text-success" aria-hidden="true" />
          <h1 className="text-3xl font-bold tracking-tight">Commande confirmée !</h1>
          <p className="mt-2 text-muted-foreground">Merci pour votre commande. Nous l'avons bien reçue.</p>
          <p className="mt-4 rounded-lg border bg-card px-5 py-3">
            <span className="block text-sm text-muted-foreground">Numéro de commande</span>
            <strong className="whitespace-nowrap font-mono text-xl tracking-wide" data-testid="order-number">
              {order.orderNumber}
            </strong>
          </p>
        </div>

        <div className="space-y-6">
          <section className="grid gap-6 rounded-lg border bg-card p-5 sm:grid-cols-2 sm:p-6">
            <div>
              <h2 className="mb-3 text-lg font-semibold">Vos informations</h2>
              <dl className="space-y-1 text-sm">
                <div>
                  <dt className="sr-only">Nom</dt>
                  <dd className="font-medium">
                    {customer.firstName} {customer.lastName}
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">Email</dt>
                  <dd>{customer.email}</dd>
                </div>
                <div>
                  <dt className="sr-only">Téléphone</dt>
                  <dd>{formatPhone(customer.phone)}</dd>
                </div>
                {delivery && (
                  <div>
                    <dt className="sr-only">Adresse</dt>
                    <dd>
                      {customer.address}
                      <br />
                      {customer.zipCode} {customer.city}
                    </dd>
                  </div>
                )}
              </dl>
            </div>
            <div>
              <h2 className="mb-3 text-lg font-semibold">Mode de livraison</h2>
              <p className="text-sm font-medium">
                {delivery ? 'Livraison à domicile' : 'Retrait en boutique'}
              </p>
              <p className="text-sm text-muted-foreground">
                {delivery ? formatShipping(order.shippingCostCents ?? 0) : 'Samedi uniquement'}
              </p>
            </div>
          </section>

          <section className="rounded-lg border bg-card p-5 sm:p-6">
            <h2 className="mb-3 text-lg font-semibold">Articles commandés</h2>
            <ul className="divide-y text-sm" data-testid="confirmation-items">
              {order.items.map((item) => (
                <li key={item.productId} className="flex items-start justify-between gap-4 py-3">
                  <span>
                    <span className="font-medium">{item.name}</span>
                    <span className="block text-muted-foreground">Quantité : {item.quantity}</span>
                  </span>
                  <span className="font-semibold tabular-nums">{formatEuros(item.totalPriceCents)}</span>
                </li>
              ))}
            </ul>
            <div className="mt-2 border-t pt-4">
              <OrderTotals
                amounts={{
                  subtotalCents: order.subtotalCents ?? order.total,
                  shippingCostCents: order.shippingCostCents ?? 0,
                  taxCents: order.taxCents ?? 0,
                  totalAmountCents: order.total,
                }}
                subtotalCents={order.subtotalCents ?? order.total}
                pickup={!delivery}
                totalTestId="confirmation-total"
              />
            </div>
          </section>

          <section className="rounded-lg border bg-card p-5 sm:p-6">
            <h2 className="mb-4 text-lg font-semibold">Prochaines étapes</h2>
            <ol className="space-y-4">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                    {index + 1}
                  </span>
                  <span className="text-sm">
                    <strong className="block text-base">{step.title}</strong>
                    <span className="text-muted-foreground">{step.text}</span>
                  </span>
                </li>
              ))}
            </ol>
          </section>

          {order.orderToken && (
            <section className="rounded-lg border bg-card p-5 text-sm sm:p-6">
              <h2 className="mb-2 text-lg font-semibold">Votre commande en ligne</h2>
              <p className="mb-3 text-muted-foreground">
                Suivez votre commande et, si vous le souhaitez, renoncez-y dans les {WITHDRAWAL_DAYS} jours
                suivant sa réception : le lien est aussi dans l'email de confirmation.
              </p>
              <Link to={`/commande/${order.orderToken}`} className="font-medium text-primary underline">
                Voir ma commande
              </Link>
            </section>
          )}

          <section className="rounded-lg border border-primary/20 bg-secondary p-5 sm:p-6">
            <h2 className="mb-2 text-lg font-semibold">Besoin d'aide ?</h2>
            <p className="mb-3 text-sm text-muted-foreground">
              Une question sur votre commande ? Contactez-nous en indiquant votre numéro de commande.
            </p>
            <ShopContact />
          </section>

          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Button asChild variant="outline" size="lg">
              <Link to="/">
                <House aria-hidden="true" />
                Retour à l'accueil
              </Link>
            </Button>
            <Button asChild size="lg">
              <Link to="/boutique">
                <ShoppingBag aria-hidden="true" />
                Continuer mes achats
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </ShopLayout>
  );
}
