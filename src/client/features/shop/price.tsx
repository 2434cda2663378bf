import { cn } from '@/client/lib/utils';
import { effectivePriceCents, formatEuros, type Priced, promoApplies } from '../../../domain/catalog/pricing';

/** The price as the spec's rule says: strike-through price and promo price only when the promo applies. */
export function Price({
  product,
  className,
  size = 'md',
}: {
  product: Priced;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const main = { sm: 'text-sm', md: 'text-lg', lg: 'text-3xl' }[size];
  const old = { sm: 'text-xs', md: 'text-sm', lg: 'text-lg' }[size];
  if (!promoApplies(product)) {
    return (
      <p className={cn('font-bold text-foreground', main, className)}>{formatEuros(product.priceCents)}</p>
    );
  }
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cn('font-bold text-destructive', main)}>
        <span className="sr-only">Prix promo : </span>
        {formatEuros(effectivePriceCents(product))}
      </span>
      <s className={cn('text-muted-foreground', old)}>
        <span className="sr-only">au lieu de </span>
        {formatEuros(product.priceCents)}
      </s>
    </p>
  );
}

export function PromoBadge({ product, className }: { product: Priced; className?: string }) {
  if (!promoApplies(product)) return null;
  const percent = Math.round((1 - effectivePriceCents(product) / product.priceCents) * 100);
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
