import { Link } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { SiteLayout } from '../features/marketing/layout';
import { NOT_FOUND_META, usePageMeta } from '../features/marketing/seo';

/** The 404, in the site's frame: the header's navigation is the quickest way back. */
export default function NotFound() {
  usePageMeta(NOT_FOUND_META);
  return (
    <SiteLayout>
      <div
        data-not-found=""
        className="flex min-h-[80vh] flex-col items-center justify-center gap-6 bg-muted px-6 pb-16 pt-28 text-center"
      >
        <p className="text-7xl font-extrabold tracking-tight text-primary">404</p>
        <h1 className="text-2xl font-semibold">Oups ! Page introuvable</h1>
        <p className="max-w-md text-muted-foreground">
          La page que vous cherchez n'existe pas ou a été déplacée.
        </p>
        <Button asChild size="lg">
          <Link to="/">Retour à l'accueil</Link>
        </Button>
      </div>
    </SiteLayout>
  );
}
