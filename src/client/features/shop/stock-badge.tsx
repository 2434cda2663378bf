import { cn } from '@/client/lib/utils';
import { type Stocked, stockLabel } from '../../../domain/catalog/pricing';

const tone = {
  'En stock': 'bg-green-50 text-green-800 ring-green-700/20',
  'Stock limité': 'bg-amber-50 text-amber-900 ring-amber-600/30',
  'Rupture de stock': 'bg-red-50 text-red-800 ring-red-700/20',
} as const;

/**
 * 'En stock' / 'Stock limité' / 'Rupture de stock' by the spec's thresholds (domain stockLabel),
 * « Stock limité » at or under the shop's low-stock threshold (useLowStockThreshold).
 */
export function StockBadge({
  product,
  lowStockThreshold,
  className,
}: {
  product: Stocked;
  lowStockThreshold?: number | undefined;
  className?: string;
}) {
  const label = stockLabel(product, lowStockThreshold);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tone[label],
        className,
      )}
    >
      <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
      {label}
    </span>
  );
}
