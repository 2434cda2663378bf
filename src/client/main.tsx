import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadRoute } from './app';
import { Providers } from './providers';
import './styles.css';

const root = document.getElementById('root')!;
const tree = (
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <App />
      </Providers>
    </BrowserRouter>
  </StrictMode>
);

// Pre-rendered pages arrive with their HTML: hydrate them; the SPA shell starts empty.
if (root.firstElementChild) {
  await preloadRoute(location.pathname, root.querySelector('[data-not-found]') !== null);
  // As a transition, hydration is time-sliced: the long landing page never blocks input for long.
  startTransition(() => {
    hydrateRoot(root, tree, {
      // A mismatch makes React re-render the page in the browser: say so, it costs speed.
      onRecoverableError: (error, info) =>
        console.error('Hydration recovered from an error', error, info.componentStack ?? ''),
    });
  });
} else createRoot(root).render(tree);
