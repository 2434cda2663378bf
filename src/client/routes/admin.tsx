import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../components/ui/button';

/** The back-office has no screens yet: an honest page instead of an empty one. */
export default function Admin() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-6">
      <div className="w-full max-w-md rounded-lg border bg-card p-8 text-center shadow-sm">
        <ShieldCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold">Espace d'administration</h1>
        <p className="mt-2 text-muted-foreground">
          Le back-office de la boutique est en cours de construction.
        </p>
        <Button asChild className="mt-6">
          <Link to="/boutique">
            <ArrowLeft aria-hidden="true" />
            Retour à la boutique
          </Link>
        </Button>
      </div>
    </main>
  );
}
