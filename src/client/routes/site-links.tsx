import { lazy } from 'react';
import { useLocation } from 'react-router-dom';

/*
 * The pages of issue 38's links: a yearly contract (/contrat/{token}), a customer's site
 * (/site/{token}) and the inspector's folder (/dossier/{token}). One entry in the app shell's route
 * table for the three (the shell is in every storefront page's initial JS, ADR 017); each page
 * stays its own chunk.
 */
const Contrat = lazy(() => import('./contrat'));
const Dossier = lazy(() => import('./dossier'));
const Site = lazy(() => import('./site'));

export default function SiteLinkPage() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/dossier/')) return <Dossier />;
  if (pathname.startsWith('/site/')) return <Site />;
  return <Contrat />;
}
