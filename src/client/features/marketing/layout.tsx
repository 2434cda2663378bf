import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';

/** The frame of every marketing page: skip link, fixed header, content, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#contenu"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-primary focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Aller au contenu
      </a>
      <Header />
      <main id="contenu">{children}</main>
      <Footer />
    </>
  );
}
