import { UserRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cn } from '@/client/lib/utils';
import { useSession } from './use-session';

/** The shop header's account icon: /compte when signed in, /auth otherwise (visitor-site.md §2). */
export function AccountLink({ className }: { className?: string }) {
  const { user } = useSession();
  const signedIn = Boolean(user);
  return (
    <Link
      to={signedIn ? '/compte' : '/auth'}
      aria-label={signedIn ? 'Mon compte' : 'Se connecter'}
      title={signedIn ? 'Mon compte' : 'Se connecter'}
      data-testid="account-link"
      className={cn(
        'relative inline-flex size-10 items-center justify-center rounded-md transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      <UserRound className="size-5" aria-hidden="true" />
      {signedIn ? (
        <span className="absolute right-2 top-2 size-2 rounded-full bg-success ring-2 ring-background" />
      ) : null}
    </Link>
  );
}
