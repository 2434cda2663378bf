import { PROFESSIONAL_ONLY_MESSAGES } from '@/domain/catalog/certibiocide';
import { effectivePriceCents, formatEuros, promoApplies, struckPriceCents } from '@/domain/catalog/pricing';
import { useCart } from '../cart/cart-context';
import { lineTotalCents } from '../cart/cart-state';
import { useCartCheck } from '../cart/use-cart-check';
import { BiocideNotice } from '../shop/biocide-notice';
import { OrderTotals, useOrderAmounts } from '../shop/order-totals';
import { ProductImage } from '../shop/product-image';

/** The checkout's recap: the cart's lines with their problems (stock, price), subtotal and total. */
export function OrderSummary({ delivery }: { delivery: boolean }) {
  const cart = useCart();
  const problems = useCartCheck();
  const amounts = useOrderAmounts(cart.total, delivery ? 'delivery' : 'pickup');
  return (
    <aside className="space-y-4 rounded-lg border bg-card p-5 lg:sticky lg:top-24" aria-label="Récapitulatif">
      <h2 className="text-lg font-semibold">Récapitulatif</h2>
      <ul className="divide-y" data-testid="checkout-summary">
        {cart.items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3">
            <ProductImage
              base={item.image}
              alt=""
              sizes="56px"
              className="size-14 shrink-0 rounded-md [&_span]:text-2xl"
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium leading-snug">{item.name}</p>
              <p className="text-muted-foreground">Quantité : {item.quantity}</p>
              {problems.has(item.productId) && (
                <p className="text-xs font-medium text-destructive" role="alert">
                  {problems.get(item.productId)}
                </p>
              )}
              {promoApplies(item) && (
                <p className="text-xs font-medium text-destructive">
                  Prix promo&nbsp;: {formatEuros(effectivePriceCents(item))} (au lieu de{' '}
                  {formatEuros(struckPriceCents(item))})
                </p>
              )}
              <BiocideNotice biocideType={item.biocideType} className="mt-1" />
              {item.professionalOnly && <p className="mt-1 text-xs">{PROFESSIONAL_ONLY_MESSAGES.cart}</p>}
            </div>
            <span className="text-sm font-semibold tabular-nums">{formatEuros(lineTotalCents(item))}</span>
          </li>
        ))}
      </ul>
      <div className="border-t pt-4">
        <OrderTotals
          amounts={amounts}
          subtotalCents={cart.total}
          pickup={!delivery}
          totalTestId="checkout-total"
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Les prix sont confirmés par notre serveur au moment de la commande.
      </p>
    </aside>
  );
}
