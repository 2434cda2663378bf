import { ArrowLeft, Phone, ShieldCheck, ShoppingCart, UserRound } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { trpc } from '@/client/lib/trpc';
import { useHydrated } from '@/client/lib/use-hydrated';
import { isBackOffice } from '@/domain/account/roles';
import { useCart } from '../cart/cart-context';
import { useShop } from './order-totals';

// The drawer (Radix Dialog, ~9 KB gzip) is fetched when the shopper first reaches for the cart.
const loadDrawer = () => import('../cart/cart-drawer');
const CartDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CartDrawer })));

const iconButton =
  'relative inline-flex size-10 items-center justify-center rounded-md text-foreground transition-colors hover:bg-muted';

/**
 * The shop's header (visitor-site.md §2): back to the site, account icon (to /compte when signed
 * in, else /auth), cart icon with the item count, contact, and the admin link on wide screens:
 * the staff's way in, shown to visitors and the back-office's roles, never to a signed-in customer
 * (the back-office is not theirs). The link waits for the session: a page rendered without it (on
 * the server, or before `session.me` answers) cannot tell a customer from a visitor.
 */
export function ShopHeader() {
  const cart = useCart();
  const me = trpc.session.me.useQuery(undefined, { staleTime: 60_000 });
  const hydrated = useHydrated();
  const account = me.data ? 'Mon compte' : 'Se connecter';
  // Mounted from the first opening on, so that closing animates like opening.
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (cart.drawerOpen && !drawerMounted) setDrawerMounted(true);
  return (
    <>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <Link
            to="/"
            className="inline-flex h-10 items-center gap-2 rounded-md px-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Retour au site</span>
          </Link>
          <Link to="/boutique" className="flex min-w-0 items-center gap-2 font-bold text-primary">
            <span className="grid size-8 shrink-0 place-items-center rounded-md bg-primary text-xs text-primary-foreground">
              H27
            </span>
            <span className="truncate text-lg">Boutique</span>
          </Link>
          <nav className="ml-auto flex items-center gap-1" aria-label="Boutique">
            {me.isSuccess && (!me.data || isBackOffice(me.data.role)) && (
              <Link
                to="/admin/login"
                className="hidden h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground md:inline-flex"
              >
                <ShieldCheck className="size-4" aria-hidden="true" />
                Admin
              </Link>
            )}
            <Link
              to="/#contact"
              className="inline-flex h-10 items-center gap-2 rounded-md px-2 text-sm font-semibold text-primary hover:bg-muted sm:border sm:border-primary/30 sm:px-3"
            >
              <Phone className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Contact</span>
            </Link>
            <Link
              to={me.data ? '/compte' : '/auth'}
              className={iconButton}
              aria-label={account}
              title={account}
            >
              <UserRound className="size-5" aria-hidden="true" />
            </Link>
            <button
              type="button"
              className={iconButton}
              onClick={() => cart.setDrawerOpen(true)}
              disabled={!hydrated}
              onPointerEnter={loadDrawer}
              onFocus={loadDrawer}
              aria-label={`Ouvrir le panier (${cart.itemCount} article${cart.itemCount > 1 ? 's' : ''})`}
              data-testid="cart-button"
            >
              <ShoppingCart className="size-5" aria-hidden="true" />
              {cart.itemCount > 0 && (
                <span
                  className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-accent px-1 text-[11px] font-bold text-accent-foreground"
                  data-testid="cart-count"
                >
                  {cart.itemCount}
                </span>
              )}
            </button>
          </nav>
        </div>
      </header>
      {drawerMounted && (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      )}
    </>
  );
}

/** Header, page and a small footer shared by the shop's screens. */
export function ShopLayout({ children }: { children: ReactNode }) {
  const name = useShop().data?.name;
  return (
    <div className="flex min-h-screen flex-col bg-muted/30">
      <ShopHeader />
      <main className="flex-1">{children}</main>
      <footer className="border-t bg-background">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {name ?? 'Hygiène - Anti-nuisibles 27'} · Boutique ouverte le samedi</p>
          <nav className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Informations légales">
            <Link to="/cgv" className="hover:text-foreground">
              CGV
            </Link>
            <Link to="/mentions-legales" className="hover:text-foreground">
              Mentions légales
            </Link>
            <Link to="/politique-confidentialite" className="hover:text-foreground">
              Confidentialité
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
