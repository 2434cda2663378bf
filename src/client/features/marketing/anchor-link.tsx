import type { ComponentProps, MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

let cancelPending: (() => void) | null = null;

/** Drops the pending correction of an earlier section scroll (another scroll now has the page). */
export function cancelSectionScroll() {
  cancelPending?.();
}

const userInput = ['wheel', 'touchstart', 'keydown'] as const;

/**
 * How a scroll the visitor asked for moves: smoothly, unless they prefer reduced motion. Given to
 * each such scroll rather than set on <html> for the whole page: the browser's own scroll to a
 * fresh load's #section was then smooth too, and on a phone the sections above, which render as
 * they come near, moved its target mid-way (it landed hundreds of pixels off).
 */
export function visitorScroll(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
}

/**
 * Scrolls a home section into view. Sections below the fold skip rendering until they come near
 * (content-visibility) and only estimate their height, so a long scroll can land a little off:
 * when it ends, the position is corrected once — unless another scroll or the visitor took over
 * meanwhile (a correction then would yank the page back to the old section).
 */
export function scrollToSection(target: HTMLElement) {
  cancelSectionScroll();
  target.scrollIntoView({ behavior: visitorScroll() });
  const stop = () => {
    window.removeEventListener('scrollend', settle);
    for (const type of userInput) window.removeEventListener(type, stop);
    clearTimeout(giveUp);
    if (cancelPending === stop) cancelPending = null;
  };
  const settle = () => {
    stop();
    const offset = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
    if (Math.abs(target.getBoundingClientRect().top - offset) > 4)
      target.scrollIntoView({ behavior: 'instant' });
  };
  // No scroll at all (already there) never fires scrollend: stop listening after a while.
  const giveUp = setTimeout(stop, 3000);
  window.addEventListener('scrollend', settle);
  for (const type of userInput) window.addEventListener(type, stop, { passive: true });
  cancelPending = stop;
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
