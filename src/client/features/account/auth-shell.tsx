import { ArrowLeft, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';

/** The account pages' way back to the shop (its label shortened on phones). */
export function BackToShop() {
  return (
    <Button asChild variant="ghost" className="-ml-2 px-2 sm:px-4">
      <Link to="/boutique">
        <ArrowLeft aria-hidden="true" />
        <span className="sm:hidden">Boutique</span>
        <span className="hidden sm:inline">Retour à la boutique</span>
      </Link>
    </Button>
  );
}

/** Frame of the account forms: back-to-shop button, brand, and a centred card. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-gradient-to-b from-secondary via-background to-background">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <BackToShop />
        <Link to="/" className="hidden items-center gap-2 text-sm font-semibold text-primary sm:flex">
          <ShieldCheck className="size-5" aria-hidden="true" />
          Hygiène - Anti-nuisibles 27
        </Link>
      </header>
      <main className="mx-auto flex w-full max-w-md flex-col px-4 pb-16 pt-4 sm:pt-10">{children}</main>
    </div>
  );
}
