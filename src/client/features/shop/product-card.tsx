import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import type { RouterOutputs } from '@/client/lib/trpc';
import { useHydrated } from '@/client/lib/use-hydrated';
import { isOutOfStock } from '../../../domain/catalog/pricing';
import { BiocideNotice } from './biocide-notice';
import { useLowStockThreshold } from './order-totals';
import { Price, PromoBadge } from './price';
import { ProductImage } from './product-image';
import { StockBadge } from './stock-badge';
import { UnitPrice } from './unit-price';
import { useAddToCart } from './use-add-to-cart';

export type ShopProduct = RouterOutputs['catalog']['list'][number];

export function ProductCard({ product, priority }: { product: ShopProduct; priority?: boolean }) {
  const addToCart = useAddToCart();
  const hydrated = useHydrated();
  const lowStockThreshold = useLowStockThreshold();
  const out = isOutOfStock(product);
  const href = `/produit/${product.id}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-md">
      <Link to={href} className="relative block overflow-hidden" tabIndex={-1} aria-hidden="true">
        <ProductImage
          base={product.mainImage}
          alt=""
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="aspect-[4/3] w-full transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <PromoBadge product={product} className="absolute left-3 top-3 shadow" />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2">
          <span className="truncate text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {product.category}
          </span>
          <StockBadge product={product} lowStockThreshold={lowStockThreshold} />
        </div>
        <h2 className="text-base font-semibold leading-snug">
          <Link to={href} className="hover:text-primary hover:underline">
            {product.title}
          </Link>
        </h2>
        <p className="line-clamp-2 text-sm text-muted-foreground">{product.miniDescription}</p>
        {product.professionalOnly && (
          <p className="text-xs font-semibold text-foreground">Réservé aux professionnels (Certibiocide)</p>
        )}
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <div>
            <Price product={product} />
            <UnitPrice product={product} />
          </div>
          <Button
            size="sm"
            onClick={() => addToCart(product)}
            disabled={out || !hydrated}
            aria-label={`Ajouter ${product.title} au panier${out ? ' (rupture de stock)' : ''}`}
          >
            <ShoppingCart aria-hidden="true" />
            Ajouter
          </Button>
        </div>
        <BiocideNotice biocideType={product.biocideType} />
      </div>
    </article>
  );
}
