import { WifiOff } from 'lucide-react';
import { useLiveConnection } from '@/client/lib/live-client';

/**
 * The header's discreet notice while the live socket is lost: the screens still work over HTTP but
 * no longer follow changes until it is back (it reconnects by itself, then catches up).
 */
export function ConnectionNotice() {
  const lost = useLiveConnection() === 'lost';
  return (
    <span role="status" className="contents">
      {lost ? (
        <span
          className="inline-flex items-center gap-1.5 rounded-md bg-amber-100 px-2 py-1 text-xs font-medium text-amber-900"
          data-testid="connection-lost"
          title="Connexion perdue, reconnexion…"
        >
          <WifiOff className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="max-sm:sr-only">Connexion perdue, reconnexion…</span>
        </span>
      ) : null}
    </span>
  );
}
