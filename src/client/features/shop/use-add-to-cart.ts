import { toast } from '@/client/components/ui/toast';
import { useCart } from '../cart/cart-context';
import type { CartProduct } from '../cart/cart-state';

/** Add-to-cart of the grid and the product page: one more in the cart, and a short notice. */
export function useAddToCart() {
  const cart = useCart();
  return (product: CartProduct) => {
    cart.addItem(product);
    toast({ title: 'Ajouté au panier', description: product.title, variant: 'success' });
  };
}
