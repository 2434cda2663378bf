import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
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
if (root.firstElementChild) hydrateRoot(root, tree);
else createRoot(root).render(tree);
