import { trpc } from '@/client/lib/trpc';
import {
  type DeliveryChoice,
  formatEuros,
  formatShipping,
  type OrderAmounts,
  orderAmounts,
} from '@/domain/catalog/pricing';

/** The shop's identity and delivery rules (settings.shop), read fresh on each page load. */
export function useShop() {
  return trpc.settings.shop.useQuery(undefined, { staleTime: 30_000 });
}

/** The shop's low-stock threshold (« Stock limité »); undefined while it loads: the default. */
export const useLowStockThreshold = (): number | undefined => useShop().data?.lowStockThreshold;

/**
 * What an order of this subtotal costs with the shop's delivery rules: the same pure function the
 * server prices orders with. The cart has no method yet: delivery when offered, pickup otherwise.
 */
export function useOrderAmounts(subtotalCents: number, method?: DeliveryChoice): OrderAmounts | null {
  const shop = useShop();
  if (!shop.data) return null;
  const rules = shop.data.delivery;
  return orderAmounts(subtotalCents, method ?? (rules.shippingEnabled ? 'delivery' : 'pickup'), rules);
}

/** The totals block of the cart, checkout and confirmation: delivery 'Gratuite' when zero, "dont TVA". */
export function OrderTotals({
  amounts,
  subtotalCents,
  pickup,
  subtotalLabel = 'Sous-total',
  showSubtotal = true,
  totalTestId,
}: {
  /** null while the delivery rules load: the delivery line waits, the total shows the subtotal. */
  amounts: OrderAmounts | null;
  subtotalCents: number;
  pickup: boolean;
  subtotalLabel?: string;
  /** The cart drawer lists the lines just above: delivery and total are enough. */
  showSubtotal?: boolean;
  totalTestId?: string;
}) {
  return (
    <dl className="space-y-2 text-sm">
      {showSubtotal && (
        <div className="flex justify-between">
          <dt className="text-muted-foreground">{subtotalLabel}</dt>
          <dd className="tabular-nums">{formatEuros(subtotalCents)}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt className="text-muted-foreground">{pickup ? 'Retrait en boutique' : 'Livraison'}</dt>
        <dd
          className={amounts?.shippingCostCents ? 'tabular-nums' : 'font-medium text-success'}
          data-testid="shipping-cost"
        >
          {amounts ? formatShipping(amounts.shippingCostCents) : '…'}
        </dd>
      </div>
      <div className="flex justify-between border-t pt-3 text-base font-bold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid={totalTestId}>
          {formatEuros(amounts?.totalAmountCents ?? subtotalCents)}
        </dd>
      </div>
      {amounts && amounts.taxCents > 0 && (
        <div className="flex justify-between text-xs text-muted-foreground">
          <dt>dont TVA</dt>
          <dd className="tabular-nums">{formatEuros(amounts.taxCents)}</dd>
        </div>
      )}
    </dl>
  );
}
