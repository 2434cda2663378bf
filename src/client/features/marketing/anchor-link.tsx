import type { ComponentProps, MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

/**
 * Scrolls a home section into view. Sections below the fold skip rendering until they come near
 * (content-visibility) and only estimate their height, so a long scroll can land a little off:
 * when it ends, the position is corrected once.
 */
export function scrollToSection(target: HTMLElement) {
  target.scrollIntoView();
  const settle = () => {
    window.removeEventListener('scrollend', settle);
    clearTimeout(giveUp);
    const offset = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
    if (Math.abs(target.getBoundingClientRect().top - offset) > 4)
      target.scrollIntoView({ behavior: 'instant' });
  };
  // No scroll at all (already there) never fires scrollend: stop listening after a while.
  const giveUp = setTimeout(() => window.removeEventListener('scrollend', settle), 3000);
  window.addEventListener('scrollend', settle);
}

/**
 * A link to a section of the home page (`/#id`). On the home itself it scrolls to the section even
 * when the hash is already the same, and moves keyboard focus there; elsewhere it navigates home.
 */
export function AnchorLink({
  section,
  onClick,
  ...props
}: { section: string } & Omit<ComponentProps<typeof Link>, 'to'>) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (pathname !== '/' || event.defaultPrevented || event.metaKey || event.ctrlKey) return;
    const target = document.getElementById(section);
    if (!target) return;
    event.preventDefault();
    navigate({ hash: `#${section}` }, { preventScrollReset: true });
    scrollToSection(target);
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
  return <Link to={`/#${section}`} onClick={handle} {...props} />;
}
