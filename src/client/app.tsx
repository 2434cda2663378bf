import { type ComponentType, Suspense, use, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from './components/ui/spinner';
import { loadSavedOrder } from './features/shop/last-order';

/**
 * React.lazy plus preload(): main.tsx loads the chunk of a pre-rendered page before hydrating, so
 * the page hydrates in one pass. (With React.lazy the route suspends during hydration, and the
 * first state update above it, such as the cart loading, makes React throw the server HTML away
 * and render again: a visible repaint and a later LCP.)
 */
function lazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then((module) => {
      Loaded = module.default;
    }));
  // Called once per route at module level, like React.lazy.
  function LazyRoute(props: P) {
    if (!Loaded) use(preload());
    const Page = Loaded!;
    return <Page {...props} />;
  }
  return Object.assign(LazyRoute, { preload });
}

/**
 * A page that reads the API: its chunk and lib/api-provider.tsx (tRPC, TanStack Query) load side
 * by side, and the page renders inside ApiProvider. Pages without it (the marketing ones) never
 * download those libraries (docs/decisions/017-js-budget.md).
 */
function lazyWithApi<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async (): Promise<{ default: ComponentType<P> }> => {
    const [{ ApiProvider }, { default: Page }] = await Promise.all([import('./lib/api-provider'), load()]);
    return {
      default: (props: P) => (
        <ApiProvider>
          <Page {...props} />
        </ApiProvider>
      ),
    };
  });
}

/*
 * Every route is its own chunk: a shopper never downloads the back-office, and the marketing pages
 * never download the shop. Each area owns its files under routes/ and features/.
 */
const Home = lazy(() => import('./routes/home'));
const Rubrique = lazy(() => import('./routes/rubrique'));
const Legal = lazy(() => import('./routes/legal'));
const Boutique = lazyWithApi(() => import('./routes/boutique'));
const Produit = lazyWithApi(() => import('./routes/produit'));
const Tarifs = lazyWithApi(() => import('./routes/tarifs'));
const Panier = lazyWithApi(() => import('./routes/panier'));
const Checkout = lazyWithApi(() => import('./routes/checkout'));
const Confirmation = lazyWithApi(() => import('./routes/confirmation'));
const Commande = lazyWithApi(() => import('./routes/commande'));
const Devis = lazyWithApi(() => import('./routes/devis'));
const RendezVous = lazyWithApi(() => import('./routes/rendez-vous'));
// The public verification of a sealed report (ADR 038): its own chunk, in no storefront route's JS.
const Verifier = lazyWithApi(() => import('./routes/verifier'));
// A yearly contract, a customer's signed site page and the inspector's folder (ADRs 044, 045).
const SiteLinks = lazyWithApi(() => import('./routes/site-links'));
const Auth = lazyWithApi(() => import('./routes/auth'));
const Compte = lazyWithApi(() => import('./routes/compte'));
const ResetPassword = lazyWithApi(() => import('./routes/reset-password'));
const Admin = lazyWithApi(() => import('./routes/admin'));
const NotFound = lazy(() => import('./routes/not-found'));

/**
 * /confirmation shows the order the checkout saved; without one it goes to /boutique, decided here
 * so that the confirmation page's code is not downloaded for nothing (docs/decisions/017-js-budget.md).
 * Read once: the page deletes the saved order right after showing it.
 */
function ConfirmationRoute() {
  const [order] = useState(loadSavedOrder);
  return order ? <Confirmation order={order} /> : <Navigate to="/boutique" replace />;
}

/**
 * Loads the chunk of the page at this path, for the pre-rendered and server-rendered ones (main.tsx,
 * before hydrating). `notFound`: the server answered its 404 page (it alone knows the route table,
 * domain/site/routes.ts; the table stays out of every page's entry code).
 */
export function preloadRoute(pathname: string, notFound: boolean): Promise<unknown> {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return Home.preload();
  if (path.startsWith('/rubriques/')) return Promise.all([Rubrique.preload(), NotFound.preload()]);
  if (['/mentions-legales', '/cgv', '/politique-confidentialite'].includes(path)) return Legal.preload();
  // Rendered by the server at request time (src/server/storefront/pages.ts).
  if (path === '/boutique') return Boutique.preload();
  if (path.startsWith('/produit/')) return Produit.preload();
  if (path === '/tarifs') return Tarifs.preload();
  if (notFound) {
    // An unknown /admin/… path is the back-office's 404: hydrate it with the chunk that renders it.
    return path.startsWith('/admin/')
      ? Promise.all([Admin.preload(), NotFound.preload()])
      : NotFound.preload();
  }
  return Promise.resolve();
}

/**
 * Every route change scrolls to the top; a link with a hash to another page scrolls to its anchor
 * instead. A hash change on the same page is left alone: AnchorLink scrolls to its section itself
 * (a second, uncancellable scroll here used to pull the page back after "retour en haut").
 */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new page moves the scroll
  useEffect(() => {
    // Instant: a new page must never show mid-page first.
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior: 'instant' });
        return;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

/**
 * Marks <html data-hydrated> once the page's first commit (hydration of a pre-rendered page) is
 * done: before it, a pre-rendered page shows but ignores clicks. The e2e tests wait for it.
 */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export function App() {
  return (
    <>
      <ScrollManager />
      <Suspense fallback={<Spinner className="min-h-[60vh]" />}>
        {/* Inside the boundary: its effect runs once the route's own content has committed. */}
        <HydrationMarker />
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/rubriques/:id" element={<Rubrique />} />
          <Route path="/mentions-legales" element={<Legal page="mentions-legales" />} />
          <Route path="/cgv" element={<Legal page="cgv" />} />
          <Route path="/politique-confidentialite" element={<Legal page="politique-confidentialite" />} />
          <Route path="/boutique" element={<Boutique />} />
          <Route path="/produit/:id" element={<Produit />} />
          <Route path="/tarifs" element={<Tarifs />} />
          <Route path="/panier" element={<Panier />} />
          <Route path="/checkout" element={<Checkout />} />
          <Route path="/confirmation" element={<ConfirmationRoute />} />
          <Route path="/commande/:token" element={<Commande />} />
          <Route path="/devis/:token" element={<Devis />} />
          <Route path="/rendez-vous/:token" element={<RendezVous />} />
          <Route path="/contrat/:token" element={<SiteLinks />} />
          <Route path="/verifier/:code?" element={<Verifier />} />
          <Route path="/dossier/:token" element={<SiteLinks />} />
          <Route path="/site/:token" element={<SiteLinks />} />
          <Route path="/auth" element={<Auth />} />
          <Route path="/compte" element={<Compte />} />
          <Route path="/reinitialiser-mot-de-passe" element={<ResetPassword />} />
          <Route path="/admin/*" element={<Admin />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </>
  );
}
