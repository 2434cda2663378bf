import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import {
  type CartItem,
  type CartProduct,
  type CartState,
  cartReducer,
  emptyCart,
  parseSavedCart,
} from './cart-state';

/** Browser storage key of the cart (visitor-site.md §9). */
export const CART_STORAGE_KEY = 'cart';

export interface CartContextValue extends CartState {
  addItem(product: CartProduct): void;
  removeItem(id: string): void;
  updateQuantity(id: string, quantity: number): void;
  clearCart(): void;
  /** The spec's `load`: replaces the items and recomputes the totals. */
  loadItems(items: CartItem[]): void;
  drawerOpen: boolean;
  setDrawerOpen(open: boolean): void;
}

const CartContext = createContext<CartContextValue | null>(null);

function readSavedCart(): CartItem[] {
  try {
    return parseSavedCart(localStorage.getItem(CART_STORAGE_KEY));
  } catch (e) {
    console.error('Error loading cart from localStorage:', e);
    return [];
  }
}

/**
 * Holds the cart for every page. Kept tiny (a reducer and two effects, no UI) because the marketing
 * pages load it too; the drawer and cart screens live in the shop's own chunks.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(cartReducer, emptyCart);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const loaded = useRef(false);

  // Declared before the load below, so that on mount it runs first and skips: the initial empty
  // state is never written over the saved cart.
  useEffect(() => {
    if (!loaded.current) return;
    try {
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(state.items));
    } catch (e) {
      console.error('Error saving cart to localStorage:', e);
    }
  }, [state.items]);

  // Loaded once after mount (not during render), so pre-rendered pages hydrate identically.
  useEffect(() => {
    const saved = readSavedCart();
    // Nothing saved: no state change, so pages without a cart do not re-render for it.
    if (saved.length > 0) dispatch({ type: 'load', items: saved });
    loaded.current = true;
    // Another tab changed the cart: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) dispatch({ type: 'load', items: readSavedCart() });
    };
    window.addEventListener('storage', onStorage);
    return () => {
      // StrictMode runs effects twice in development: the save above must skip again.
      loaded.current = false;
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  // Stable functions, so effects that depend on them run once.
  const actions = useMemo(
    () => ({
      addItem: (product: CartProduct) => dispatch({ type: 'add', product }),
      removeItem: (id: string) => dispatch({ type: 'remove', id }),
      updateQuantity: (id: string, quantity: number) => dispatch({ type: 'updateQuantity', id, quantity }),
      loadItems: (items: CartItem[]) => dispatch({ type: 'load', items }),
      clearCart: () => {
        // Written at once: a child's effect (the confirmation page) runs before the load above.
        try {
          localStorage.setItem(CART_STORAGE_KEY, '[]');
        } catch {
          // storage unavailable: the state below is still cleared
        }
        dispatch({ type: 'clear' });
      },
    }),
    [],
  );
  const value = useMemo<CartContextValue>(
    () => ({ ...state, ...actions, drawerOpen, setDrawerOpen }),
    [state, actions, drawerOpen],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart must be used within a CartProvider');
  return context;
}
