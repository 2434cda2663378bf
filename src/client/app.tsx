import { type ComponentType, Suspense, use, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { isKnownRoute } from '../domain/site/routes';
import { Spinner } from './components/ui/spinner';

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

/*
 * Every route is its own chunk: a shopper never downloads the back-office, and the marketing pages
 * never download the shop. Each area owns its files under routes/ and features/.
 */
const Home = lazy(() => import('./routes/home'));
const Rubrique = lazy(() => import('./routes/rubrique'));
const Legal = lazy(() => import('./routes/legal'));
const Boutique = lazy(() => import('./routes/boutique'));
const Produit = lazy(() => import('./routes/produit'));
const Panier = lazy(() => import('./routes/panier'));
const Checkout = lazy(() => import('./routes/checkout'));
const Confirmation = lazy(() => import('./routes/confirmation'));
const Auth = lazy(() => import('./routes/auth'));
const Compte = lazy(() => import('./routes/compte'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Admin = lazy(() => import('./routes/admin'));
const NotFound = lazy(() => import('./routes/not-found'));

/** Loads the chunk of the page at this path, for the pre-rendered ones (main.tsx, before hydrating). */
export function preloadRoute(pathname: string): Promise<unknown> {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return Home.preload();
  if (path.startsWith('/rubriques/')) return Promise.all([Rubrique.preload(), NotFound.preload()]);
  if (['/mentions-legales', '/cgv', '/politique-confidentialite'].includes(path)) return Legal.preload();
  if (!isKnownRoute(path)) return NotFound.preload();
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
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function App() {
  return (
    <>
      <ScrollManager />
      <Suspense fallback={<Spinner className="min-h-[60vh]" />}>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/rubriques/:id" element={<Rubrique />} />
          <Route path="/mentions-legales" element={<Legal page="mentions-legales" />} />
          <Route path="/cgv" element={<Legal page="cgv" />} />
          <Route path="/politique-confidentialite" element={<Legal page="politique-confidentialite" />} />
          <Route path="/boutique" element={<Boutique />} />
          <Route path="/produit/:id" element={<Produit />} />
          <Route path="/panier" element={<Panier />} />
          <Route path="/checkout" element={<Checkout />} />
          <Route path="/confirmation" element={<Confirmation />} />
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
