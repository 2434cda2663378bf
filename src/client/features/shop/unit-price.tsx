import { cn } from '@/client/lib/utils';
import { formatUnitPrice, type Priced, unitPrice } from '../../../domain/catalog/pricing';

/** The price per litre or kilogram of a pre-packed product (C. conso L112-1): "12,45 € / l". */
export function UnitPrice({
  product,
  className,
}: {
  product: Priced & { netQuantity: number | null; netUnit: string | null };
  className?: string;
}) {
  const unit = unitPrice(product);
  if (!unit) return null;
  return <p className={cn('text-xs text-muted-foreground', className)}>{formatUnitPrice(unit)}</p>;
}
