import { Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/client/components/ui/sheet';
import { effectivePriceCents, formatEuros } from '../../../domain/catalog/pricing';
import { BiocideNotice } from '../shop/biocide-notice';
import { OrderTotals, useOrderAmounts, useShop } from '../shop/order-totals';
import { ProductImage } from '../shop/product-image';
import { useCart } from './cart-context';
import { lineTotalCents } from './cart-state';

/** The cart drawer: slides in from the right, with 'Voir le panier' (visitor-site.md §2). */
export function CartDrawer() {
  const cart = useCart();
  const close = () => cart.setDrawerOpen(false);
  return (
    <Sheet open={cart.drawerOpen} onOpenChange={cart.setDrawerOpen}>
      <SheetContent
        className="gap-0 p-0"
        aria-describedby={undefined}
        data-testid="cart-drawer"
        data-over-toasts
      >
        <div className="border-b px-6 py-5">
          <SheetTitle className="flex items-center gap-2 text-lg font-semibold">
            <ShoppingCart className="size-5 text-primary" aria-hidden="true" />
            Mon panier
            {cart.itemCount > 0 && (
              <span className="text-sm font-normal text-muted-foreground">
                ({cart.itemCount} article{cart.itemCount > 1 ? 's' : ''})
              </span>
            )}
          </SheetTitle>
          <SheetDescription className="sr-only">Les produits de votre panier</SheetDescription>
        </div>
        {cart.items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
            <ShoppingCart className="size-12 text-muted-foreground/50" aria-hidden="true" />
            <p className="font-medium">Votre panier est vide</p>
            <Button variant="outline" onClick={close} asChild>
              <Link to="/boutique">Découvrir la boutique</Link>
            </Button>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y overflow-y-auto px-6">
              {cart.items.map((item) => (
                <li key={item.id} className="flex gap-3 py-4">
                  <ProductImage
                    base={item.image}
                    alt={item.name}
                    sizes="64px"
                    className="size-16 shrink-0 rounded-md text-2xl [&_span]:text-2xl"
                  />
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <p className="line-clamp-2 text-sm font-medium leading-snug">{item.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {formatEuros(effectivePriceCents(item))} l'unité
                    </p>
                    <BiocideNotice biocideType={item.biocideType} className="px-2 py-1" />
                    <div className="mt-1 flex items-center justify-between gap-2">
                      <div className="flex items-center rounded-md border">
                        <button
                          type="button"
                          className="grid size-8 place-items-center hover:bg-muted"
                          aria-label={`Retirer un ${item.name}`}
                          onClick={() => cart.updateQuantity(item.id, item.quantity - 1)}
                        >
                          <Minus className="size-3.5" aria-hidden="true" />
                        </button>
                        <span className="w-8 text-center text-sm tabular-nums">{item.quantity}</span>
                        <button
                          type="button"
                          className="grid size-8 place-items-center hover:bg-muted"
                          aria-label={`Ajouter un ${item.name}`}
                          onClick={() => cart.updateQuantity(item.id, item.quantity + 1)}
                        >
                          <Plus className="size-3.5" aria-hidden="true" />
                        </button>
                      </div>
                      <span className="text-sm font-semibold tabular-nums">
                        {formatEuros(lineTotalCents(item))}
                      </span>
                    </div>
                  </div>
                  <button
                    type="button"
                    className="self-start rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-destructive"
                    aria-label={`Supprimer ${item.name}`}
                    onClick={() => cart.removeItem(item.id)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
            <div className="space-y-4 border-t bg-muted/40 px-6 py-5">
              <DrawerTotals subtotalCents={cart.total} />
              <div className="grid gap-2">
                <Button asChild size="lg" onClick={close}>
                  <Link to="/panier">Voir le panier</Link>
                </Button>
                <Button asChild variant="outline" onClick={close}>
                  <Link to="/checkout">Commander</Link>
                </Button>
              </div>
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}

/** Mounted only while the drawer shows items: the delivery rules are fetched when needed. */
function DrawerTotals({ subtotalCents }: { subtotalCents: number }) {
  const shop = useShop();
  const amounts = useOrderAmounts(subtotalCents);
  return (
    <OrderTotals
      amounts={amounts}
      subtotalCents={subtotalCents}
      showSubtotal={false}
      pickup={shop.data?.delivery.shippingEnabled === false}
    />
  );
}
