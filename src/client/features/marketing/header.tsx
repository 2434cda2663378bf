import { Menu, Phone, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSiteSettings } from '@/client/features/site/use-site-settings';
import { cn } from '@/client/lib/utils';
import { AnchorLink, cancelSectionScroll, visitorScroll } from './anchor-link';
import { LogoMark } from './art';
import { useScrolledPast } from './hooks';

/** Header nav (visitor-site.md §2): Boutique is a full page navigation to the shop. */
export const NAV_ITEMS = [
  { label: 'Services', section: 'services' },
  { label: "Zone d'intervention", section: 'zone' },
  { label: 'Boutique', href: '/boutique' },
  { label: 'À propos', section: 'apropos' },
  { label: 'Avis', section: 'avis' },
] as const;

export const SCROLLED_AFTER_PX = 50;

export function Header() {
  const { identity: site } = useSiteSettings();
  const scrolledPast = useScrolledPast(SCROLLED_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onHome = pathname === '/';
  // Only the home's hero is dark enough for a transparent header.
  const scrolled = scrolledPast || !onHome || menuOpen;

  const toggleRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu on every route change
  useEffect(() => setMenuOpen(false), [pathname]);

  // Escape closes the open menu and gives focus back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const toTop = () => {
    setMenuOpen(false);
    if (onHome) {
      history.replaceState(null, '', '/');
      cancelSectionScroll();
      window.scrollTo({ top: 0, behavior: visitorScroll() });
    } else navigate('/');
  };

  const linkClass = cn(
    'whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors lg:px-3',
    scrolled ? 'text-foreground hover:bg-muted hover:text-primary' : 'text-white hover:bg-white/10',
  );

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300',
        scrolled ? 'bg-white/95 shadow-md backdrop-blur' : 'bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 md:h-18">
        <button type="button" onClick={toTop} className="flex items-center gap-2.5 rounded-md text-left">
          <LogoMark size={38} />
          {/* The name comes from the visible words (screen-reader users hear what others read), then
              what the button does; between 768 and 1024 px the words are only hidden visually. */}
          <span className={cn('leading-tight md:max-lg:sr-only', scrolled ? 'text-primary' : 'text-white')}>
            <span className="block text-sm font-bold sm:text-base">Hygiène</span>{' '}
            <span className="block text-xs font-medium opacity-90">Anti-nuisibles 27</span>
          </span>
          <span className="sr-only">, retour en haut de la page d'accueil</span>
        </button>

        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.label}>
                {'href' in item ? (
                  <a href={item.href} className={linkClass}>
                    {item.label}
                  </a>
                ) : (
                  <AnchorLink section={item.section} className={linkClass}>
                    {item.label}
                  </AnchorLink>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <a
            href={site.phoneHref ?? undefined}
            className={cn(
              'hidden items-center gap-1.5 rounded-md px-2 py-2 text-sm font-semibold lg:flex',
              scrolled ? 'text-primary' : 'text-white',
            )}
          >
            <Phone className="size-4" aria-hidden="true" />
            {site.phone}
          </a>
          <AnchorLink
            section="contact"
            className="hidden h-10 items-center rounded-md bg-accent px-4 text-sm font-semibold text-accent-foreground shadow-sm hover:bg-accent/90 md:inline-flex"
          >
            Contact
          </AnchorLink>
          <button
            type="button"
            className={cn(
              'inline-flex size-11 items-center justify-center rounded-md md:hidden',
              scrolled ? 'text-primary hover:bg-muted' : 'text-white hover:bg-white/10',
            )}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Fermer le menu' : 'Ouvrir le menu'}
            ref={toggleRef}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>

      <nav
        id="mobile-menu"
        aria-label="Menu mobile"
        hidden={!menuOpen}
        className="border-t bg-white px-4 pb-5 pt-2 shadow-lg md:hidden"
      >
        <ul className="flex flex-col">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              {'href' in item ? (
                <a
                  href={item.href}
                  className="block rounded-md px-3 py-3 text-base font-medium hover:bg-muted"
                >
                  {item.label}
                </a>
              ) : (
                <AnchorLink
                  section={item.section}
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-md px-3 py-3 text-base font-medium hover:bg-muted"
                >
                  {item.label}
                </AnchorLink>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-3 grid gap-2">
          <AnchorLink
            section="contact"
            onClick={() => setMenuOpen(false)}
            className="flex h-12 items-center justify-center rounded-md bg-accent text-base font-semibold text-accent-foreground"
          >
            Contact
          </AnchorLink>
          <a
            href={site.phoneHref ?? undefined}
            className="flex h-12 items-center justify-center gap-2 rounded-md border text-base font-semibold text-primary"
          >
            <Phone className="size-4" aria-hidden="true" />
            {site.phone}
          </a>
        </div>
      </nav>
    </header>
  );
}
