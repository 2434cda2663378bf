import { cn } from '@/client/lib/utils';
import {
  effectivePriceCents,
  formatEuros,
  type Priced,
  promoApplies,
  struckPriceCents,
} from '../../../domain/catalog/pricing';

/**
 * The price as the spec's rule says: strike-through price and promo price only when the promo
 * applies. The struck price is the lowest price of the 30 days before the reduction (C. conso
 * L112-1-1), which the product page also states in words (`showReference`).
 */
export function Price({
  product,
  className,
  size = 'md',
  showReference = false,
}: {
  product: Priced;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
  showReference?: boolean;
}) {
  const main = { sm: 'text-sm', md: 'text-lg', lg: 'text-3xl' }[size];
  const old = { sm: 'text-xs', md: 'text-sm', lg: 'text-lg' }[size];
  if (!promoApplies(product)) {
    return (
      <p className={cn('font-bold text-foreground', main, className)}>{formatEuros(product.priceCents)}</p>
    );
  }
  const price = (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', !showReference && className)}>
      <span className={cn('font-bold text-destructive', main)}>
        <span className="sr-only">Prix promo : </span>
        {formatEuros(effectivePriceCents(product))}
      </span>
      <s className={cn('text-muted-foreground', old)}>
        <span className="sr-only">au lieu de </span>
        {formatEuros(struckPriceCents(product))}
      </s>
    </p>
  );
  if (!showReference) return price;
  return (
    <div className={className}>
      {price}
      <p className="text-sm text-muted-foreground">
        Prix le plus bas des 30 derniers jours : {formatEuros(struckPriceCents(product))}
      </p>
    </div>
  );
}

export function PromoBadge({ product, className }: { product: Priced; className?: string }) {
  if (!promoApplies(product)) return null;
  const percent = Math.round((1 - effectivePriceCents(product) / struckPriceCents(product)) * 100);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-destructive px-2.5 py-0.5 text-xs font-bold text-destructive-foreground',
        className,
      )}
    >
      Promo -{percent}%
    </span>
  );
}
