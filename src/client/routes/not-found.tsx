import { Link } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { NOT_FOUND_META, usePageMeta } from '../features/marketing/seo';

export default function NotFound() {
  usePageMeta(NOT_FOUND_META);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted px-6 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oups ! Page introuvable</h1>
      <p className="max-w-md text-muted-foreground">
        La page que vous cherchez n'existe pas ou a été déplacée.
      </p>
      <Button asChild size="lg">
        <Link to="/">Retour à l'accueil</Link>
      </Button>
    </main>
  );
}
