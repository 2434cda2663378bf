import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { usePageTitle } from '@/client/lib/utils';
import { useCart } from '../features/cart/cart-context';
import { CheckoutForm } from '../features/checkout/checkout-form';
import { OrderSummary } from '../features/checkout/order-summary';
import { useCheckout } from '../features/checkout/use-checkout';
import { BackLink } from '../features/shop/back-link';
import { ShopLayout } from '../features/shop/shop-header';

const backToCart = <BackLink to="/panier">Retour au panier</BackLink>;

/** /checkout (visitor-site.md §3): the form and the recap; the parts live in features/checkout. */
export default function Checkout() {
  usePageTitle('Commande');
  const cart = useCart();
  const checkout = useCheckout();

  if (cart.items.length === 0 && !checkout.placed) {
    return (
      <ShopLayout>
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
          {backToCart}
          <div className="flex flex-col items-center gap-4 rounded-lg border bg-card px-4 py-16 text-center">
            <ShoppingCart className="size-14 text-muted-foreground/50" aria-hidden="true" />
            <h1 className="text-xl font-semibold">Panier vide</h1>
            <p className="text-muted-foreground">Ajoutez des produits à votre panier pour passer commande.</p>
            <Button asChild size="lg">
              <Link to="/boutique">Retour à la boutique</Link>
            </Button>
          </div>
        </div>
      </ShopLayout>
    );
  }

  return (
    <ShopLayout>
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {backToCart}
        <h1 className="mb-6 text-3xl font-bold tracking-tight">Finaliser ma commande</h1>
        {checkout.orderingClosed && (
          <p
            className="mb-6 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive"
            data-testid="ordering-closed-banner"
          >
            {checkout.orderingClosed}
          </p>
        )}
        <CheckoutForm
          checkout={checkout}
          summary={<OrderSummary delivery={checkout.form.values.deliveryMethod === 'delivery'} />}
        />
      </div>
    </ShopLayout>
  );
}
