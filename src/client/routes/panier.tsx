import { Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { usePageTitle } from '@/client/lib/utils';
import { PROFESSIONAL_ONLY_MESSAGES } from '../../domain/catalog/certibiocide';
import { formatEuros } from '../../domain/catalog/pricing';
import { useCart } from '../features/cart/cart-context';
import { lineTotalCents } from '../features/cart/cart-state';
import { useCartCaps, useCartCheck } from '../features/cart/use-cart-check';
import { BackLink } from '../features/shop/back-link';
import { BiocideNotice } from '../features/shop/biocide-notice';
import { OrderTotals, useOrderAmounts, useShop } from '../features/shop/order-totals';
import { Price } from '../features/shop/price';
import { ProductImage } from '../features/shop/product-image';
import { ShopLayout } from '../features/shop/shop-header';

export default function Panier() {
  usePageTitle('Mon panier');
  const cart = useCart();
  const shop = useShop();
  const amounts = useOrderAmounts(cart.total);
  const problems = useCartCheck();
  const caps = useCartCaps();

  return (
    <ShopLayout>
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <BackLink to="/boutique">Continuer mes achats</BackLink>
        <h1 className="mb-6 text-3xl font-bold tracking-tight">Mon panier</h1>

        {cart.items.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-lg border bg-card px-4 py-16 text-center">
            <ShoppingCart className="size-14 text-muted-foreground/50" aria-hidden="true" />
            <p className="text-xl font-semibold">Votre panier est vide</p>
            <p className="text-muted-foreground">Découvrez nos produits professionnels anti-nuisibles.</p>
            <Button asChild size="lg">
              <Link to="/boutique">Voir la boutique</Link>
            </Button>
          </div>
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-[1fr_360px]">
            <section aria-label="Articles" className="rounded-lg border bg-card">
              <ul className="divide-y" data-testid="cart-lines">
                {cart.items.map((item) => (
                  <li key={item.id} className="flex gap-4 p-4 sm:p-5" data-testid="cart-line">
                    <Link
                      to={`/produit/${item.productId}`}
                      className="shrink-0"
                      tabIndex={-1}
                      aria-hidden="true"
                    >
                      <ProductImage
                        base={item.image}
                        alt=""
                        sizes="112px"
                        className="size-20 rounded-md sm:size-28 [&_span]:text-3xl"
                      />
                    </Link>
                    <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                      <div className="min-w-0 space-y-1">
                        <Link
                          to={`/produit/${item.productId}`}
                          className="line-clamp-2 font-semibold leading-snug hover:text-primary hover:underline"
                        >
                          {item.name}
                        </Link>
                        <Price product={item} size="sm" />
                        <BiocideNotice biocideType={item.biocideType} />
                        {item.professionalOnly && (
                          <p className="text-sm">{PROFESSIONAL_ONLY_MESSAGES.cart}</p>
                        )}
                        {problems.has(item.productId) && (
                          <p className="text-sm font-medium text-destructive" role="alert">
                            {problems.get(item.productId)}
                          </p>
                        )}
                      </div>
                      <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end">
                        <div className="flex items-center rounded-md border bg-background">
                          <button
                            type="button"
                            className="grid size-9 place-items-center hover:bg-muted"
                            aria-label={`Diminuer la quantité de ${item.name}`}
                            onClick={() => cart.updateQuantity(item.id, item.quantity - 1)}
                          >
                            <Minus className="size-4" aria-hidden="true" />
                          </button>
                          <span
                            className="w-10 text-center font-medium tabular-nums"
                            data-testid="line-quantity"
                          >
                            {item.quantity}
                          </span>
                          <button
                            type="button"
                            className="grid size-9 place-items-center hover:bg-muted disabled:cursor-not-allowed disabled:opacity-40"
                            aria-label={`Augmenter la quantité de ${item.name}`}
                            // Never past the stock the line warns about.
                            disabled={item.quantity >= (caps.get(item.productId) ?? Number.POSITIVE_INFINITY)}
                            onClick={() => cart.updateQuantity(item.id, item.quantity + 1)}
                          >
                            <Plus className="size-4" aria-hidden="true" />
                          </button>
                        </div>
                        <div className="flex items-center gap-2">
                          <span className="font-bold tabular-nums" data-testid="line-total">
                            {formatEuros(lineTotalCents(item))}
                          </span>
                          <button
                            type="button"
                            className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-destructive"
                            aria-label={`Supprimer ${item.name}`}
                            onClick={() => cart.removeItem(item.id)}
                          >
                            <Trash2 className="size-4" aria-hidden="true" />
                          </button>
                        </div>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
              <div className="flex justify-end border-t p-4">
                <Button
                  variant="ghost"
                  className="text-destructive hover:text-destructive"
                  onClick={cart.clearCart}
                >
                  <Trash2 aria-hidden="true" />
                  Vider le panier
                </Button>
              </div>
            </section>

            <aside className="space-y-4 rounded-lg border bg-card p-5 lg:sticky lg:top-24">
              <h2 className="text-lg font-semibold">Récapitulatif</h2>
              <OrderTotals
                amounts={amounts}
                subtotalCents={cart.total}
                pickup={shop.data?.delivery.shippingEnabled === false}
                subtotalLabel={`Sous-total (${cart.itemCount} article${cart.itemCount > 1 ? 's' : ''})`}
                totalTestId="cart-total"
              />
              <Button asChild size="lg" className="w-full">
                <Link to="/checkout">Passer la commande</Link>
              </Button>
              <Button asChild variant="outline" className="w-full">
                <Link to="/boutique">Continuer mes achats</Link>
              </Button>
            </aside>
          </div>
        )}
      </div>
    </ShopLayout>
  );
}
