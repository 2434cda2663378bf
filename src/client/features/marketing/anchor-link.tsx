import type { ComponentProps, MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

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
    target.scrollIntoView();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
  return <Link to={`/#${section}`} onClick={handle} {...props} />;
}
