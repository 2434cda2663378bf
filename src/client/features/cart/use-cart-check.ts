import { useEffect } from 'react';
import { trpc } from '@/client/lib/trpc';
import { isOutOfStock } from '../../../domain/catalog/pricing';
import { useCart } from './cart-context';
import { type CartItem, quantityCap } from './cart-state';

export interface LineProblem {
  productId: string;
  message: string;
}

/**
 * Re-reads the products of the cart (one batched request) so /panier and /checkout show today's
 * prices and warn about a product that is gone or short before the shopper submits. The server
 * still decides everything when the order is placed; this only keeps the display honest.
 */
export function useCartCheck(): Map<string, string> {
  const cart = useCart();
  const results = trpc.useQueries((t) =>
    cart.items.map((item) => t.catalog.byId({ id: item.productId }, { retry: false, staleTime: 30_000 })),
  );

  // Prices, names and images follow the catalogue (through the spec's `load` action).
  const fresh = results.map((r) => r.data);
  const changed = cart.items.some((item, i) => {
    const p = fresh[i];
    return (
      p &&
      (p.priceCents !== item.priceCents ||
        p.promoPriceCents !== item.promoPriceCents ||
        p.isOnPromotion !== item.isOnPromotion ||
        p.biocideType !== (item.biocideType ?? null) ||
        p.referencePriceCents !== (item.referencePriceCents ?? null) ||
        p.professionalOnly !== (item.professionalOnly ?? false) ||
        p.title !== item.name ||
        p.mainImage !== item.image)
    );
  });
  useEffect(() => {
    if (!changed) return;
    const items: CartItem[] = cart.items.map((item, i) => {
      const p = fresh[i];
      return p
        ? {
            ...item,
            name: p.title,
            priceCents: p.priceCents,
            promoPriceCents: p.promoPriceCents,
            isOnPromotion: p.isOnPromotion,
            image: p.mainImage,
            biocideType: p.biocideType,
            referencePriceCents: p.referencePriceCents,
            professionalOnly: p.professionalOnly,
          }
        : item;
    });
    cart.loadItems(items);
  });

  const problems = new Map<string, string>();
  cart.items.forEach((item, i) => {
    const r = results[i];
    const p = r?.data;
    if (r?.error?.data?.code === 'NOT_FOUND' || (p && isOutOfStock(p))) {
      problems.set(item.productId, "Ce produit n'est plus disponible");
    } else if (p && !p.infiniteStock && p.stockQuantity < item.quantity) {
      problems.set(
        item.productId,
        `Stock insuffisant : ${p.stockQuantity} disponible${p.stockQuantity > 1 ? 's' : ''}`,
      );
    }
  });
  return problems;
}

/** Each cart product's quantity cap (quantityCap), from the same catalogue reads as useCartCheck. */
export function useCartCaps(): Map<string, number> {
  const cart = useCart();
  const results = trpc.useQueries((t) =>
    cart.items.map((item) => t.catalog.byId({ id: item.productId }, { retry: false, staleTime: 30_000 })),
  );
  return new Map(cart.items.map((item, i) => [item.productId, quantityCap(results[i]?.data)]));
}
